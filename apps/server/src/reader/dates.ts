// Lenient feed date parsing (W3C/ISO 8601, RFC 822 and its many corruptions) with a plausibility check.
import { foldWord, MONTHS, militaryZone, ZONES } from "./date-words.ts"

interface Parts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** minutes east of UTC */
  offset: number
}

const MIN_YEAR = 1900
const MAX_FUTURE_MS = 3 * 366 * 24 * 3600 * 1000

/** Parses a feed date; null when absent, unreadable or implausible (before 1900, years in the future). */
export function parseFeedDate(text: string | undefined | null): Date | null {
  if (!text) return null
  const s = text.trim()
  if (!s || s.length > 100) return null
  const parts = parseRfc822(s) ?? parseIso(s) ?? parseKorean(s) ?? parseLoose(s)
  return parts ? toDate(parts) : null
}

export type DateCandidates = (string | null | undefined)[]

/**
 * The first of several date elements that parses: a feed may carry pubDate, dc:date and dcterms:issued at once,
 * and an unreadable one should not hide a readable one.
 */
export function firstDate(candidates: DateCandidates): Date | null {
  for (const text of candidates) {
    const date = parseFeedDate(text)
    if (date) return date
  }
  return null
}

// The well-formed RFC 822 date most feeds send, parsed without the lenient machinery.
const RFC822 =
  /^(?:[a-z]{3},\s*)?(\d{1,2})\s+([a-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+(?:([+-]\d{4})|gmt|utc|ut|z)$/i

function parseRfc822(s: string): Parts | null {
  const m = RFC822.exec(s)
  const month = m ? MONTHS.get(m[2].toLowerCase()) : undefined
  if (!m || !month) return null
  const offset = m[7] ? (numericOffset(m[7]) ?? 0) : 0
  return { year: +m[3], month, day: +m[1], hour: +m[4], minute: +m[5], second: +(m[6] ?? 0), offset }
}

function toDate(p: Parts): Date | null {
  if (p.year < MIN_YEAR || p.month < 1 || p.month > 12 || p.day < 1) return null
  if (p.day > new Date(Date.UTC(p.year, p.month, 0)).getUTCDate()) return null
  if (p.hour > 24 || p.minute > 59 || p.second > 60) return null
  const ms = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, Math.min(p.second, 59)) - p.offset * 60_000
  if (Number.isNaN(ms) || ms > Date.now() + MAX_FUTURE_MS) return null
  return new Date(ms)
}

/** RFC 2822 rule for two-digit years: 00-49 → 20xx, 50-99 → 19xx. */
function fullYear(digits: string): number {
  const n = Number(digits)
  if (digits.length > 2) return n
  return n < 50 ? 2000 + n : 1900 + n
}

function fromOrdinal(year: number, dayOfYear: number): { month: number; day: number } | null {
  const d = new Date(Date.UTC(year, 0, dayOfYear))
  if (dayOfYear < 1 || d.getUTCFullYear() !== year) return null
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

// ISO 8601 calendar, ordinal and truncated date forms, longest first; each yields [year, month, day].
const ISO_DATES: [RegExp, (m: RegExpExecArray) => [number, number, number] | null][] = [
  [/^(\d{4})-0?(\d{2})-(\d{2})/, (m) => [+m[1], +m[2], +m[3]]],
  [/^(\d{4})(\d{2})(\d{2})(?=t|$)/i, (m) => [+m[1], +m[2], +m[3]]],
  [/^(\d{4})-(\d{3})(?![\d-])/, (m) => ordinal(+m[1], +m[2])],
  [/^(\d{4})-(\d{2})(?![\d-])/, (m) => [+m[1], +m[2], 1]],
  [/^(\d{4})(?![\d-])/, (m) => [+m[1], 1, 1]],
  [/^(\d{2})-?(\d{2})-?(\d{2})(?![\d-])/, (m) => [fullYear(m[1]), +m[2], +m[3]]],
  [/^(\d{2})-?(\d{3})(?![\d-])/, (m) => ordinal(fullYear(m[1]), +m[2])],
  [/^-(\d{2})-?(\d{2})(?![\d-])/, (m) => [fullYear(m[1]), +m[2], 1]],
]

function ordinal(year: number, dayOfYear: number): [number, number, number] | null {
  const r = fromOrdinal(year, dayOfYear)
  return r ? [year, r.month, r.day] : null
}

const ISO_TIME = /^(?:(?:t|\s+)(\d{2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/i

function parseIso(s: string): Parts | null {
  for (const [re, build] of ISO_DATES) {
    const m = re.exec(s)
    if (!m) continue
    const ymd = build(m)
    const t = ISO_TIME.exec(s.slice(m[0].length))
    if (!ymd || !t) return null
    const offset = t[4] ? numericOffset(t[4]) : 0
    if (offset === null) return null
    return {
      year: ymd[0],
      month: ymd[1],
      day: ymd[2],
      hour: +(t[1] ?? 0),
      minute: +(t[2] ?? 0),
      second: +(t[3] ?? 0),
      offset,
    }
  }
  return null
}

/** "+05:30", "-0800", "+02", "Z" → minutes east of UTC. */
function numericOffset(zone: string): number | null {
  if (/^(z|utc|gmt)$/i.test(zone)) return 0
  const m = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone)
  if (!m) return null
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0)
  return m[1] === "-" ? -minutes : minutes
}

// Korean blog engines write "2004년 05월 28일 01:31:15" or "2004-05-25 오후 11:23:17", always in KST.
const KOREAN =
  /^(\d{4})(?:\s*년\s*|-)(\d{1,2})(?:\s*월\s*|-)(\d{1,2})\s*(?:일)?\s*(오전|오후)?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$/

function parseKorean(s: string): Parts | null {
  const m = KOREAN.exec(s)
  if (!m || (!m[4] && !s.includes("년"))) return null
  let hour = Number(m[5])
  if (m[4] === "오후" && hour < 12) hour += 12
  if (m[4] === "오전" && hour === 12) hour = 0
  return { year: +m[1], month: +m[2], day: +m[3], hour, minute: +m[6], second: +(m[7] ?? 0), offset: 540 }
}

const TIME = /(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:\s*([ap])\.?m\b\.?)?/
const ZONE_AFTER_TIME = /^\s*(?:\(?([a-z]+(?:\/[a-z]+)?)\)?)?\s*([+-]\d{1,2}(?::?\d{2})?)?(?![\d:])/

interface Clock {
  hour: number
  minute: number
  second: number
  offset: number
  rest: string
}

/** Finds "hh:mm[:ss][ am|pm]" and the zone that follows it, and removes both from the text. */
function extractClock(s: string): Clock {
  const t = TIME.exec(s)
  if (!t) return { hour: 0, minute: 0, second: 0, offset: 0, rest: s }
  let hour = Number(t[1])
  if (t[4] === "p" && hour < 12) hour += 12
  if (t[4] === "a" && hour === 12) hour = 0
  const after = s.slice(t.index + t[0].length)
  const z = ZONE_AFTER_TIME.exec(after)
  const numeric = z?.[2]
  let offset = numeric ? (numericOffset(numeric) ?? 0) : 0
  let zoneWord = z?.[1]
  if (zoneWord && !numeric) {
    const named = ZONES.get(zoneWord) ?? militaryZone(zoneWord)
    if (named !== null && named !== undefined) offset = named
    else if (MONTHS.has(zoneWord)) zoneWord = undefined // "10:00 Jan 5 2004": not a zone
  }
  const consumed = z && (zoneWord || numeric) ? z[0].length : 0
  const rest = `${s.slice(0, t.index)} ${after.slice(consumed)}`
  return { hour, minute: Number(t[2]), second: Number(t[3] ?? 0), offset, rest }
}

/** RFC 822 and free-form dates: "Thu, 01 Jan 2004 19:48:21 GMT", "Fri, 2006/09/15 08:19:53 EDT", "13 février 2012". */
function parseLoose(text: string): Parts | null {
  const clock = extractClock(foldWord(text))
  const ymd = parseDateWords(clock.rest)
  if (!ymd) return null
  return { ...ymd, hour: clock.hour, minute: clock.minute, second: clock.second, offset: clock.offset }
}

function parseDateWords(s: string): { year: number; month: number; day: number } | null {
  const numbers: string[] = []
  let month = 0
  for (const raw of s.split(/[\s,;]+/)) {
    const token = raw.replace(/^\(|[.)]$/g, "")
    if (!token) continue
    const numeric = numericDate(token)
    if (numeric) return numeric
    for (const piece of token.split(/[-./]/)) {
      const digits = /^(\d{1,4})(?:st|nd|rd|th|er|e|o|º)?$/.exec(piece)
      if (digits) numbers.push(digits[1])
      else if (MONTHS.has(piece)) month = MONTHS.get(piece)! // last wins: "mar" is also a weekday
    }
  }
  if (!month || numbers.length < 2) return null
  const yearAt = numbers.findIndex((n) => n.length > 2)
  const yearIndex = yearAt >= 0 ? yearAt : numbers.length - 1
  const dayIndex = yearIndex === 0 ? 1 : 0
  return { year: fullYear(numbers[yearIndex]), month, day: Number(numbers[dayIndex]) }
}

/** All-numeric dates: "2006/09/15", "15.09.2006", "09/15/2006" (day/month order guessed by magnitude). */
function numericDate(token: string): { year: number; month: number; day: number } | null {
  let m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(token)
  if (m) return { year: +m[1], month: +m[2], day: +m[3] }
  m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/.exec(token)
  if (!m) return null
  const [a, b] = [Number(m[1]), Number(m[3])]
  const dayFirst = m[2] === "." || a > 12
  return { year: fullYear(m[4]), month: dayFirst ? b : a, day: dayFirst ? a : b }
}
