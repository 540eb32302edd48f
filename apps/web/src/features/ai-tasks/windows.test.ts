import { describe, expect, it } from "vitest"
import { boundaryAtOrBefore, latestWindowStart, nextBoundary, previousBoundary } from "./windows.ts"

const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min)

describe("daily report windows", () => {
  it("ends at 8 AM and 8 PM local time", () => {
    expect(boundaryAtOrBefore(local(2026, 3, 4, 9, 30))).toEqual(local(2026, 3, 4, 8))
    expect(boundaryAtOrBefore(local(2026, 3, 4, 20))).toEqual(local(2026, 3, 4, 20))
    expect(boundaryAtOrBefore(local(2026, 3, 4, 7, 59))).toEqual(local(2026, 3, 3, 20))
    expect(nextBoundary(local(2026, 3, 4, 8))).toEqual(local(2026, 3, 4, 20))
    expect(nextBoundary(local(2026, 3, 4, 20))).toEqual(local(2026, 3, 5, 8))
    expect(previousBoundary(local(2026, 3, 1, 8))).toEqual(local(2026, 2, 28, 20))
  })

  it("the latest window is the last one that has ended", () => {
    // At 09:30 the window 20:00 yesterday – 08:00 today has ended; 08:00–20:00 has not.
    expect(latestWindowStart(local(2026, 3, 4, 9, 30))).toEqual(local(2026, 3, 3, 20))
    expect(latestWindowStart(local(2026, 3, 4, 20, 1))).toEqual(local(2026, 3, 4, 8))
  })
})
