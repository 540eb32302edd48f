// "After the first screen": work the first screen does not need (the toaster, the local copy)
// waits until the timeline has drawn its first rows (or said it has none), so it neither delays them nor counts
// against the first download. Screens without a timeline get it after a fallback delay.
import { useEffect, useState } from "react"

let shown = false
// Once something has waited out the first screen, a component mounted later (a layout switch) need not wait again.
let settled = false
const waiting = new Set<() => void>()

/** The timeline calls this once its first page is drawn. */
export function firstScreenShown(): void {
  if (shown) return
  shown = true
  for (const resolve of waiting) resolve()
  waiting.clear()
}

/** After the first screen, what waits for it gives the screen this long to settle (its images, its next calls). */
export const SETTLE_MS = 500

/** Resolves SETTLE_MS after the first screen is drawn, or after `fallbackMs` without one, whichever comes first. */
export function afterFirstScreen(fallbackMs: number): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(done, fallbackMs)
    function done() {
      if (shown) settled = true
      clearTimeout(fallback)
      waiting.delete(settle)
      resolve()
    }
    function settle() {
      setTimeout(done, SETTLE_MS)
    }
    if (shown) settle()
    else waiting.add(settle)
  })
}

/** False until afterFirstScreen(fallbackMs) resolves: what the first screen can do without is drawn after it. */
export function useAfterFirstScreen(fallbackMs: number): boolean {
  const [ready, setReady] = useState(settled)
  useEffect(() => {
    if (ready) return
    let live = true
    void afterFirstScreen(fallbackMs).then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [fallbackMs, ready])
  return ready
}
