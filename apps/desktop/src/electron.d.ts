// The part of Electron's API the desktop app uses, declared here: the electron package cannot be a dependency, since
// its install script downloads the binary from GitHub, which these machines (and CI) cannot reach, and a failed
// install fails `npm install` as a whole. main.ts and preload.ts were type-checked once against Electron 41.7.1's own
// declarations (installed without its binary); where the app is built with electron installed (docs/desktop.md),
// delete this file and use those.
declare module "electron" {
  interface Rectangle {
    x: number
    y: number
    width: number
    height: number
  }

  interface Event {
    preventDefault(): void
  }

  interface WebContents {
    send(channel: string, ...args: unknown[]): void
    setWindowOpenHandler(handler: (details: { url: string }) => { action: "allow" | "deny" }): void
    on(event: "will-navigate", listener: (event: Event, url: string) => void): this
  }

  interface BrowserWindowConstructorOptions extends Partial<Rectangle> {
    minWidth?: number
    minHeight?: number
    show?: boolean
    title?: string
    webPreferences?: {
      preload?: string
      contextIsolation?: boolean
      sandbox?: boolean
      nodeIntegration?: boolean
      spellcheck?: boolean
    }
  }

  class BrowserWindow {
    constructor(options?: BrowserWindowConstructorOptions)
    static getAllWindows(): BrowserWindow[]
    readonly webContents: WebContents
    loadURL(url: string): Promise<void>
    setTitle(title: string): void
    getNormalBounds(): Rectangle
    isMaximized(): boolean
    maximize(): void
    show(): void
    focus(): void
    restore(): void
    isMinimized(): boolean
    on(event: "close", listener: () => void): this
  }

  interface MenuItemConstructorOptions {
    label?: string
    role?: "hide" | "minimize" | "quit" | "editMenu" | "viewMenu" | "windowMenu"
    accelerator?: string
    type?: "normal" | "separator" | "submenu"
    click?: () => void
    submenu?: MenuItemConstructorOptions[]
  }

  interface Menu {
    readonly items: unknown[]
  }
  const Menu: {
    buildFromTemplate(template: MenuItemConstructorOptions[]): Menu
    setApplicationMenu(menu: Menu | null): void
  }

  interface NativeImage {
    resize(options: { width?: number; height?: number }): NativeImage
  }

  const nativeImage: { createFromPath(path: string): NativeImage }

  class Tray {
    constructor(image: NativeImage | string)
    setToolTip(toolTip: string): void
    setTitle(title: string): void
    on(event: "click", listener: () => void): this
  }

  interface App {
    requestSingleInstanceLock(): boolean
    quit(): void
    setAsDefaultProtocolClient(protocol: string): boolean
    whenReady(): Promise<void>
    getPath(name: "userData"): string
    setBadgeCount(count?: number): boolean
    setLoginItemSettings(settings: { openAtLogin?: boolean }): void
    on(event: "open-url", listener: (event: Event, url: string) => void): this
    on(event: "second-instance", listener: (event: Event, argv: string[]) => void): this
    on(event: "window-all-closed", listener: () => void): this
  }

  const app: App
  const screen: { getAllDisplays(): { workArea: Rectangle }[] }
  const shell: { openExternal(url: string): Promise<void> }

  interface IpcMainEvent extends Event {}
  const ipcMain: { on(channel: string, listener: (event: IpcMainEvent, ...args: unknown[]) => void): void }

  interface IpcRendererEvent extends Event {}
  const ipcRenderer: {
    send(channel: string, ...args: unknown[]): void
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): void
    off(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): void
  }

  const contextBridge: { exposeInMainWorld(apiKey: string, api: unknown): void }
}
