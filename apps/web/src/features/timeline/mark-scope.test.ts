import { describe, expect, it } from "vitest"
import { scopedMarkAllRead } from "./mark-scope.ts"

const request = { input: { feedId: "7" }, feedIds: ["7"] }
const at = "2026-11-20T10:00:00.000Z"

describe("scopedMarkAllRead", () => {
  it("keeps the whole request for all, or when no entry is open", () => {
    expect(scopedMarkAllRead(request, "all", at)).toBe(request)
    expect(scopedMarkAllRead(request, "above", undefined)).toBe(request)
  })

  it("limits to newer or older entries and marks the request partial (no local clearing of counts)", () => {
    expect(scopedMarkAllRead(request, "above", at)).toEqual({
      input: { feedId: "7", startTime: at },
      feedIds: ["7"],
      partial: true,
    })
    expect(scopedMarkAllRead(request, "below", at).input).toEqual({ feedId: "7", endTime: at })
  })
})
