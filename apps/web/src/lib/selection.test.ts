import { describe, expect, it } from "vitest"
import { emptySelection, headerState, keepShown, selectRange, toggleAll, toggleOne } from "./selection.ts"

const order = ["a", "b", "c", "d", "e"]
const picked = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort()

describe("feed selection", () => {
  it("toggles one feed and makes it the anchor", () => {
    const one = toggleOne(emptySelection, "b")
    expect(picked(one)).toEqual(["b"])
    expect(one.anchor).toBe("b")
    expect(picked(toggleOne(one, "b"))).toEqual([])
  })

  it("ranges from the anchor in either direction, adding to what is picked", () => {
    const fromB = toggleOne(emptySelection, "b")
    expect(picked(selectRange(fromB, order, "d"))).toEqual(["b", "c", "d"])
    const fromD = toggleOne(toggleOne(emptySelection, "a"), "d")
    expect(picked(selectRange(fromD, order, "b"))).toEqual(["a", "b", "c", "d"])
    // The anchor stays, so a second shift+click re-ranges from it.
    expect(selectRange(fromD, order, "b").anchor).toBe("d")
  })

  it("picks the feed alone when there is no anchor or it is no longer shown", () => {
    expect(picked(selectRange(emptySelection, order, "c"))).toEqual(["c"])
    expect(picked(selectRange({ ids: new Set(), anchor: "gone" }, order, "c"))).toEqual(["c"])
    expect(selectRange(emptySelection, order, "unknown")).toBe(emptySelection)
  })

  it("selects all shown rows from the header, or none when all are picked, keeping hidden ones", () => {
    const hidden = toggleOne(emptySelection, "z")
    const all = toggleAll(hidden, ["a", "b"])
    expect(picked(all)).toEqual(["a", "b", "z"])
    expect(headerState(all, ["a", "b"])).toBe("all")
    expect(picked(toggleAll(all, ["a", "b"]))).toEqual(["z"])
    expect(headerState(toggleOne(emptySelection, "a"), ["a", "b"])).toBe("some")
    expect(headerState(emptySelection, ["a"])).toBe("none")
    expect(headerState(emptySelection, [])).toBe("none")
  })

  it("keeps only the shown ids, dropping an anchor that went", () => {
    const selection = { ids: new Set(["a", "c"]), anchor: "c" }
    expect(keepShown(selection, order)).toBe(selection)
    const kept = keepShown(selection, ["a", "b"])
    expect(picked(kept)).toEqual(["a"])
    expect(kept.anchor).toBeNull()
  })
})
