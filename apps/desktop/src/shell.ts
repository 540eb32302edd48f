// The desktop app's logic, written against a small interface over Electron (ElectronShell in main.ts implements it),
// so it is type-checked and unit-tested without the Electron binary, which these machines cannot download.
import { DESKTOP_SCHEME, type DesktopCommand, type DesktopSettings } from "@tidings/shared"

export interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export interface SavedState {
  bounds?: Bounds
  maximized?: boolean
  /** The server this app reads from (settable by TIDINGS_SERVER_URL, else kept from the last run). */
  serverUrl?: string
}

/** One item of the application menu, as data (main.ts turns it into Electron's MenuItemConstructorOptions). */
export interface MenuSpec {
  label?: string
  role?: string
  accelerator?: string
  command?: DesktopCommand
  type?: "separator"
  submenu?: MenuSpec[]
}

export interface AppWindow {
  loadURL(url: string): void
  send(command: DesktopCommand): void
  setTitle(title: string): void
  getBounds(): Bounds
  isMaximized(): boolean
  maximize(): void
  show(): void
  focus(): void
  restore(): void
  isMinimized(): boolean
}

export interface Shell {
  readonly platform: NodeJS.Platform
  /** Work areas of the connected displays. */
  displays(): Bounds[]
  createWindow(bounds: Bounds): AppWindow
  /** Dock (macOS) or taskbar / launcher badge; 0 clears it. */
  setBadgeCount(count: number): void
  /** The tray icon's tooltip (and, on macOS, the text beside it). */
  setTray(tooltip: string, title: string): void
  setOpenAtLogin(open: boolean): void
  setMenu(menu: MenuSpec[]): void
  openExternal(url: string): void
  readState(): SavedState
  writeState(state: SavedState): void
}

export const DEFAULT_SERVER_URL = "http://localhost:3000"
export const DEFAULT_SIZE = { width: 1280, height: 800 }
/** Smallest window that still lays the reader out (the web client's desktop layout starts at 1024 px). */
export const MIN_SIZE = { width: 1024, height: 640 }

/** The server URL to load: http or https only, without a trailing slash; anything else falls back to the default. */
export function serverUrlFrom(...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    if (!candidate) continue
    try {
      const url = new URL(candidate)
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin + url.pathname.replace(/\/+$/, "")
    } catch {
      // not a URL: try the next one
    }
  }
  return DEFAULT_SERVER_URL
}

/**
 * The app path a tidings:// link asks for, or null for anything else. tidings://login?provider=github is the social
 * sign-in coming back (spec: /login is the desktop app's callback); tidings://open/<path> opens a page of the app.
 */
export function deepLinkPath(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== `${DESKTOP_SCHEME}:`) return null
  // tidings://login?… parses with "login" as the host; tidings:/login?… as the path.
  const where = (url.host || url.pathname.replace(/^\/+/, "").split("/")[0]) ?? ""
  if (where === "login") return `/login${url.search}`
  if (where === "open") {
    const rest = url.host ? url.pathname : url.pathname.replace(/^\/+open/, "")
    // Only paths of the app itself: no scheme, no host, no way out of the origin.
    return /^\/[^/\\]/.test(rest) || rest === "/" ? `${rest}${url.search}` : null
  }
  return null
}

/** A link deep links arrive in: the argument list of a second instance (Windows, Linux). */
export function deepLinkIn(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.startsWith(`${DESKTOP_SCHEME}://`) || arg.startsWith(`${DESKTOP_SCHEME}:/`))
}

/** Pages of the server open in the window; every other address opens in the user's browser. */
export function opensInWindow(url: string, serverUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(serverUrl).origin
  } catch {
    return false
  }
}

/** The window's bounds from the last run when they still fit a connected display, else centred on the first. */
export function restoreBounds(saved: Bounds | undefined, displays: Bounds[]): Bounds {
  const primary = displays[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE }
  const fits = (area: Bounds, b: Bounds) => {
    // At least a title bar's worth of the window on the display, so it can be grabbed and moved.
    const overlapX = Math.min(area.x + area.width, b.x + b.width) - Math.max(area.x, b.x)
    const overlapY = Math.min(area.y + area.height, b.y + b.height) - Math.max(area.y, b.y)
    return overlapX >= 100 && overlapY >= 40 && b.y >= area.y
  }
  if (saved && saved.width >= MIN_SIZE.width && saved.height >= MIN_SIZE.height && displays.some((d) => fits(d, saved)))
    return saved
  const width = Math.min(DEFAULT_SIZE.width, primary.width)
  const height = Math.min(DEFAULT_SIZE.height, primary.height)
  return {
    x: primary.x + Math.round((primary.width - width) / 2),
    y: primary.y + Math.round((primary.height - height) / 2),
    width,
    height,
  }
}

