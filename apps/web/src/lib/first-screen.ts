// "After the first screen": work the first screen does not need (the toaster, the local copy)
// waits until the timeline has drawn its first rows (or said it has none), so it neither delays them nor counts
// against the first download. Screens without a timeline get it after a fallback delay.
let shown = false
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
