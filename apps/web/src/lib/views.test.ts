import { describe, expect, it } from "vitest"
import { visibleViews } from "./views.ts"

describe("visibleViews", () => {
  it("always shows Articles to Videos and the others only with feeds", () => {
    expect(visibleViews(new Set()).map((v) => v.view)).toEqual([0, 1, 2, 3])
    expect(visibleViews(new Set([5])).map((v) => v.view)).toEqual([0, 1, 2, 3, 5])
    expect(visibleViews(new Set([4, 0])).map((v) => v.view)).toEqual([0, 1, 2, 3, 4])
  })
})
