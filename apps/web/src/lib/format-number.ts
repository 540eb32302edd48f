// Short numbers (spec §9): K, M, B at 1e3, 1e6, 1e9 with one decimal.
const UNITS: [number, string][] = [
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
]

export function formatShortNumber(value: number): string {
  for (const [size, unit] of UNITS) {
    if (Math.abs(value) >= size) return `${Number((value / size).toFixed(1))}${unit}`
  }
  return String(value)
}
