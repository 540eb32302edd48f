import { describe, expect, it } from "vitest"
import { adjustUnread, clearUnread, mergeUnread, subtractUnread, sumUnread } from "./unread-counts.ts"

describe("unread counts", () => {
  it("adjusts without going below 0", () => {
    expect(adjustUnread({ a: 2 }, "a", -1)).toEqual({ a: 1 })
    expect(adjustUnread({ a: 0 }, "a", -1)).toEqual({ a: 0 })
    expect(adjustUnread({}, "b", -3)).toEqual({ b: 0 })
    expect(adjustUnread({ a: 1 }, "a", 1)).toEqual({ a: 2 })
  })

  it("does not mutate the input", () => {
    const counts = { a: 3 }
    adjustUnread(counts, "a", -1)
    expect(counts).toEqual({ a: 3 })
  })

  it("clears and subtracts", () => {
    expect(clearUnread({ a: 3, b: 4, c: 1 }, ["a", "b", "zzz"])).toEqual({ a: 0, b: 0, c: 1 })
    expect(subtractUnread({ a: 3, b: 1 }, { a: 2, b: 5 })).toEqual({ a: 1, b: 0 })
  })

  it("merges server counts and sums", () => {
    expect(mergeUnread({ a: 1 }, { b: 30, c: -2 })).toEqual({ a: 1, b: 30, c: 0 })
    expect(mergeUnread({ a: 1 }, undefined)).toEqual({ a: 1 })
    expect(sumUnread({ a: 2, b: 3, c: 4 }, ["a", "c", "x"])).toBe(6)
    expect(sumUnread(undefined, ["a"])).toBe(0)
  })
})
