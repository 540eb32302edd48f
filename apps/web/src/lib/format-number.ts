// Short numbers (spec §9): K, M, B at 1e3, 1e6, 1e9 with one decimal; the digits follow the language.
const UNITS: [number, string][] = [
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
]

const oneDecimal = (value: number) => Math.round(value * 10) / 10
/** One formatter per language: building one costs far more than using it, and the sidebar counts are many. */
const formats = new Map<string, Intl.NumberFormat>()

export function formatShortNumber(value: number, locale = "en"): string {
  let digits = formats.get(locale)
  if (!digits) {
    digits = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false })
    formats.set(locale, digits)
  }
  const abs = Math.abs(value)
  for (const [size, unit] of UNITS) {
    // 999,950 would read "1000K" in the unit below, so it already counts as 1M.
    const carried = size > 1e3 && oneDecimal(abs / (size / 1e3)) >= 1e3
    if (abs >= size || carried) return `${digits.format(oneDecimal(value / size))}${unit}`
  }
  return digits.format(value)
}
