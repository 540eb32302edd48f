import { describe, expect, it } from "vitest"
import { maxAgeMs, nextCheckAfterError, nextCheckAfterSuccess, retryAfterMs } from "../src/reader/schedule.ts"

const bounds = { minMs: 10 * 60_000, maxMs: 24 * 3_600_000 }
const now = Date.UTC(2026, 10, 22, 12)
const noJitter = () => 0.5
const minutesUntil = (date: Date) => (date.getTime() - now) / 60_000 // minutes

describe("adaptive polling", () => {
  it("checks about twice per expected update, within 10 min and 24 h", () => {
    expect(minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 7 }, bounds, noJitter))).toBe(12 * 60)
    expect(minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 70 }, bounds, noJitter))).toBe(72)
    expect(minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 5000 }, bounds, noJitter))).toBe(10)
    expect(minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 0.5 }, bounds, noJitter))).toBe(24 * 60)
    expect(minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: null }, bounds, noJitter))).toBe(24 * 60)
  })

  it("never checks sooner than the publisher's ttl or max-age, nor later than 24 h", () => {
    expect(minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 5000, ttlMinutes: 60 }, bounds, noJitter))).toBe(
      60,
    )
    expect(
      minutesUntil(
        nextCheckAfterSuccess(now, { updatesPerWeek: 5000, cacheControl: "public, max-age=1800" }, bounds, noJitter),
      ),
    ).toBe(30)
    expect(
      minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 5000, ttlMinutes: 100_000 }, bounds, noJitter)),
    ).toBe(24 * 60)
  })

  it("spreads checks by ±10 %", () => {
    const low = minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 70 }, bounds, () => 0))
    const high = minutesUntil(nextCheckAfterSuccess(now, { updatesPerWeek: 70 }, bounds, () => 1))
    expect([low, high]).toEqual([72 * 0.9, 72 * 1.1])
  })

  it("backs off exponentially on errors, honouring Retry-After", () => {
    const minutes = [1, 2, 3, 4, 12].map((n) => minutesUntil(nextCheckAfterError(now, n, bounds, null, noJitter)))
    expect(minutes).toEqual([10, 20, 40, 80, 24 * 60])
    expect(minutesUntil(nextCheckAfterError(now, 1, bounds, "3600", noJitter))).toBe(60)
    const date = new Date(now + 2 * 3_600_000).toUTCString()
    expect(minutesUntil(nextCheckAfterError(now, 1, bounds, date, noJitter))).toBe(120)
  })

  it("reads Cache-Control and Retry-After", () => {
    expect(maxAgeMs("no-cache")).toBe(0)
    expect(maxAgeMs("public, s-maxage=60, max-age=30")).toBe(60_000)
    expect(retryAfterMs("garbage", now)).toBe(0)
  })
})
