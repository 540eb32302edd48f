// The fields each kind needs and what a valid value is: checked inline on the settings page, and an integration
// with a missing or wrong field is not offered in the entry menu.
import type { CustomIntegration, IntegrationKind, IntegrationSettings } from "./integration-settings.ts"
import { parseHeaderLines } from "./template.ts"

export type FieldKind = "text" | "secret" | "url" | "digits"
type TextKey = {
  [K in keyof IntegrationSettings]: IntegrationSettings[K] extends string ? K : never
}[keyof IntegrationSettings]

export interface FieldSpec {
  key: TextKey
  kind: FieldKind
}

export const KIND_FIELDS: Record<IntegrationKind, FieldSpec[]> = {
  eagle: [],
  readwise: [{ key: "readwiseToken", kind: "secret" }],
  instapaper: [
    { key: "instapaperUsername", kind: "text" },
    { key: "instapaperPassword", kind: "secret" },
  ],
  obsidian: [{ key: "obsidianVaultPath", kind: "text" }],
  outline: [
    { key: "outlineEndpoint", kind: "url" },
    { key: "outlineToken", kind: "secret" },
    { key: "outlineCollection", kind: "text" },
  ],
  readeck: [
    { key: "readeckEndpoint", kind: "url" },
    { key: "readeckToken", kind: "secret" },
  ],
  cubox: [{ key: "cuboxToken", kind: "url" }],
  zotero: [
    { key: "zoteroUserID", kind: "digits" },
    { key: "zoteroToken", kind: "secret" },
  ],
  qbittorrent: [
    { key: "qbittorrentHost", kind: "url" },
    { key: "qbittorrentUsername", kind: "text" },
    { key: "qbittorrentPassword", kind: "secret" },
  ],
}

export type FieldError = "required" | "url" | "digits"

export const isHttpUrl = (value: string) =>
  URL.canParse(value.trim()) && /^https?:$/.test(new URL(value.trim()).protocol)

export function fieldError(kind: FieldKind, value: string): FieldError | undefined {
  if (!value.trim()) return "required"
  if (kind === "url" && !isHttpUrl(value)) return "url"
  if (kind === "digits" && !/^\d+$/.test(value.trim())) return "digits"
  return undefined
}

export function isKindReady(kind: IntegrationKind, settings: IntegrationSettings): boolean {
  return KIND_FIELDS[kind].every((field) => !fieldError(field.kind, settings[field.key]))
}

export type CustomError = "name" | "url" | "headers"

/** What is wrong with a custom integration; its URL is checked with every placeholder standing for a value. */
export function customErrors(custom: CustomIntegration): CustomError[] {
  const errors: CustomError[] = []
  if (!custom.name.trim()) errors.push("name")
  if (!isHttpUrl(custom.url.replace(/\{\{\s*\w+\s*\}\}/g, "x"))) errors.push("url")
  if (parseHeaderLines(custom.headers).bad.length) errors.push("headers")
  return errors
}
