// The contract between the desktop shell (apps/desktop: Electron's main process and its preload) and the web client
// it loads from the user's server. The preload exposes exactly this object as `window.tidingsDesktop` (context
// isolation on: the page never reaches Node or Electron), and nothing else.

/** The name of the global the preload defines. */
export const DESKTOP_GLOBAL = "tidingsDesktop"

/** The URL scheme the desktop app registers: tidings://login?provider=github comes back from a social sign-in. */
export const DESKTOP_SCHEME = "tidings"

/** What the menu accelerators and deep links ask of the page. */
export type DesktopCommand =
  /** An app path (/settings, /discover, /login?provider=…), opened by the client's router. */
  | { type: "navigate"; path: string }
  /** mod+N: the quick-add dialog (ignored by the page while the reader is typing). */
  | { type: "quick-add" }

/** The client settings the shell acts on (spec: general appLaunchOnStartup, ui showDockBadge). */
export interface DesktopSettings {
  showDockBadge: boolean
  appLaunchOnStartup: boolean
}

export interface DesktopBridge {
  readonly platform: "desktop"
  /** Total unread entries, for the tray, the dock or taskbar badge and the window title. */
  setUnreadCount(count: number): void
  setSettings(settings: DesktopSettings): void
  /** Listens for commands from the shell; returns the function that stops listening. */
  onCommand(listener: (command: DesktopCommand) => void): () => void
}

/** IPC channel names, shared by the preload and the main process. */
export const DESKTOP_CHANNELS = {
  unreadCount: "tidings:unread-count",
  settings: "tidings:settings",
  command: "tidings:command",
} as const
