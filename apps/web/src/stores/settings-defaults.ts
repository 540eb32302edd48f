// Defaults of the synced settings groups (spec client §3): general, UI (the server's "appearance") and AI. A key the
// user never set reads as its default here, and a group from the server is laid over these.

import { LANGUAGE_STORAGE_KEY } from "../i18n/languages.ts"

export const defaultGeneralSettings = {
  appLaunchOnStartup: false,
  language: "en",
  translation: false,
  translationMode: "bilingual" as "bilingual" | "translation-only",
  summary: true,
  actionLanguage: "default",
  startupScreen: "timeline" as "timeline" | "subscription",
  sendAnonymousData: true,
  showQuickTimeline: true,
  dedupeAcrossFeeds: true,
  autoGroup: true,
  hideAllReadSubscriptions: false,
  hidePrivateSubscriptionsInTimeline: false,
  unreadOnly: true,
  scrollMarkUnread: true,
  hoverMarkUnread: true,
  renderMarkUnread: false,
  groupByDate: true,
  autoExpandLongSocialMedia: false,
  dimRead: false,
  jumpOutLinkWarn: true,
  voice: "en-US-AndrewMultilingualNeural",
  enhancedSettings: false,
  openLinksInExternalApp: false,
  /** The user's own keys for commands of the shortcut table (command id → key definitions); synced like the rest. */
  keyBindings: {} as Partial<Record<string, string[]>>,
}

/** The languages Discover searches (Folo's set): everything, English or Chinese. */
export type DiscoverLanguage = "all" | "eng" | "cmn"

/** Spec: discoverLanguage is "all" for Chinese locales, otherwise "eng". */
export function defaultDiscoverLanguage(locale: string | undefined): DiscoverLanguage {
  return locale?.toLowerCase().startsWith("zh") ? "all" : "eng"
}

/** The interface language this browser starts in (the stored choice, else the browser's), for locale defaults. */
function startingLocale(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? navigator.language
  } catch {
    return undefined
  }
}

export const defaultUiSettings = {
  accentColor: "orange",
  entryColWidth: 356,
  aiColWidth: 384,
  feedColWidth: 256,
  hideExtraBadge: false,
  opaqueSidebar: false,
  sidebarShowUnreadCount: true,
  thumbnailRatio: "square" as "square" | "original",
  uiTextSize: 16,
  showDockBadge: true,
  modalOverlay: true,
  modalDraggable: true,
  reduceMotion: false,
  usePointerCursor: false,
  uiFontFamily: "system-ui",
  readerFontFamily: "inherit",
  contentFontSize: 16,
  dateFormat: "default",
  contentLineHeight: 1.75,
  readerRenderInlineStyle: true,
  codeHighlightThemeLight: "github-light",
  codeHighlightThemeDark: "github-dark",
  guessCodeLanguage: true,
  hideRecentReader: false,
  customCSS: "",
  pictureViewMasonry: true,
  wideMode: false,
  /** Under 1024 px: unread counts on the views and subscription rows of the sidebar drawer. */
  showUnreadCountViewAndSubscriptionMobile: true,
  /** Under 1024 px: the unread badges of the bottom view tab bar. */
  showUnreadCountBadgeMobile: true,
  discoverLanguage: defaultDiscoverLanguage(startingLocale()),
  /** The entry toolbar: buttons shown, then the rest under "more" (spec: toolbarOrder with a main and a more list). */
  toolbarOrder: {
    main: ["read", "star", "aiSummary", "readability", "sourceContent", "share"] as EntryActionId[],
    more: [
      "copyLink",
      "copyTitle",
      "openInBrowser",
      "openFeed",
      "zenMode",
      "wideMode",
      "textLarger",
      "textSmaller",
    ] as EntryActionId[],
  },
}

export type EntryActionId =
  | "read"
  | "star"
  | "aiSummary"
  | "readability"
  | "sourceContent"
  | "share"
  | "copyLink"
  | "copyTitle"
  | "openInBrowser"
  | "openFeed"
  | "zenMode"
  | "wideMode"
  | "textLarger"
  | "textSmaller"

export type GeneralSettings = typeof defaultGeneralSettings
export type UiSettings = typeof defaultUiSettings

/** The AI group (spec client §3): the fields only; AI itself arrives with its own issue. */
export const defaultAiSettings = {
  personalizePrompt: "",
  shortcuts: [] as { name: string; prompt: string }[],
  mcpEnabled: false,
  mcpServices: [] as { name: string; baseURL: string }[],
  autoScrollWhenStreaming: true,
  panelStyle: "fixed" as "fixed" | "floating",
  /** The AI timeline's sorting prompt (not in the spec's list; Tidings' own): empty, no AI sort. */
  timelineSortPrompt: "",
}

export type AiSettings = typeof defaultAiSettings
