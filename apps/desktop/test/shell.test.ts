// The desktop app's logic against a recording stand-in for Electron (the binary cannot be downloaded here): the
// window on the user's server, saved bounds, the spec's menu shortcuts, deep links from a social sign-in, links that
// leave the server, the unread badge and tray, and start at login.
import type { DesktopCommand } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import {
  type AppWindow,
  applicationMenu,
  type Bounds,
  DEFAULT_SERVER_URL,
  Desktop,
  deepLinkIn,
  deepLinkPath,
  type MenuSpec,
  restoreBounds,
  type SavedState,
  type Shell,
  serverUrlFrom,
} from "../src/shell.ts"

const SCREEN: Bounds = { x: 0, y: 0, width: 1920, height: 1050 }

function standIn(state: SavedState = {}, displays: Bounds[] = [SCREEN]) {
  const calls = {
    loaded: [] as string[],
    sent: [] as DesktopCommand[],
    titles: [] as string[],
    badges: [] as number[],
    trays: [] as [string, string][],
    login: [] as boolean[],
    external: [] as string[],
    menu: [] as MenuSpec[],
    created: [] as Bounds[],
    maximized: false,
  }
  let saved = state
  let bounds: Bounds = { x: 0, y: 0, width: 0, height: 0 }
  const window: AppWindow = {
    loadURL: (url) => calls.loaded.push(url),
    send: (command) => calls.sent.push(command),
    setTitle: (title) => calls.titles.push(title),
    getBounds: () => bounds,
    isMaximized: () => calls.maximized,
    maximize: () => {
      calls.maximized = true
    },
    show: () => {},
    focus: () => {},
    restore: () => {},
    isMinimized: () => false,
  }
  const shell: Shell = {
    platform: "linux",
    displays: () => displays,
    createWindow: (b) => {
      calls.created.push(b)
      bounds = b
      return window
    },
    setBadgeCount: (n) => calls.badges.push(n),
    setTray: (tooltip, title) => calls.trays.push([tooltip, title]),
    setOpenAtLogin: (open) => calls.login.push(open),
    setMenu: (menu) => {
      calls.menu = menu
    },
    openExternal: (url) => calls.external.push(url),
    readState: () => saved,
    writeState: (next) => {
      saved = next
    },
  }
  return { shell, calls, saved: () => saved, moveTo: (b: Bounds) => (bounds = b) }
}

