import { describe, expect, it } from "vitest"
import { formatCountdown, formatPower, parseAmount } from "./power-format.ts"

describe("power format", () => {
  it("counts down to the next claim in h:mm:ss, never below zero", () => {
    expect(formatCountdown(3_723_000, 0)).toBe("1:02:03")
    expect(formatCountdown(500, 0)).toBe("0:00:01")
    expect(formatCountdown(0, 5000)).toBe("0:00:00")
  })

  it("accepts only whole positive amounts", () => {
    expect(parseAmount(" 12 ")).toBe("12")
    for (const bad of ["0", "-1", "1.5", "abc", "", "01", "99999999999999"]) expect(parseAmount(bad)).toBeNull()
  })

  it("groups digits by language", () => {
    expect(formatPower("12345", "en")).toBe("12,345")
  })
})
