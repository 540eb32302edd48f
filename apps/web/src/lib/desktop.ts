// The desktop app's bridge (packages/shared/src/desktop.ts), present only when the page runs inside it.
import { DESKTOP_GLOBAL, type DesktopBridge } from "@tidings/shared"

export function desktopBridge(): DesktopBridge | undefined {
  const bridge = (globalThis as Record<string, unknown>)[DESKTOP_GLOBAL] as DesktopBridge | undefined
  return bridge?.platform === "desktop" ? bridge : undefined
}

/** The platform header every call carries (spec: desktop or web). */
export const appPlatform = (): "desktop" | "web" => (desktopBridge() ? "desktop" : "web")
