// When to fetch a feed next: adapted to how often it publishes, bounded, never sooner than the publisher asks
// (ttl, Cache-Control max-age, Retry-After), backing off exponentially on errors, with jitter to spread load.

export interface ScheduleBounds {
  minMs: number
  maxMs: number
  /** A boosted feed's adaptive interval is divided by this (1 when not boosted). */
  speedup?: number
}

export interface SuccessHints {
  updatesPerWeek: number | null
  /** RSS <ttl>, minutes. */
  ttlMinutes?: number | null
  cacheControl?: string | null
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/** ±10 % so feeds added together do not stay in lock-step. */
export function jitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.9 + random() * 0.2))
}

function clamp(value: number, { minMs, maxMs }: ScheduleBounds): number {
  return Math.min(maxMs, Math.max(minMs, value))
}

/** The larger of `max-age` and `s-maxage` (we fetch for many readers, like a shared cache). */
export function maxAgeMs(cacheControl: string | null | undefined): number {
  if (!cacheControl) return 0
  const ages = [...cacheControl.matchAll(/(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*"?(\d+)/gi)].map((m) => Number(m[1]))
  return ages.length ? Math.max(...ages) * 1000 : 0
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | null | undefined, now: number): number {
  if (!value) return 0
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? 0 : Math.max(0, date - now)
}

/** Check about twice per expected update, so a new entry waits half an update period on average. */
export function nextCheckAfterSuccess(
  now: number,
  hints: SuccessHints,
  bounds: ScheduleBounds,
  random?: () => number,
): Date {
  const rate = hints.updatesPerWeek ?? 0
  // A boost's speed-up is already in maxMs (services/feeds.ts bounds), so only the rate-based interval divides by it.
  const adaptive = rate > 0 ? WEEK_MS / (rate * 2) / (bounds.speedup ?? 1) : bounds.maxMs
  const publisherFloor = Math.max((hints.ttlMinutes ?? 0) * 60_000, maxAgeMs(hints.cacheControl))
  const interval = clamp(Math.max(adaptive, Math.min(publisherFloor, bounds.maxMs)), bounds)
  return new Date(now + jitter(interval, random))
}

/** Exponential back-off from the minimum interval: 1×, 2×, 4×… up to the maximum, never before Retry-After. */
export function nextCheckAfterError(
  now: number,
  errorCount: number,
  bounds: ScheduleBounds,
  retryAfter?: string | null,
  random?: () => number,
): Date {
  const backoff = bounds.minMs * 2 ** Math.min(Math.max(errorCount - 1, 0), 20)
  const interval = clamp(Math.max(backoff, retryAfterMs(retryAfter, now)), bounds)
  return new Date(now + jitter(interval, random))
}
