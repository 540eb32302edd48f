import { describe, expect, it } from "vitest"
import { markScopes, scopedMarkAllRead } from "./mark-scope.ts"

const request = { input: { feedId: "7" }, feedIds: ["7"] }
const at = "2026-11-20T10:00:00.000Z"
const atMs = Date.parse(at)
const now = Date.parse("2026-11-23T12:00:00.000Z")

describe("scopedMarkAllRead", () => {
  it("keeps the whole request for all, or above / below when no entry is open", () => {
    expect(scopedMarkAllRead(request, "all", at, now)).toBe(request)
    expect(scopedMarkAllRead(request, "above", undefined, now)).toBe(request)
  })

  it("limits to newer or older entries in epoch ms and marks the request partial (no local clearing)", () => {
    expect(scopedMarkAllRead(request, "above", at, now)).toEqual({
      input: { feedId: "7", startTime: atMs },
      feedIds: ["7"],
      partial: true,
    })
    expect(scopedMarkAllRead(request, "below", at, now).input).toEqual({ feedId: "7", endTime: atMs })
  })

  it("marks only what was published more than a day or a week ago", () => {
    expect(scopedMarkAllRead(request, "day", undefined, now)).toEqual({
      input: { feedId: "7", endTime: now - 86_400_000 },
      feedIds: ["7"],
      partial: true,
    })
    expect(scopedMarkAllRead(request, "week", at, now).input).toEqual({ feedId: "7", endTime: now - 604_800_000 })
  })
})

describe("markScopes", () => {
  it("offers above and below only with an open entry", () => {
    expect(markScopes(true)).toEqual(["all", "above", "below", "day", "week"])
    expect(markScopes(false)).toEqual(["all", "day", "week"])
  })
})