/** The application menu: the spec's desktop shortcuts (mod+comma settings, mod+T discover, mod+N quick add). */
export function applicationMenu(platform: NodeJS.Platform): MenuSpec[] {
  const app: MenuSpec = {
    label: "Tidings",
    submenu: [
      { label: "Settings…", accelerator: "CmdOrCtrl+,", command: { type: "navigate", path: "/settings" } },
      { label: "Discover", accelerator: "CmdOrCtrl+T", command: { type: "navigate", path: "/discover" } },
      { label: "Quick add…", accelerator: "CmdOrCtrl+N", command: { type: "quick-add" } },
      { type: "separator" },
      { role: platform === "darwin" ? "hide" : "minimize" },
      { role: "quit" },
    ],
  }
  return [app, { role: "editMenu" }, { role: "viewMenu" }, { role: "windowMenu" }]
}

/** Badge and tray for the unread count; the badge only while showDockBadge is on. */
export function unreadIndicators(count: number, settings: DesktopSettings) {
  const n = Math.max(0, Math.floor(count))
  return {
    badge: settings.showDockBadge ? n : 0,
    tooltip: n ? `Tidings — ${n} unread` : "Tidings",
    title: n ? (n > 999 ? "999+" : String(n)) : "",
    windowTitle: n ? `Tidings (${n})` : "Tidings",
  }
}

export const DEFAULT_SETTINGS: DesktopSettings = { showDockBadge: true, appLaunchOnStartup: false }

/** The running app: one window on the user's server, the menu, tray, badge, start at login and deep links. */
export class Desktop {
  private window: AppWindow | undefined
  private settings: DesktopSettings = DEFAULT_SETTINGS
  private unread = 0
  readonly serverUrl: string

  constructor(
    private readonly shell: Shell,
    env: { TIDINGS_SERVER_URL?: string } = {},
  ) {
    this.serverUrl = serverUrlFrom(env.TIDINGS_SERVER_URL, shell.readState().serverUrl)
  }

  /** Opens the window (or a deep link's page in it when the app was started by one). */
  start(startLink?: string): void {
    const state = this.shell.readState()
    this.shell.writeState({ ...state, serverUrl: this.serverUrl })
    this.shell.setMenu(applicationMenu(this.shell.platform))
    this.window = this.shell.createWindow(restoreBounds(state.bounds, this.shell.displays()))
    if (state.maximized) this.window.maximize()
    const path = startLink ? deepLinkPath(startLink) : null
    this.window.loadURL(`${this.serverUrl}${path ?? "/"}`)
    this.window.show()
    this.refreshIndicators()
  }

  /** Kept for the next start. */
  saveWindow(): void {
    if (!this.window) return
    const state = this.shell.readState()
    const maximized = this.window.isMaximized()
    // A maximised window's bounds are the screen's: keep the last normal ones.
    this.shell.writeState({ ...state, maximized, bounds: maximized ? state.bounds : this.window.getBounds() })
  }

  /** A tidings:// link from the OS (macOS open-url, or a second instance's arguments). */
  openLink(link: string): boolean {
    const path = deepLinkPath(link)
    if (!path || !this.window) return false
    if (this.window.isMinimized()) this.window.restore()
    this.window.focus()
    this.window.send({ type: "navigate", path })
    return true
  }

  /** A menu item was chosen. */
  run(command: DesktopCommand): void {
    this.window?.send(command)
  }

  /** Where a navigation or window.open of the page goes: true when the window may follow it. */
  follow(url: string): boolean {
    if (opensInWindow(url, this.serverUrl)) return true
    if (/^(https?|mailto):/i.test(url)) this.shell.openExternal(url)
    return false
  }

  setUnreadCount(count: number): void {
    if (!Number.isFinite(count)) return
    this.unread = count
    this.refreshIndicators()
  }

  setSettings(settings: Partial<DesktopSettings>): void {
    const next = {
      showDockBadge: typeof settings.showDockBadge === "boolean" ? settings.showDockBadge : this.settings.showDockBadge,
      appLaunchOnStartup:
        typeof settings.appLaunchOnStartup === "boolean"
          ? settings.appLaunchOnStartup
          : this.settings.appLaunchOnStartup,
    }
    if (next.appLaunchOnStartup !== this.settings.appLaunchOnStartup) this.shell.setOpenAtLogin(next.appLaunchOnStartup)
    this.settings = next
    this.refreshIndicators()
  }

  private refreshIndicators(): void {
    const shown = unreadIndicators(this.unread, this.settings)
    this.shell.setBadgeCount(shown.badge)
    this.shell.setTray(shown.tooltip, shown.title)
    this.window?.setTitle(shown.windowTitle)
  }
}
