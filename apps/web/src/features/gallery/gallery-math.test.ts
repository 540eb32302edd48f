import { describe, expect, it } from "vitest"
import { nextIndex, swipeDirection } from "./gallery-math.ts"

describe("gallery paging", () => {
  it("wraps at both ends", () => {
    expect(nextIndex(0, -1, 3)).toBe(2)
    expect(nextIndex(2, 1, 3)).toBe(0)
    expect(nextIndex(1, 1, 3)).toBe(2)
    expect(nextIndex(0, 1, 0)).toBe(0)
  })

  it("reads a long horizontal move as a swipe, a short or vertical one as none", () => {
    expect(swipeDirection(-80, 5)).toBe(1)
    expect(swipeDirection(80, -5)).toBe(-1)
    expect(swipeDirection(30, 0)).toBe(0)
    expect(swipeDirection(60, 90)).toBe(0)
  })
})
