import { describe, expect, it } from "vitest"
import { ACCENT_COLORS, accentColors, ON_ACCENT, resolveTheme, SYSTEM_FONT_STACK, uiFontStack } from "./appearance.ts"

describe("resolveTheme", () => {
  it("keeps an explicit choice whatever the system says", () => {
    expect(resolveTheme("dark", false)).toBe("dark")
    expect(resolveTheme("light", true)).toBe("light")
  })
  it("follows the system for system, and for a missing or unknown value", () => {
    expect(resolveTheme("system", true)).toBe("dark")
    expect(resolveTheme("system", false)).toBe("light")
    expect(resolveTheme(undefined, true)).toBe("dark")
    expect(resolveTheme("sepia", false)).toBe("light")
  })
})

/** WCAG relative luminance and contrast ratio, to hold the palette to axe's 4.5:1. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe("accent colours", () => {
  it("falls back to orange for a name this client does not know", () => {
    expect(accentColors("teal", "light")).toEqual(ACCENT_COLORS.orange.light)
    expect(accentColors("blue", "dark")).toEqual(ACCENT_COLORS.blue.dark)
  })
  it("keeps 4.5:1 for text on the accent and on its hover shade, in both schemes", () => {
    for (const [name, pair] of Object.entries(ACCENT_COLORS))
      for (const theme of ["light", "dark"] as const)
        for (const background of [pair[theme].accent, pair[theme].strong])
          expect(contrast(ON_ACCENT[theme], background), `${name} ${theme} on ${background}`).toBeGreaterThanOrEqual(
            4.5,
          )
  })
  it("keeps 4.5:1: white on the light accent, the strong shade on the light surfaces, both on the dark surface", () => {
    for (const [name, pair] of Object.entries(ACCENT_COLORS)) {
      expect(contrast("#ffffff", pair.light.accent), `${name} white on accent`).toBeGreaterThanOrEqual(4.5)
      for (const surface of ["#ffffff", "#f7f6f4", "#f0efed"])
        expect(contrast(pair.light.strong, surface), `${name} strong on ${surface}`).toBeGreaterThanOrEqual(4.5)
      for (const shade of [pair.dark.accent, pair.dark.strong])
        expect(contrast(shade, "#1c1b1a"), `${name} ${shade} on dark`).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe("uiFontStack", () => {
  it("uses the app's stack for system-ui and an empty value", () => {
    expect(uiFontStack("system-ui")).toBe(SYSTEM_FONT_STACK)
    expect(uiFontStack("  ")).toBe(SYSTEM_FONT_STACK)
  })
  it("keeps generic families as they are", () => {
    expect(uiFontStack("serif")).toBe("serif")
    expect(uiFontStack("monospace")).toBe("ui-monospace, monospace")
  })
  it("quotes a named font, drops quotes inside it, and falls back to the system stack", () => {
    expect(uiFontStack("Georgia")).toBe(`"Georgia", ${SYSTEM_FONT_STACK}`)
    expect(uiFontStack('Evil", serif; x')).toBe(`"Evil, serif; x", ${SYSTEM_FONT_STACK}`)
  })
})
