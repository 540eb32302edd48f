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

  it("carries into the next unit instead of showing 1000K or 1000M", () => {
    expect(formatShortNumber(999_949)).toBe("999.9K")
    expect(formatShortNumber(999_950)).toBe("1M")
    expect(formatShortNumber(999_960_000)).toBe("1B")
  })

  it("writes the digits in the reader's language", () => {
    for (const lang of ["en", "zh-CN", "zh-TW", "ja"]) expect(formatShortNumber(1530, lang)).toBe("1.5K")
    expect(formatShortNumber(1530, "de")).toBe("1,5K")
  })
})
