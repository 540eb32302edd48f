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
  const items = [undefined, { id: "a", read: false }, { id: "b", read: true }, { id: "c", read: false }]
  const itemAt = (index: number) => items[index]
  const list = [36, 136, 236, 336].map((end, index) => ({ index, end }))
  it("takes unread entries whose row ends above the top", () => {
    expect(scrolledPastIds(list, itemAt, 0)).toEqual([])
    expect(scrolledPastIds(list, itemAt, 135)).toEqual([])
    expect(scrolledPastIds(list, itemAt, 136)).toEqual(["a"])
    expect(scrolledPastIds(list, itemAt, 300)).toEqual(["a"])
    expect(scrolledPastIds(list, itemAt, 400)).toEqual(["a", "c"])
  })

  it("looks at every lane of a grid, whose ends do not grow with the index", () => {
    const grid = [
      { index: 1, end: 500 },
      { index: 3, end: 200 },
    ]
    expect(scrolledPastIds(grid, itemAt, 250)).toEqual(["c"])
  })
})
