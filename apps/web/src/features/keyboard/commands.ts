// The shortcut table: each command, its default keys, the focus areas (spec client §2) where it applies and its
// label. Rebinding later only has to replace `keys`; matching lives in hotkeys.ts.

/** The focus areas the spec names (client §2); the DOM marks them with data-focus-scope (focus-scope.ts). */
export type FocusScope =
  | "home"
  | "menu"
  | "modal"
  | "dropdown-menu"
  | "recording"
  | "video-player"
  | "timeline"
  | "entry-render"
  | "subscription-list"
  | "sub-layer"
  | "ai-chat"

export type CommandId =
  | "entry.next"
  | "entry.previous"
  | "subscription.previous"
  | "subscription.next"
  | "view.next"
  | "view.previous"
  | "entry.toggle-read"
  | "entry.toggle-star"
  | "entry.open-in-browser"
  | "entry.open-feed"
  | "timeline.refresh"
  | "timeline.unread-only"
  | "timeline.mark-all-read"
  | "layout.toggle-sidebar"
  | "global.search"
  | "global.toggle-play"
  | "global.toasts"
  | "global.shortcuts"
  | "global.settings"
  | "global.discover"
  | "global.quick-add"
  | "global.toggle-ai"

export interface CommandDefinition {
  id: CommandId
  keys: string[]
  scopes: readonly FocusScope[]
  group: "timeline" | "entry" | "global" | "layout"
  /** Handled elsewhere (the toaster's own Alt+T); listed so the dialog shows every shortcut. */
  external?: boolean
}

/** Where the reading keys apply. A menu, a modal, a key being recorded or the video player keep their keys. */
const READING: readonly FocusScope[] = ["home", "timeline", "entry-render", "subscription-list"]
/**
 * Space and Tab keep their own meaning while reading an article or inside a control (see use-app-hotkeys); so do
 * ↑/↓ in the article, which scroll it (focus-scope.ts keyScrollsArticle).
 */
const LISTS: readonly FocusScope[] = ["home", "timeline", "subscription-list"]

export const commands: CommandDefinition[] = [
  { id: "entry.next", keys: ["j", "down"], scopes: READING, group: "timeline" },
  { id: "entry.previous", keys: ["k", "up"], scopes: READING, group: "timeline" },
  { id: "subscription.previous", keys: ["h"], scopes: READING, group: "timeline" },
  { id: "subscription.next", keys: ["l"], scopes: READING, group: "timeline" },
  { id: "view.next", keys: ["tab"], scopes: ["home"], group: "timeline" },
  { id: "view.previous", keys: ["shift+tab"], scopes: ["home"], group: "timeline" },
  { id: "timeline.refresh", keys: ["r"], scopes: READING, group: "timeline" },
  { id: "timeline.unread-only", keys: ["u"], scopes: READING, group: "timeline" },
  { id: "timeline.mark-all-read", keys: ["shift+mod+a"], scopes: READING, group: "timeline" },
  { id: "entry.toggle-read", keys: ["m"], scopes: READING, group: "entry" },
  { id: "entry.toggle-star", keys: ["s"], scopes: READING, group: "entry" },
  { id: "entry.open-in-browser", keys: ["b"], scopes: READING, group: "entry" },
  { id: "entry.open-feed", keys: ["o"], scopes: READING, group: "entry" },
  { id: "global.toggle-play", keys: ["space"], scopes: LISTS, group: "entry" },
  { id: "layout.toggle-sidebar", keys: ["mod+b"], scopes: READING, group: "layout" },
  { id: "global.search", keys: ["mod+k"], scopes: READING, group: "global" },
  { id: "global.shortcuts", keys: ["?"], scopes: READING, group: "global" },
  { id: "global.toasts", keys: ["alt+t"], scopes: READING, group: "global", external: true },
  { id: "global.settings", keys: ["mod+comma"], scopes: READING, group: "global" },
  { id: "global.discover", keys: ["mod+t"], scopes: READING, group: "global" },
  { id: "global.quick-add", keys: ["mod+n"], scopes: READING, group: "global" },
  { id: "global.toggle-ai", keys: ["mod+i"], scopes: [...READING, "ai-chat"], group: "global" },
]

/** The event the audio/video players listen to for Space (the views helper's player). */
export const TOGGLE_PLAY_EVENT = "tidings:toggle-play"
