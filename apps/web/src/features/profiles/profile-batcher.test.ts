import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createBatcher } from "./profile-batcher.ts"

const WINDOW_MS = 100

describe("profile batcher", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function recordingBatcher(answer: (ids: string[]) => Promise<Record<string, { name: string }>>) {
    const calls: string[][] = []
    const batcher = createBatcher((ids) => {
      calls.push(ids)
      return answer(ids)
    }, WINDOW_MS)
    return { calls, batcher }
  }

  const echo = async (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { name: `user ${id}` }]))

  it("sends three lookups within the window as one call with three ids", async () => {
    const { calls, batcher } = recordingBatcher(echo)
    const first = batcher.load("1")
    await vi.advanceTimersByTimeAsync(40)
    const second = batcher.load("2")
    await vi.advanceTimersByTimeAsync(40)
    const third = batcher.load("3")
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(20)
    expect(calls).toEqual([["1", "2", "3"]])
    expect(await Promise.all([first, second, third])).toEqual([
      { name: "user 1" },
      { name: "user 2" },
      { name: "user 3" },
    ])
  })

  it("sends a lookup made after the window in a second call", async () => {
    const { calls, batcher } = recordingBatcher(echo)
    const first = batcher.load("1")
    await vi.advanceTimersByTimeAsync(WINDOW_MS)
    const second = batcher.load("2")
    await vi.advanceTimersByTimeAsync(WINDOW_MS)
    expect(calls).toEqual([["1"], ["2"]])
    expect(await first).toEqual({ name: "user 1" })
    expect(await second).toEqual({ name: "user 2" })
  })

  it("asks once for an id looked up twice in a window, and answers null for an unknown id", async () => {
    const { calls, batcher } = recordingBatcher(async () => ({ a: { name: "A" } }))
    const both = Promise.all([batcher.load("a"), batcher.load("a"), batcher.load("nobody")])
    await vi.advanceTimersByTimeAsync(WINDOW_MS)
    expect(calls).toEqual([["a", "nobody"]])
    expect(await both).toEqual([{ name: "A" }, { name: "A" }, null])
  })

  it("rejects each waiter when the batch fails, and the next window starts afresh", async () => {
    let fail = true
    const { calls, batcher } = recordingBatcher(async (ids) => {
      if (fail) throw new Error("batch failed")
      return echo(ids)
    })
    const waiters = [batcher.load("1"), batcher.load("2")].map((p) =>
      p.then(
        () => "resolved",
        (e: Error) => e.message,
      ),
    )
    await vi.advanceTimersByTimeAsync(WINDOW_MS)
    expect(await Promise.all(waiters)).toEqual(["batch failed", "batch failed"])
    fail = false
    const again = batcher.load("1")
    await vi.advanceTimersByTimeAsync(WINDOW_MS)
    expect(await again).toEqual({ name: "user 1" })
    expect(calls).toEqual([["1", "2"], ["1"]])
  })
})
