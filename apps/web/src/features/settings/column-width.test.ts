import { describe, expect, it } from "vitest"
import { COLUMN_LIMITS, clampColumnWidth, KEY_STEP, KEY_STEP_LARGE, widthAfterKey } from "./column-width.ts"

describe("clampColumnWidth", () => {
  it("holds each column between its limits and rounds to whole pixels", () => {
    expect(clampColumnWidth("feedColWidth", 50)).toBe(COLUMN_LIMITS.feedColWidth.min)
    expect(clampColumnWidth("feedColWidth", 9999)).toBe(COLUMN_LIMITS.feedColWidth.max)
    expect(clampColumnWidth("entryColWidth", 400.6)).toBe(401)
    expect(clampColumnWidth("entryColWidth", Number.NaN)).toBe(COLUMN_LIMITS.entryColWidth.min)
  })
  it("keeps the defaults (256, 356, 384) inside the limits", () => {
    expect(clampColumnWidth("feedColWidth", 256)).toBe(256)
    expect(clampColumnWidth("entryColWidth", 356)).toBe(356)
    expect(clampColumnWidth("aiColWidth", 384)).toBe(384)
  })
})

describe("widthAfterKey", () => {
  it("steps with the arrows, further with Shift, and jumps to the limits with Home and End", () => {
    expect(widthAfterKey("entryColWidth", 356, "ArrowRight", false)).toBe(356 + KEY_STEP)
    expect(widthAfterKey("entryColWidth", 356, "ArrowLeft", true)).toBe(356 - KEY_STEP_LARGE)
    expect(widthAfterKey("entryColWidth", 356, "Home", false)).toBe(COLUMN_LIMITS.entryColWidth.min)
    expect(widthAfterKey("entryColWidth", 356, "End", false)).toBe(COLUMN_LIMITS.entryColWidth.max)
  })
  it("stops at the limits and ignores other keys", () => {
    expect(widthAfterKey("feedColWidth", COLUMN_LIMITS.feedColWidth.max, "ArrowRight", false)).toBe(
      COLUMN_LIMITS.feedColWidth.max,
    )
    expect(widthAfterKey("feedColWidth", 256, "ArrowUp", false)).toBeUndefined()
  })
})
