// Locale-aware date text through Intl, so no date words live in our locale files. The formatters are built once
// per locale and options: building one costs far more than formatting, and list rows format on every mount.

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })
    relativeFormats.set(locale, format)
  }
  return format
}

/**
 * Formatted texts by locale and value: even with the formatter built, ICU's formatting of one date is the largest
 * part of mounting a list row, and a list shows the same few texts ("5 minutes ago", "Mar 3") again and again.
 * Cleared when it grows past TEXTS_KEPT.
 */
const texts = new Map<string, string>()
const TEXTS_KEPT = 5000

function remembered(key: string, format: () => string): string {
  let text = texts.get(key)
  if (text === undefined) {
    if (texts.size >= TEXTS_KEPT) texts.clear()
    text = format()
    texts.set(key, text)
  }
  return text
}

function relative(locale: string, value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return remembered(`${locale}|${value}|${unit}`, () => relativeFormat(locale).format(value, unit))
}

/** "5 minutes ago", "yesterday", … within a week; an absolute short date after that. */
export function formatRelativeTime(date: Date, now: Date, locale: string): string {
  const diff = date.getTime() - now.getTime()
  const abs = Math.abs(diff)
  if (abs < MINUTE) return relative(locale, 0, "second")
  if (abs < HOUR) return relative(locale, Math.round(diff / MINUTE), "minute")
  if (abs < DAY) return relative(locale, Math.round(diff / HOUR), "hour")
  // Beyond a day, count calendar days so "yesterday" agrees with the list's day headings.
  const days = calendarDays(date, now)
  if (Math.abs(days) < 7) return relative(locale, days, "day")
  return formatShortDate(date, now, locale)
}

function calendarDays(date: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  return Math.round((start(date) - start(now)) / DAY)
}

/** Month and day, with the year only when it is not the current one. */
export function formatShortDate(date: Date, now: Date, locale: string): string {
  const sameYear = date.getFullYear() === now.getFullYear()
  return remembered(`${locale}|${date.getFullYear()}-${date.getMonth()}-${date.getDate()}|${sameYear}`, () =>
    dateFormat(locale, { year: sameYear ? undefined : "numeric", month: "short", day: "numeric" }).format(date),
  )
}

export function formatFullDateTime(date: Date, locale: string): string {
  return dateFormat(locale, { dateStyle: "full", timeStyle: "short" }).format(date)
}

/** Heading of a day group: weekday, month and day (and year when not the current one). */
export function formatDayHeading(date: Date, now: Date, locale: string): string {
  const sameYear = date.getFullYear() === now.getFullYear()
  return dateFormat(locale, {
    weekday: "long",
    year: sameYear ? undefined : "numeric",
    month: "long",
    day: "numeric",
  }).format(date)
}

export function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** dateFormat choices besides "default" (relative times): numeric patterns of YYYY, MM, DD, HH and mm. */
export const DATE_PATTERNS = ["YYYY-MM-DD", "YYYY/MM/DD", "DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD HH:mm"]

/** A date as a numeric pattern, in local time ("YYYY-MM-DD HH:mm" → "2026-03-05 09:07"). */
export function formatDatePattern(date: Date, pattern: string): string {
  const pad = (value: number) => String(value).padStart(2, "0")
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
  }
  return pattern.replace(/YYYY|MM|DD|HH|mm/g, (token) => parts[token])
}

/** An entry's time in lists: relative under the "default" dateFormat, the user's pattern otherwise. */
export function formatEntryTime(date: Date, now: Date, locale: string, pattern: string): string {
  return pattern === "default" || !pattern ? formatRelativeTime(date, now, locale) : formatDatePattern(date, pattern)
}
