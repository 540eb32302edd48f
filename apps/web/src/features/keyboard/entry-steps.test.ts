import { describe, expect, it } from "vitest"
import { nextEntryId } from "./entry-steps.ts"

describe("nextEntryId", () => {
  const ids = ["a", "b", "c", "d"]

  it("steps within the list and stops at its ends", () => {
    expect(nextEntryId(ids, undefined, 1, [])).toBe("a")
    expect(nextEntryId(ids, undefined, -1, [])).toBe("d")
    expect(nextEntryId(ids, "b", 1, ids)).toBe("c")
    expect(nextEntryId(ids, "b", -1, ids)).toBe("a")
    expect(nextEntryId(ids, "d", 1, ids)).toBe("d")
    expect(nextEntryId([], "d", 1, ids)).toBeUndefined()
  })

  it("goes on from the place of an entry that left the list", () => {
    const after = ["a", "c", "d"]
    expect(nextEntryId(after, "b", 1, ids)).toBe("c")
    expect(nextEntryId(after, "b", -1, ids)).toBe("a")
    // Read entries before it left too.
    expect(nextEntryId(["c", "d"], "b", -1, ids)).toBe("c")
    expect(nextEntryId(["c", "d"], "b", 1, ids)).toBe("c")
  })
})

describe("currentTimelineLocation", () => {
  it("reads view, feed and entry from a timeline path", async () => {
    const { currentTimelineLocation } = await import("./current-location.ts")
    expect(currentTimelineLocation("/timeline/view-0/42/7")).toEqual({
      view: 0,
      feed: { kind: "feed", feedId: "42" },
      entryId: "7",
    })
    expect(currentTimelineLocation("/timeline/view-1/folder-A%20B/pending")?.feed).toEqual({
      kind: "folder",
      category: "A B",
    })
    expect(currentTimelineLocation("/settings/general")).toBeUndefined()
  })
})
