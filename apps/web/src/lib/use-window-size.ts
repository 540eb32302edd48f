// The window's inner size, following resizes: for layouts that size by pixels rather than breakpoints.
import { useSyncExternalStore } from "react"

function subscribe(onChange: () => void) {
  window.addEventListener("resize", onChange)
  return () => window.removeEventListener("resize", onChange)
}

export const useWindowWidth = () => useSyncExternalStore(subscribe, () => window.innerWidth)
export const useWindowHeight = () => useSyncExternalStore(subscribe, () => window.innerHeight)
