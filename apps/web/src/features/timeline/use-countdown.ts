// A one-second countdown that calls onDone when it reaches 0, for confirmations that confirm themselves. Only
// time the page is visible counts, so a confirmation never goes ahead while the reader is in another tab.
import { useEffect, useRef, useState } from "react"

const TICK_MS = 250

export function useCountdown(seconds: number, active: boolean, onDone: () => void, restartKey?: unknown): number {
  const [left, setLeft] = useState(seconds)
  const done = useRef(onDone)
  done.current = onDone

  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey starts the count again on purpose.
  useEffect(() => {
    setLeft(seconds)
    if (!active) return
    let elapsed = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      if (document.visibilityState === "visible") elapsed += now - last
      last = now
      const remaining = Math.max(0, seconds - Math.floor(elapsed / 1000))
      setLeft(remaining)
      if (remaining === 0) {
        clearInterval(timer)
        done.current()
      }
    }, TICK_MS)
    return () => clearInterval(timer)
  }, [active, seconds, restartKey])

  return left
}
