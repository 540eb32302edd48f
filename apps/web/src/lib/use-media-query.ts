// Layout breakpoints (spec client §2): 640, 768, 1024, 1280, 1536 px; under 1024 px the layout is the mobile one.
import { useSyncExternalStore } from "react"

export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.lg - 0.02}px)`

/**
 * One MediaQueryList per query: React reads a store's value on every render of every component that uses it, and
 * window.matchMedia builds a new list (and evaluates the query) on each call.
 */
const lists = new Map<string, MediaQueryList>()
function mediaList(query: string): MediaQueryList {
  let list = lists.get(query)
  if (!list) {
    list = window.matchMedia(query)
    lists.set(query, list)
  }
  return list
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query)
      list.addEventListener("change", onChange)
      return () => list.removeEventListener("change", onChange)
    },
    () => mediaList(query).matches,
  )
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY)
