// Some of the themes' token colours fall short of 4.5:1 on the code block's background (github-light's orange is
// about 3.4:1 on our light grey), which makes code hard to read. Each colour is moved toward black (light scheme)
// or white (dark scheme) just until it reaches 4.5:1, so the theme's hues stay recognisable.

/** The code block backgrounds (index.css --hover, light and dark). */
export const CODE_BACKGROUND = { light: "#f0efed", dark: "#2b2927" } as const
const TARGET = 4.5

function channels(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(hex.trim())
  if (!match) return null
  const value = Number.parseInt(match[1], 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function contrastRatio(a: string, b: string): number {
  const ca = channels(a)
  const cb = channels(b)
  if (!ca || !cb) return 21
  const [high, low] = [luminance(ca), luminance(cb)].sort((x, y) => y - x)
  return (high + 0.05) / (low + 0.05)
}

const hex = (c: [number, number, number]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`

/** The colour itself when it reads well on the background, else the nearest mix toward black or white that does. */
export function readableOn(colour: string, background: string, scheme: "light" | "dark"): string {
  const from = channels(colour)
  if (!from || contrastRatio(colour, background) >= TARGET) return colour
  const goal = scheme === "light" ? 0 : 255
  for (let step = 1; step <= 20; step++) {
    const mixed = from.map((c) => c + (goal - c) * (step / 20)) as [number, number, number]
    if (contrastRatio(hex(mixed), background) >= TARGET) return hex(mixed)
  }
  return scheme === "light" ? "#000000" : "#ffffff"
}
