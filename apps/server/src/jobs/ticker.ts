// The loop every periodic job of the scheduling process shares (feeds, AI tasks and digests, maintenance): one tick
// at a time (a tick asked for while one runs joins it), a failed tick logged and answered with a fallback, and a
// timer that never keeps the process alive.
import type { Logger } from "../log.ts"

export interface Ticker<T> {
  /** Runs a tick now, or joins the one running. */
  tick(): Promise<T>
  /** Stops the timer and waits for a running tick. */
  stop(): Promise<void>
}

export function startTicker<T>(
  log: Logger,
  name: string,
  intervalMs: number,
  runTick: () => Promise<T>,
  fallback: T,
): Ticker<T> {
  let running: Promise<T> | undefined

  function tick(): Promise<T> {
    running ??= runTick()
      .catch((error: unknown) => {
        log.error(`${name} failed`, { error: String(error) })
        return fallback
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  const timer = setInterval(() => void tick(), intervalMs)
  timer.unref()
  return {
    tick,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
