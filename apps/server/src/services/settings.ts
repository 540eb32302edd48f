// Synced settings (client spec §3-4): tabs general, appearance (the client's "ui"), integration and ai, each a JSON
// object the client patches with its changed fields. Known keys are type-checked; unknown keys are kept as sent.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { listSettings, mergeSettings, type SettingsTab } from "../storage/settings.ts"

export const SETTINGS_TABS: readonly SettingsTab[] = ["general", "appearance", "integration", "ai"]
/** The client syncs its "ui" group as appearance. */
const TAB_ALIASES: Record<string, SettingsTab> = { ui: "appearance" }
/** A tab's stored JSON (and one PATCH body) may be at most this many bytes: far above what the client's settings
 * take (a few KiB, customCSS being the largest), small enough that a user cannot turn settings into file storage. */
export const SETTINGS_TAB_MAX_BYTES = 64 * 1024

type ValueType = "boolean" | "string" | "number" | "array" | "object"

/** Value types of the keys the spec lists with defaults (client §3); the settings screens send these types. */
// biome-ignore format: a few keys per line reads better than one key per line
const KNOWN_KEYS: Record<SettingsTab, Partial<Record<ValueType, string[]>>> = {
  general: {
    boolean: [
      "appLaunchOnStartup", "translation", "summary", "sendAnonymousData", "showQuickTimeline", "autoGroup",
      "hideAllReadSubscriptions", "hidePrivateSubscriptionsInTimeline", "unreadOnly", "scrollMarkUnread",
      "hoverMarkUnread", "renderMarkUnread", "groupByDate", "autoExpandLongSocialMedia", "dimRead", "jumpOutLinkWarn",
      "enhancedSettings", "openLinksInExternalApp", "dedupeAcrossFeeds",
    ],
    string: ["language", "translationMode", "actionLanguage", "startupScreen", "voice"],
  },
  appearance: {
    boolean: [
      "hideExtraBadge", "opaqueSidebar", "sidebarShowUnreadCount", "showDockBadge", "modalOverlay", "modalDraggable",
      "reduceMotion", "usePointerCursor", "readerRenderInlineStyle", "guessCodeLanguage", "hideRecentReader",
      "pictureViewMasonry", "wideMode", "showUnreadCountViewAndSubscriptionMobile", "showUnreadCountBadgeMobile",
    ],
    number: ["entryColWidth", "aiColWidth", "feedColWidth", "uiTextSize", "contentFontSize", "contentLineHeight"],
    string: [
      "accentColor", "thumbnailRatio", "uiFontFamily", "readerFontFamily", "dateFormat", "codeHighlightThemeLight",
      "codeHighlightThemeDark", "customCSS", "discoverLanguage",
    ],
    object: ["toolbarOrder"],
  },
  integration: { boolean: ["saveSummaryAsDescription", "useBrowserFetch"] },
  ai: {
    boolean: ["mcpEnabled", "autoScrollWhenStreaming"],
    string: ["personalizePrompt", "panelStyle", "timelineSortPrompt"],
    array: ["shortcuts", "mcpServices"],
  },
}

const expectedType = new Map(
  SETTINGS_TABS.map((tab) => [
    tab,
    new Map(Object.entries(KNOWN_KEYS[tab]).flatMap(([type, keys]) => (keys ?? []).map((k) => [k, type as ValueType]))),
  ]),
)

/** A tab name from the path or query, aliases resolved; 7001 for anything else. */
export function settingsTab(name: string): SettingsTab {
  const tab = TAB_ALIASES[name] ?? (SETTINGS_TABS as readonly string[]).find((t) => t === name)
  if (!tab) throw new AppError(ErrorCode.SettingInvalidTab, { reason: `Unknown settings tab "${name}"` })
  return tab as SettingsTab
}

export async function getSettings(deps: Deps, userId: string, tabNames?: string[]) {
  const tabs = tabNames?.length ? [...new Set(tabNames.map(settingsTab))] : undefined
  const rows = await listSettings(deps.db, userId, tabs)
  const out = { settings: {} as Record<string, Record<string, unknown>>, updated: {} as Record<string, string> }
  for (const row of rows) {
    out.settings[row.tab] = row.payload
    out.updated[row.tab] = row.updatedAt.toISOString()
  }
  return out
}

/** Merges the changed fields into the tab: new keys added, given keys replaced, null removes a key. */
export async function patchSettings(deps: Deps, userId: string, tabName: string, body: string): Promise<void> {
  const tab = settingsTab(tabName)
  if (Buffer.byteLength(body) > SETTINGS_TAB_MAX_BYTES) throw tooLarge()
  const patch = parsePatch(tab, body)
  const entries = Object.entries(patch)
  if (!entries.length) return
  const set = Object.fromEntries(entries.filter(([, v]) => v !== null))
  const remove = entries.filter(([, v]) => v === null).map(([k]) => k)
  const at = deps.now()
  const saved = await mergeSettings(deps.db, { userId, tab, set, remove, at, maxBytes: SETTINGS_TAB_MAX_BYTES })
  if (!saved) throw tooLarge()
}

function parsePatch(tab: SettingsTab, body: string): Record<string, unknown> {
  let value: unknown
  try {
    value = body.trim() ? JSON.parse(body) : {}
  } catch {
    throw invalid("The body is not valid JSON")
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw invalid("The body must be a JSON object")
  // The SDK sends the tab in the path; a copy of it in the body is not a setting.
  const { tab: _tab, ...patch } = value as Record<string, unknown>
  const types = expectedType.get(tab)!
  for (const [key, v] of Object.entries(patch)) {
    const want = types.get(key)
    if (want && v !== null && typeOf(v) !== want) throw invalid(`${tab}.${key} must be a ${want}`)
  }
  return patch
}

function typeOf(value: unknown): ValueType | "other" {
  if (Array.isArray(value)) return "array"
  if (typeof value === "number") return Number.isFinite(value) ? "number" : "other"
  if (typeof value === "boolean" || typeof value === "string") return typeof value as ValueType
  return value && typeof value === "object" ? "object" : "other"
}

const invalid = (reason: string) => new AppError(ErrorCode.SettingPayloadInvalid, { reason })
const tooLarge = () =>
  new AppError(ErrorCode.SettingPayloadTooLarge, {
    reason: `A settings tab may hold at most ${SETTINGS_TAB_MAX_BYTES / 1024} KiB of JSON`,
  })
