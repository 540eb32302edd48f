import { describe, expect, it } from "vitest"
import { type BatchTimers, READ_BATCH_MS, ReadBatcher, scrolledPastIds } from "./read-batcher.ts"

function manualTimers() {
  const queue = new Map<number, () => void>()
  let next = 0
  const timers: BatchTimers = {
    setTimeout: (fn) => {
      next += 1
      queue.set(next, fn)
      return next
    },
    clearTimeout: (handle) => queue.delete(handle as number),
  }
  const fire = () => {
    const fns = [...queue.values()]
    queue.clear()
    for (const fn of fns) fn()
  }
  return { timers, fire, pending: () => queue.size }
}

describe("ReadBatcher", () => {
  it("sends one batch per burst, each entry once", () => {
    const sent: string[][] = []
    const clock = manualTimers()
    const batcher = new ReadBatcher((ids) => sent.push(ids), READ_BATCH_MS, clock.timers)
    batcher.add(["a", "b"])
    batcher.add(["b", "c"])
    expect(sent).toEqual([])
    expect(clock.pending()).toBe(1)
    clock.fire()
    expect(sent).toEqual([["a", "b", "c"]])
    batcher.add(["a", "c"])
    expect(clock.pending()).toBe(0)
    batcher.add(["d"])
    clock.fire()
    expect(sent).toEqual([["a", "b", "c"], ["d"]])
  })

  it("flushes at once when asked and sends nothing empty", () => {
    const sent: string[][] = []
    const clock = manualTimers()
    const batcher = new ReadBatcher((ids) => sent.push(ids), READ_BATCH_MS, clock.timers)
    batcher.flush()
    batcher.add(["x"])
    batcher.flush()
    expect(sent).toEqual([["x"]])
    expect(clock.pending()).toBe(0)
  })

  it("queues a forgotten entry again", () => {
    const sent: string[][] = []
    const clock = manualTimers()
    const batcher = new ReadBatcher((ids) => sent.push(ids), READ_BATCH_MS, clock.timers)
    batcher.add(["x"])
    batcher.flush()
    batcher.forget("x")
    batcher.add(["x"])
    batcher.flush()
    expect(sent).toEqual([["x"], ["x"]])
  })
})

describe("scrolledPastIds", () => {
  const rows = [
    { entryId: undefined, read: false, end: 36 },
    { entryId: "a", read: false, end: 136 },
    { entryId: "b", read: true, end: 236 },
    { entryId: "c", read: false, end: 336 },
  ]
  it("takes unread entries whose row ends above the top", () => {
    expect(scrolledPastIds(rows, 0)).toEqual([])
    expect(scrolledPastIds(rows, 135)).toEqual([])
    expect(scrolledPastIds(rows, 136)).toEqual(["a"])
    expect(scrolledPastIds(rows, 300)).toEqual(["a"])
    expect(scrolledPastIds(rows, 400)).toEqual(["a", "c"])
  })
})
