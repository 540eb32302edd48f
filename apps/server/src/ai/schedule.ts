// Wall-clock time in a user's time zone: when a task is next due, and the daily digest's windows. Only Intl is used
// (no time zone library): the offset at an instant is read from a formatter, and a local time is turned into an
// instant by correcting a first guess with the offset found there (twice, which settles across DST changes).
import type { AiTaskSchedule } from "../storage/schema.ts"

export interface LocalParts {
  year: number
  /** 1–12 */
  month: number
  day: number
  hour: number
  minute: number
  /** 0 = Sunday */
  weekday: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    })
    formatters.set(zone, f)
  }
  return f
}

/** True for a zone name Intl knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || !zone || zone.length > 64) return false
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

export function localParts(zone: string, at: Date): LocalParts {
  const parts: Record<string, string> = {}
  for (const p of formatter(zone).formatToParts(at)) parts[p.type] = p.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  }
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(zone: string, at: Date): number {
  const p = localParts(zone, at)
  const seconds = at.getUTCSeconds()
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, seconds)
  return asUtc - (at.getTime() - at.getUTCMilliseconds())
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a DST change lands an hour later; a time that
 * happens twice is its first occurrence. Month and day may overflow (day 0 = last day of the previous month).
 */
export function zonedTime(zone: string, year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  let guess = wall - offsetAt(zone, new Date(wall))
  guess = wall - offsetAt(zone, new Date(guess))
  return new Date(guess)
}

export function parseTimeOfDay(value: string): { hour: number; minute: number } {
  const [h, m] = value.split(":").map(Number)
  return { hour: h!, minute: m! }
}

/** Local midnight-based calendar day shifted by n days (as year, month, day, normalised). */
function addDays(p: { year: number; month: number; day: number }, n: number) {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + n))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A one-off's date: an ISO time with an offset is that instant; without one it is wall-clock time in the zone. */
export function onceInstant(date: string, zone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(date)
  if (!m) return undefined
  if (m[6]) {
    const at = new Date(date)
    return Number.isNaN(at.getTime()) ? undefined : at
  }
  return zonedTime(zone, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0))
}

/** When a schedule is next due strictly after `after`; undefined when it never is again (a one-off in the past). */
export function nextRunAfter(schedule: AiTaskSchedule, zone: string, after: Date): Date | undefined {
  if (schedule.type === "once") {
    const at = onceInstant(schedule.date, zone)
    return at && at > after ? at : undefined
  }
  const { hour, minute } = parseTimeOfDay(schedule.timeOfDay)
  const today = localParts(zone, after)
  // Two months ahead covers every schedule, a monthly one on the 31st included.
  for (let i = 0; i <= 62; i++) {
    const d = addDays(today, i)
    if (schedule.type === "weekly" && new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() !== schedule.dayOfWeek)
      continue
    // A monthly task on a day the month lacks runs on its last day.
    if (schedule.type === "monthly" && d.day !== Math.min(schedule.dayOfMonth, daysInMonth(d.year, d.month))) continue
    const at = zonedTime(zone, d.year, d.month, d.day, hour, minute)
    if (at > after) return at
  }
  return undefined
}

/** The digest's windows end at these local hours. */
export const DIGEST_HOURS = [8, 20] as const

export interface DigestWindow {
  start: Date
  end: Date
}

/** The latest window boundary (8 AM or 8 PM local) at or before `at`. */
export function boundaryAtOrBefore(zone: string, at: Date): Date {
  const p = localParts(zone, at)
  for (let i = 0; i <= 2; i++) {
    const d = addDays(p, -i)
    for (const hour of [...DIGEST_HOURS].reverse()) {
      const b = zonedTime(zone, d.year, d.month, d.day, hour, 0)
      if (b <= at) return b
    }
  }
  throw new Error("no digest boundary found")
}

/** The window that starts at the latest boundary at or before `start`. */
export function windowFrom(zone: string, start: Date): DigestWindow {
  const from = boundaryAtOrBefore(zone, start)
  const p = localParts(zone, from)
  const end =
    p.hour < 20
      ? zonedTime(zone, p.year, p.month, p.day, 20, 0)
      : zonedTime(zone, p.year, p.month, p.day + 1, DIGEST_HOURS[0], 0)
  return { start: from, end }
}

/** The latest window that has ended by `now`. */
export function latestWindow(zone: string, now: Date): DigestWindow {
  const end = boundaryAtOrBefore(zone, now)
  return windowFrom(zone, new Date(end.getTime() - 60_000 * 60 * 11))
}
