// A one-second countdown that calls onDone when it reaches 0, for confirmations that confirm themselves.
import { useEffect, useRef, useState } from "react"

export function useCountdown(seconds: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds)
  const done = useRef(onDone)
  done.current = onDone

  useEffect(() => {
    if (!active) {
      setLeft(seconds)
      return
    }
    setLeft(seconds)
    const startedAt = Date.now()
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000))
      setLeft(remaining)
      if (remaining === 0) {
        clearInterval(timer)
        done.current()
      }
    }, 250)
    return () => clearInterval(timer)
  }, [active, seconds])

  return left
}
