// Feed text values: whether they are HTML, and how they become titles, plain-text descriptions and HTML.
import { createHash } from "node:crypto"
import { htmlToText } from "./sanitize.ts"

/** A text value from the feed with what we know about it: is it markup, and which base do its URLs use. */
export interface RichText {
  value: string
  html: boolean
  base: string
  /** Markup that came from XML (Atom xhtml): end tags are spelled out when it is serialised. */
  xml?: boolean
}

const HTML_TYPES = new Set(["html", "xhtml", "text/html", "application/xhtml+xml", "application/xhtml"])

const XHTML_TYPES = new Set(["xhtml", "application/xhtml+xml", "application/xhtml"])

export function isXhtmlType(type: string | null | undefined): boolean {
  return type ? XHTML_TYPES.has(type.trim().toLowerCase()) : false
}

/** Atom text-construct types (1.0 names and 0.3 MIME types); absent means text. */
export function isHtmlType(type: string | null | undefined): boolean {
  return type ? HTML_TYPES.has(type.trim().toLowerCase()) : false
}

export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, " ").trim()
}

/** Escapes plain text so it can stand wherever HTML is expected. */
export function textToHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}

export function plainText(t: RichText | null): string | null {
  if (!t) return null
  const text = t.html ? htmlToText(t.value) : collapseWhitespace(t.value)
  return text || null
}

export const DESCRIPTION_MAX = 500

/** Cuts a description at a word boundary near the limit. */
export function trimDescription(text: string | null, max = DESCRIPTION_MAX): string | null {
  if (!text) return null
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(" ")
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Stable identity for entries without guid or link. */
export function stableHash(...parts: (string | null | undefined)[]): string {
  return createHash("sha1")
    .update(parts.map((p) => p ?? "").join("\u0000"))
    .digest("hex")
}

export function rich(value: string | null | undefined, html: boolean, base: string): RichText | null {
  return value?.trim() ? { value, html, base } : null
}

const EMAIL = String.raw`[^\s@()<>:]+@[^\s@()<>]+\.[^\s@()<>]+`
const EMAIL_THEN_NAME = new RegExp(`^${EMAIL}\\s*\\((.+)\\)$`)
const NAME_THEN_EMAIL = new RegExp(`^(.+?)\\s*[(<]${EMAIL}[)>]$`)

/**
 * The display name in RSS-style person strings: "me@example.com (Me)", "Me (me@example.com)", "Me <me@…>".
 * Only a bare address counts as the e-mail part; anything else (a mailto: URI, a role) is kept verbatim.
 */
export function personName(raw: string | null | undefined): string | null {
  const v = raw?.trim()
  if (!v) return null
  // the patterns backtrack on long input; real person strings are short
  if (v.length > 200) return v
  return (EMAIL_THEN_NAME.exec(v)?.[1] ?? NAME_THEN_EMAIL.exec(v)?.[1] ?? v).trim()
}
