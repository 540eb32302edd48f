// The integration group (spec client §3): which services "Save to …" sends entries to, with their credentials. A
// local group: kept in this browser's storage under the product-prefixed key and never synced, so tokens and
// passwords stay on the device that was given them.
import { LOCAL_KEY_PREFIX, type RelayMethod } from "@tidings/shared"
import { create } from "zustand"
import { createJSONStorage, persist } from "zustand/middleware"

export const INTEGRATION_STORAGE_KEY = `${LOCAL_KEY_PREFIX}integration`

export const INTEGRATION_KINDS = [
  "eagle",
  "readwise",
  "instapaper",
  "obsidian",
  "outline",
  "readeck",
  "cubox",
  "zotero",
  "qbittorrent",
] as const
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number]

export interface CustomIntegration {
  id: string
  name: string
  /** An emoji or a short text shown before the name; optional. */
  icon: string
  enabled: boolean
  method: RelayMethod
  /** With {{placeholders}}, URL-encoded where they land. */
  url: string
  /** One "Name: value" per line, placeholders filled as they are. */
  headers: string
  /** Placeholders JSON-escaped when the content type is JSON, form-encoded for a form, as they are otherwise. */
  body: string
}

export interface IntegrationSettings {
  enableEagle: boolean
  enableReadwise: boolean
  readwiseToken: string
  enableInstapaper: boolean
  instapaperUsername: string
  instapaperPassword: string
  enableObsidian: boolean
  obsidianVaultPath: string
  enableOutline: boolean
  outlineEndpoint: string
  outlineToken: string
  outlineCollection: string
  enableReadeck: boolean
  readeckEndpoint: string
  readeckToken: string
  enableCubox: boolean
  /** Cubox gives each user an API URL with the token inside it. */
  cuboxToken: string
  cuboxAutoMemo: boolean
  enableZotero: boolean
  zoteroUserID: string
  zoteroToken: string
  enableQBittorrent: boolean
  qbittorrentHost: string
  qbittorrentUsername: string
  qbittorrentPassword: string
  saveSummaryAsDescription: boolean
  useBrowserFetch: boolean
  customIntegrations: CustomIntegration[]
}

export const defaultIntegrationSettings: IntegrationSettings = {
  enableEagle: false,
  enableReadwise: false,
  readwiseToken: "",
  enableInstapaper: false,
  instapaperUsername: "",
  instapaperPassword: "",
  enableObsidian: false,
  obsidianVaultPath: "",
  enableOutline: false,
  outlineEndpoint: "",
  outlineToken: "",
  outlineCollection: "",
  enableReadeck: false,
  readeckEndpoint: "",
  readeckToken: "",
  enableCubox: false,
  cuboxToken: "",
  cuboxAutoMemo: false,
  enableZotero: false,
  zoteroUserID: "",
  zoteroToken: "",
  enableQBittorrent: false,
  qbittorrentHost: "",
  qbittorrentUsername: "",
  qbittorrentPassword: "",
  saveSummaryAsDescription: false,
  useBrowserFetch: true,
  customIntegrations: [],
}

/** The switch of each kind (the settings page and the entry menu read them by kind). */
export const ENABLE_KEY: Record<IntegrationKind, keyof IntegrationSettings> = {
  eagle: "enableEagle",
  readwise: "enableReadwise",
  instapaper: "enableInstapaper",
  obsidian: "enableObsidian",
  outline: "enableOutline",
  readeck: "enableReadeck",
  cubox: "enableCubox",
  zotero: "enableZotero",
  qbittorrent: "enableQBittorrent",
}

interface IntegrationState extends IntegrationSettings {
  set: (patch: Partial<IntegrationSettings>) => void
}

export const useIntegrationStore = create<IntegrationState>()(
  persist((set) => ({ ...defaultIntegrationSettings, set: (patch) => set(patch) }), {
    name: INTEGRATION_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ set: _set, ...settings }) => settings,
    // A setting added since the save gets its default.
    merge: (saved, current) => ({ ...current, ...(saved as Partial<IntegrationSettings>) }),
  }),
)

export function newCustomIntegration(id: string): CustomIntegration {
  return {
    id,
    name: "",
    icon: "",
    enabled: true,
    method: "POST",
    url: "",
    headers: "Content-Type: application/json",
    body: '{"url": "{{url}}", "title": "{{title}}"}',
  }
}
