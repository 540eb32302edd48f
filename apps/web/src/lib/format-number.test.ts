import { describe, expect, it } from "vitest"
import { formatShortNumber } from "./format-number.ts"

describe("formatShortNumber", () => {
  it("shortens with one decimal", () => {
    expect(formatShortNumber(0)).toBe("0")
    expect(formatShortNumber(999)).toBe("999")
    expect(formatShortNumber(1000)).toBe("1K")
    expect(formatShortNumber(1530)).toBe("1.5K")
    expect(formatShortNumber(2_400_000)).toBe("2.4M")
    expect(formatShortNumber(3_000_000_000)).toBe("3B")
  })
})
