import { describe, expect, it } from "vitest"
import { defaultUiSettings } from "../../stores/settings-defaults.ts"
import { moveToolbarItem } from "./toolbar-order.ts"

const order = defaultUiSettings.toolbarOrder

describe("moveToolbarItem", () => {
  it("swaps with the neighbour and leaves the ends alone", () => {
    expect(moveToolbarItem(order, "star", "up").main.slice(0, 2)).toEqual(["star", "read"])
    expect(moveToolbarItem(order, "read", "up")).toBe(order)
    expect(moveToolbarItem(order, "textSmaller", "down")).toBe(order)
  })
  it("moves an action to the end of the other list, keeping every action exactly once", () => {
    const moved = moveToolbarItem(order, "share", "other")
    expect(moved.main).not.toContain("share")
    expect(moved.more.at(-1)).toBe("share")
    const back = moveToolbarItem(moved, "share", "other")
    expect(back.main.at(-1)).toBe("share")
    const all = [...back.main, ...back.more].sort()
    expect(all).toEqual([...order.main, ...order.more].sort())
  })
  it("does not change the order it was given", () => {
    const before = JSON.stringify(order)
    moveToolbarItem(order, "star", "down")
    expect(JSON.stringify(order)).toBe(before)
  })
})
