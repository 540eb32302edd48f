// The preload: runs with context isolation and exposes only the DesktopBridge (packages/shared/src/desktop.ts) to the
// page as window.tidingsDesktop. The page gets no ipcRenderer, no Node and no Electron object.
import { DESKTOP_CHANNELS, DESKTOP_GLOBAL, type DesktopBridge, type DesktopCommand } from "@tidings/shared"
import { contextBridge, type IpcRendererEvent, ipcRenderer } from "electron"

const bridge: DesktopBridge = {
  platform: "desktop",
  setUnreadCount: (count) => ipcRenderer.send(DESKTOP_CHANNELS.unreadCount, Number(count)),
  setSettings: (settings) =>
    ipcRenderer.send(DESKTOP_CHANNELS.settings, {
      showDockBadge: Boolean(settings.showDockBadge),
      appLaunchOnStartup: Boolean(settings.appLaunchOnStartup),
    }),
  onCommand: (listener) => {
    // Only the main process sends on this channel (main.ts), always a DesktopCommand.
    const forward = (_event: IpcRendererEvent, command: unknown) => listener(command as DesktopCommand)
    ipcRenderer.on(DESKTOP_CHANNELS.command, forward)
    return () => void ipcRenderer.off(DESKTOP_CHANNELS.command, forward)
  },
}

contextBridge.exposeInMainWorld(DESKTOP_GLOBAL, bridge)
