// Electron's main process: the real Shell over Electron's API, one instance, the tidings:// scheme, and the IPC the
// preload forwards. Everything it decides is in shell.ts.
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { DESKTOP_CHANNELS, DESKTOP_SCHEME, type DesktopCommand, type DesktopSettings } from "@tidings/shared"
import {
  app,
  BrowserWindow,
  shell as electronShell,
  ipcMain,
  Menu,
  type MenuItemConstructorOptions,
  nativeImage,
  screen,
  Tray,
} from "electron"
import {
  type AppWindow,
  type Bounds,
  Desktop,
  deepLinkIn,
  type MenuSpec,
  MIN_SIZE,
  type SavedState,
  type Shell,
} from "./shell.ts"

const here = path.dirname(fileURLToPath(import.meta.url))
const stateFile = () => path.join(app.getPath("userData"), "window-state.json")

function toElectronMenu(items: MenuSpec[], desktop: () => Desktop | undefined): MenuItemConstructorOptions[] {
  return items.map((item) => {
    if (item.type === "separator") return { type: "separator" }
    const command = item.command
    return {
      label: item.label,
      role: item.role as MenuItemConstructorOptions["role"],
      accelerator: item.accelerator,
      click: command ? () => desktop()?.run(command) : undefined,
      submenu: item.submenu ? toElectronMenu(item.submenu, desktop) : undefined,
    }
  })
}

class ElectronShell implements Shell {
  readonly platform = process.platform
  private tray: Tray | undefined
  private current: Desktop | undefined

  attach(desktop: Desktop) {
    this.current = desktop
  }

  displays(): Bounds[] {
    return screen.getAllDisplays().map((display) => display.workArea)
  }

  createWindow(bounds: Bounds): AppWindow {
    const window = new BrowserWindow({
      ...bounds,
      minWidth: MIN_SIZE.width,
      minHeight: MIN_SIZE.height,
      show: false,
      title: "Tidings",
      webPreferences: {
        preload: path.join(here, "preload.cjs"),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        spellcheck: true,
      },
    })
    // Links to other sites open in the browser; the window stays on the user's server.
    window.webContents.setWindowOpenHandler(({ url }) => {
      this.current?.follow(url)
      return { action: "deny" }
    })
    window.webContents.on("will-navigate", (event, url) => {
      if (!this.current?.follow(url)) event.preventDefault()
    })
    window.on("close", () => this.current?.saveWindow())
    return {
      loadURL: (url) => void window.loadURL(url),
      send: (command: DesktopCommand) => window.webContents.send(DESKTOP_CHANNELS.command, command),
      setTitle: (title) => window.setTitle(title),
      getBounds: () => window.getNormalBounds(),
      isMaximized: () => window.isMaximized(),
      maximize: () => window.maximize(),
      show: () => window.show(),
      focus: () => window.focus(),
      restore: () => window.restore(),
      isMinimized: () => window.isMinimized(),
    }
  }

  setBadgeCount(count: number): void {
    app.setBadgeCount(count)
  }

  setTray(tooltip: string, title: string): void {
    if (!this.tray) {
      // The web app's icon, at tray size.
      const icon = nativeImage.createFromPath(path.join(here, "../assets/icon.png")).resize({ width: 18, height: 18 })
      this.tray = new Tray(icon)
      this.tray.on("click", () => BrowserWindow.getAllWindows()[0]?.show())
    }
    this.tray.setToolTip(tooltip)
    if (process.platform === "darwin") this.tray.setTitle(title)
  }

  setOpenAtLogin(open: boolean): void {
    app.setLoginItemSettings({ openAtLogin: open })
  }

  setMenu(menu: MenuSpec[]): void {
    Menu.setApplicationMenu(Menu.buildFromTemplate(toElectronMenu(menu, () => this.current)))
  }

  openExternal(url: string): void {
    void electronShell.openExternal(url)
  }

  readState(): SavedState {
    try {
      return JSON.parse(readFileSync(stateFile(), "utf8")) as SavedState
    } catch {
      return {}
    }
  }

  writeState(state: SavedState): void {
    writeFileSync(stateFile(), JSON.stringify(state))
  }
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  const electronShellImpl = new ElectronShell()
  let desktop: Desktop | undefined
  let pendingLink = deepLinkIn(process.argv)
  app.setAsDefaultProtocolClient(DESKTOP_SCHEME)
  // macOS hands deep links to the running app; before it is ready they wait for the window.
  app.on("open-url", (event, url) => {
    event.preventDefault()
    if (!desktop?.openLink(url)) pendingLink = url
  })
  // Windows and Linux start a second instance with the link in its arguments: this one takes it.
  app.on("second-instance", (_event, argv) => {
    const link = deepLinkIn(argv)
    if (link) desktop?.openLink(link)
  })
  ipcMain.on(DESKTOP_CHANNELS.unreadCount, (_event, count: unknown) => {
    if (typeof count === "number") desktop?.setUnreadCount(count)
  })
  ipcMain.on(DESKTOP_CHANNELS.settings, (_event, settings: unknown) => {
    // Desktop.setSettings takes only booleans from it.
    if (settings && typeof settings === "object") desktop?.setSettings(settings as Partial<DesktopSettings>)
  })
  void app.whenReady().then(() => {
    desktop = new Desktop(electronShellImpl, process.env)
    electronShellImpl.attach(desktop)
    desktop.start(pendingLink)
    pendingLink = undefined
  })
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit()
  })
}