describe("the desktop shell", () => {
  it("opens one window on the configured server, the environment's address first, and keeps it for next time", () => {
    const { shell, calls, saved } = standIn({ serverUrl: "https://reader.example.net/" })
    const desktop = new Desktop(shell, { TIDINGS_SERVER_URL: "http://192.168.1.20:3000/" })
    desktop.start()
    expect(calls.loaded).toEqual(["http://192.168.1.20:3000/"])
    expect(saved().serverUrl).toBe("http://192.168.1.20:3000")
    expect(new Desktop(standIn({ serverUrl: "https://reader.example.net/" }).shell).serverUrl).toBe(
      "https://reader.example.net",
    )
    // Anything but http(s) is not a server.
    expect(serverUrlFrom("file:///etc/passwd", "javascript:alert(1)", undefined)).toBe(DEFAULT_SERVER_URL)
  })

  it("puts the window back where it was when that still fits a display, else centres it", () => {
    const kept = { x: 100, y: 80, width: 1400, height: 900 }
    expect(restoreBounds(kept, [SCREEN])).toEqual(kept)
    // The display it was on is gone: centred on the one that is left.
    const offScreen = { x: 2500, y: 80, width: 1400, height: 900 }
    expect(restoreBounds(offScreen, [SCREEN])).toEqual({ x: 320, y: 125, width: 1280, height: 800 })
    // Smaller than the reader's desktop layout, or above the top edge: not kept.
    expect(restoreBounds({ x: 0, y: 0, width: 600, height: 900 }, [SCREEN]).width).toBe(1280)
    expect(restoreBounds({ x: 0, y: -500, width: 1400, height: 900 }, [SCREEN]).y).toBe(125)
    // A small screen gets a window that fits it.
    expect(restoreBounds(undefined, [{ x: 0, y: 0, width: 1024, height: 700 }])).toEqual({
      x: 0,
      y: 0,
      width: 1024,
      height: 700,
    })

    const { shell, saved, moveTo, calls } = standIn()
    const desktop = new Desktop(shell)
    desktop.start()
    moveTo(kept)
    desktop.saveWindow()
    expect(saved().bounds).toEqual(kept)
    // Maximised: remembered as such, with the last normal bounds kept for the way back.
    calls.maximized = true
    moveTo(SCREEN)
    desktop.saveWindow()
    expect(saved()).toMatchObject({ maximized: true, bounds: kept })
    const again = standIn(saved())
    new Desktop(again.shell).start()
    expect(again.calls.created).toEqual([kept])
    expect(again.calls.maximized).toBe(true)
  })

  it("gives the menu the spec's shortcuts and sends the page what they ask for", () => {
    const { shell, calls } = standIn()
    const desktop = new Desktop(shell)
    desktop.start()
    const items = calls.menu.flatMap((item) => item.submenu ?? [])
    const byKey = Object.fromEntries(items.filter((i) => i.accelerator).map((i) => [i.accelerator, i.command]))
    expect(byKey).toEqual({
      "CmdOrCtrl+,": { type: "navigate", path: "/settings" },
      "CmdOrCtrl+T": { type: "navigate", path: "/discover" },
      "CmdOrCtrl+N": { type: "quick-add" },
    })
    desktop.run(byKey["CmdOrCtrl+N"]!)
    expect(calls.sent).toEqual([{ type: "quick-add" }])
    expect(applicationMenu("darwin")[0]?.submenu?.some((i) => i.role === "hide")).toBe(true)
  })

  it("follows a social sign-in back to /login with its provider, and opens app pages from links", () => {
    expect(deepLinkPath("tidings://login?provider=github&code=abc")).toBe("/login?provider=github&code=abc")
    expect(deepLinkPath("tidings:/login?provider=google")).toBe("/login?provider=google")
    expect(deepLinkPath("tidings://open/timeline/view-0/all")).toBe("/timeline/view-0/all")
    // Nothing that leaves the app's own paths, and no other scheme.
    expect(deepLinkPath("tidings://open//evil.example.com/x")).toBeNull()
    expect(deepLinkPath("tidings://elsewhere/x")).toBeNull()
    expect(deepLinkPath("https://example.com/login")).toBeNull()
    expect(deepLinkPath("not a url")).toBeNull()
    expect(deepLinkIn(["/usr/bin/tidings", "--flag", "tidings://login?provider=github"])).toBe(
      "tidings://login?provider=github",
    )

    const { shell, calls } = standIn()
    const desktop = new Desktop(shell, { TIDINGS_SERVER_URL: "http://127.0.0.1:3000" })
    // Started by the link: the window opens on that page.
    desktop.start("tidings://login?provider=github")
    expect(calls.loaded).toEqual(["http://127.0.0.1:3000/login?provider=github"])
    // While running: the page is told to go there.
    expect(desktop.openLink("tidings://login?provider=google")).toBe(true)
    expect(calls.sent).toEqual([{ type: "navigate", path: "/login?provider=google" }])
    expect(desktop.openLink("tidings://unknown")).toBe(false)
  })

  it("keeps the window on the server and opens other sites in the browser", () => {
    const { shell, calls } = standIn()
    const desktop = new Desktop(shell, { TIDINGS_SERVER_URL: "https://reader.example.net" })
    desktop.start()
    expect(desktop.follow("https://reader.example.net/timeline/view-0/all")).toBe(true)
    expect(desktop.follow("https://blog.example.org/post")).toBe(false)
    expect(desktop.follow("file:///etc/passwd")).toBe(false)
    expect(calls.external).toEqual(["https://blog.example.org/post"])
  })

  it("shows the unread count on the badge (while showDockBadge is on), the tray and the title, and starts at login when asked", () => {
    const { shell, calls } = standIn()
    const desktop = new Desktop(shell)
    desktop.start()
    desktop.setUnreadCount(42)
    expect(calls.badges.at(-1)).toBe(42)
    expect(calls.trays.at(-1)).toEqual(["Tidings — 42 unread", "42"])
    expect(calls.titles.at(-1)).toBe("Tidings (42)")
    desktop.setSettings({ showDockBadge: false })
    expect(calls.badges.at(-1)).toBe(0)
    expect(calls.trays.at(-1)).toEqual(["Tidings — 42 unread", "42"])
    desktop.setUnreadCount(0)
    expect(calls.titles.at(-1)).toBe("Tidings")
    // The login item changes only when the setting does (the default is off).
    desktop.setSettings({ appLaunchOnStartup: false })
    expect(calls.login).toEqual([])
    desktop.setSettings({ appLaunchOnStartup: true })
    desktop.setSettings({ appLaunchOnStartup: true, showDockBadge: true })
    expect(calls.login).toEqual([true])
    // What the page sends is not trusted to be well formed.
    desktop.setUnreadCount(Number.NaN)
    desktop.setSettings({ showDockBadge: "yes" as unknown as boolean })
    expect(calls.badges.at(-1)).toBe(0)
  })
})

describe("the bundles", () => {
  it("builds the main process and a preload that requires nothing but electron (a sandboxed preload can't)", async () => {
    // @ts-expect-error: build.mjs is plain JavaScript without declarations
    const { bundleDesktop } = await import("../build.mjs")
    const { main, preload } = await bundleDesktop("/tmp/tidings-desktop-test", false)
    const preloadText: string = preload.outputFiles[0].text
    const required = [...preloadText.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])
    expect(new Set(required)).toEqual(new Set(["electron"]))
    expect(preloadText).toContain("tidingsDesktop")
    expect(main.outputFiles[0].text).toContain('from "electron"')
  })
})
