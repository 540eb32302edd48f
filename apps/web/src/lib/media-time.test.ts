import { describe, expect, it } from "vitest"
import { clampSeek, formatMediaTime, parseMediaTime } from "./media-time.ts"

describe("formatMediaTime", () => {
  it("uses m:ss under ten minutes, mm:ss under an hour and h:mm:ss above", () => {
    expect(formatMediaTime(0)).toBe("0:00")
    expect(formatMediaTime(5)).toBe("0:05")
    expect(formatMediaTime(65)).toBe("1:05")
    expect(formatMediaTime(599)).toBe("9:59")
    expect(formatMediaTime(600)).toBe("10:00")
    expect(formatMediaTime(3599)).toBe("59:59")
    expect(formatMediaTime(3600)).toBe("1:00:00")
    expect(formatMediaTime(3 * 3600 + 7 * 60 + 9.9)).toBe("3:07:09")
  })

  it("reads NaN, infinite and negative values as 0", () => {
    expect(formatMediaTime(Number.NaN)).toBe("0:00")
    expect(formatMediaTime(Number.POSITIVE_INFINITY)).toBe("0:00")
    expect(formatMediaTime(-4)).toBe("0:00")
  })
})

describe("parseMediaTime", () => {
  it("parses h:mm:ss, mm:ss, m:ss and plain seconds", () => {
    expect(parseMediaTime("1:02:03")).toBe(3723)
    expect(parseMediaTime("12:34")).toBe(754)
    expect(parseMediaTime("2:05")).toBe(125)
    expect(parseMediaTime("90")).toBe(90)
    expect(parseMediaTime(42)).toBe(42)
  })

  it("round-trips what formatMediaTime writes", () => {
    for (const seconds of [0, 9, 61, 600, 3599, 3600, 86_399]) {
      expect(parseMediaTime(formatMediaTime(seconds))).toBe(seconds)
    }
  })

  it("refuses other shapes", () => {
    for (const text of ["", "abc", "1:2", "1:60", "1:60:00", "-5", ":30", null, undefined]) {
      expect(parseMediaTime(text)).toBeNull()
    }
    expect(parseMediaTime(-1)).toBeNull()
  })
})

describe("clampSeek", () => {
  it("never goes below 0 nor past the duration", () => {
    expect(clampSeek(-15, 100)).toBe(0)
    expect(clampSeek(130, 100)).toBe(100)
    expect(clampSeek(40, 100)).toBe(40)
    expect(clampSeek(Number.NaN, 100)).toBe(0)
  })

  it("caps nothing while the duration is unknown (0)", () => {
    expect(clampSeek(500, 0)).toBe(500)
    expect(clampSeek(-3, 0)).toBe(0)
  })
})
