import { afterEach, describe, expect, it, vi } from "vitest"

afterEach(() => {
  vi.useRealTimers()
  vi.resetModules()
})

describe("afterFirstScreen", () => {
  it("waits for the first screen and then SETTLE_MS, or for the fallback when no screen comes", async () => {
    vi.useFakeTimers()
    const { afterFirstScreen, firstScreenShown, SETTLE_MS } = await import("./first-screen.ts")
    let early = false
    let late = false
    void afterFirstScreen(300).then(() => {
      early = true
    })
    void afterFirstScreen(5000).then(() => {
      late = true
    })
    await vi.advanceTimersByTimeAsync(299)
    expect(early).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(early).toBe(true)
    firstScreenShown()
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1)
    expect(late).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(late).toBe(true)
  })

  it("settles right after a screen that is already drawn", async () => {
    vi.useFakeTimers()
    const { afterFirstScreen, firstScreenShown, SETTLE_MS } = await import("./first-screen.ts")
    firstScreenShown()
    let done = false
    void afterFirstScreen(10_000).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    expect(done).toBe(true)
  })
})
