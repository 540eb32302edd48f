import { describe, expect, it } from "vitest"
import { formatDatePattern, formatEntryTime, formatRelativeTime, formatShortDate, parseDate } from "./format-date.ts"

const now = new Date(2025, 5, 15, 12, 0, 0)

describe("formatRelativeTime", () => {
  it("uses the largest fitting unit within a week", () => {
    expect(formatRelativeTime(new Date(2025, 5, 15, 11, 59, 40), now, "en")).toBe("now")
    expect(formatRelativeTime(new Date(2025, 5, 15, 11, 55), now, "en")).toBe("5 minutes ago")
    expect(formatRelativeTime(new Date(2025, 5, 15, 9, 0), now, "en")).toBe("3 hours ago")
    expect(formatRelativeTime(new Date(2025, 5, 14, 12, 0), now, "en")).toBe("yesterday")
    expect(formatRelativeTime(new Date(2025, 5, 12, 12, 0), now, "en")).toBe("3 days ago")
    // 30 hours back is two calendar days back, as the day headings group it.
    expect(formatRelativeTime(new Date(2025, 5, 14, 6, 0), now, "en")).toBe("yesterday")
    expect(formatRelativeTime(new Date(2025, 5, 13, 23, 0), now, "en")).toBe("2 days ago")
  })

  it("falls back to a short date after a week", () => {
    expect(formatRelativeTime(new Date(2025, 4, 1), now, "en")).toBe("May 1")
    expect(formatShortDate(new Date(2023, 4, 1), now, "en")).toBe("May 1, 2023")
  })
})

describe("dates per language", () => {
  it("writes relative times and short dates in each interface language", () => {
    const fiveMinutes = new Date(2025, 5, 15, 11, 55)
    expect(formatRelativeTime(fiveMinutes, now, "zh-CN")).toBe("5分钟前")
    expect(formatRelativeTime(fiveMinutes, now, "zh-TW")).toBe("5 分鐘前")
    expect(formatRelativeTime(fiveMinutes, now, "ja")).toBe("5 分前")
    expect(formatRelativeTime(new Date(2025, 5, 14, 12), now, "ja")).toBe("昨日")
    expect(formatShortDate(new Date(2025, 4, 1), now, "ja")).toBe("5月1日")
    expect(formatShortDate(new Date(2025, 4, 1), now, "zh-CN")).toBe("5月1日")
  })
})

describe("remembered texts", () => {
  it("keeps a text per language, value and year, so a cached text never answers for another", () => {
    const day = new Date(2025, 4, 1)
    // The same day seen from its own year and from the next: the year appears only in the second.
    expect(formatShortDate(day, new Date(2025, 6, 1), "en")).toBe("May 1")
    expect(formatShortDate(day, new Date(2026, 6, 1), "en")).toBe("May 1, 2025")
    expect(formatShortDate(day, new Date(2025, 6, 1), "de")).toBe("1. Mai")
    // One value, three units and two languages.
    const now = new Date(2025, 4, 10, 12, 0)
    expect(formatRelativeTime(new Date(now.getTime() - 2 * 60_000), now, "en")).toBe("2 minutes ago")
    expect(formatRelativeTime(new Date(now.getTime() - 2 * 3_600_000), now, "en")).toBe("2 hours ago")
    expect(formatRelativeTime(new Date(2025, 4, 8, 12, 0), now, "en")).toBe("2 days ago")
    expect(formatRelativeTime(new Date(now.getTime() - 2 * 60_000), now, "ja")).toBe("2 分前")
    // Past the limit of kept texts the store starts again, and answers stay right.
    for (let i = 0; i < 6000; i++) formatShortDate(new Date(2000 + (i % 20), i % 12, 1 + (i % 28)), now, "en")
    expect(formatShortDate(day, new Date(2026, 6, 1), "en")).toBe("May 1, 2025")
  })
})

describe("parseDate", () => {
  it("rejects missing and invalid values", () => {
    expect(parseDate(null)).toBeUndefined()
    expect(parseDate("nope")).toBeUndefined()
    expect(parseDate("2025-01-02T03:04:05.000Z")?.toISOString()).toBe("2025-01-02T03:04:05.000Z")
  })
})

describe("dateFormat patterns", () => {
  const date = new Date(2026, 2, 5, 9, 7)
  it("writes each numeric pattern in local time", () => {
    expect(formatDatePattern(date, "YYYY-MM-DD")).toBe("2026-03-05")
    expect(formatDatePattern(date, "DD/MM/YYYY")).toBe("05/03/2026")
    expect(formatDatePattern(date, "MM/DD/YYYY")).toBe("03/05/2026")
    expect(formatDatePattern(date, "YYYY-MM-DD HH:mm")).toBe("2026-03-05 09:07")
  })
  it("keeps relative times under the default format and uses the pattern otherwise", () => {
    const now = new Date(2026, 2, 5, 10, 7)
    expect(formatEntryTime(date, now, "en", "default")).toBe(formatRelativeTime(date, now, "en"))
    expect(formatEntryTime(date, now, "en", "YYYY/MM/DD")).toBe("2026/03/05")
  })
})
