import { describe, expect, it } from "vitest"
import { CODE_BACKGROUND, contrastRatio, readableOn } from "./code-contrast.ts"

describe("readableOn", () => {
  it("keeps colours that already read well", () => {
    expect(readableOn("#24292e", CODE_BACKGROUND.light, "light")).toBe("#24292e")
    expect(readableOn("#e1e4e8", CODE_BACKGROUND.dark, "dark")).toBe("#e1e4e8")
  })

  it("darkens a light theme's faint colour to 4.5:1 on the light block", () => {
    const fixed = readableOn("#e36209", CODE_BACKGROUND.light, "light")
    expect(contrastRatio("#e36209", CODE_BACKGROUND.light)).toBeLessThan(4.5)
    expect(contrastRatio(fixed, CODE_BACKGROUND.light)).toBeGreaterThanOrEqual(4.5)
    expect(fixed).not.toBe("#000000")
  })

  it("lightens a dark theme's dim colour on the dark block", () => {
    const fixed = readableOn("#6a737d", CODE_BACKGROUND.dark, "dark")
    expect(contrastRatio(fixed, CODE_BACKGROUND.dark)).toBeGreaterThanOrEqual(4.5)
  })

  it("leaves what it cannot parse", () => {
    expect(readableOn("var(--x)", CODE_BACKGROUND.light, "light")).toBe("var(--x)")
  })
})
