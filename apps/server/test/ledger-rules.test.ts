// The daily reward's multiplier over its whole range (the wallets test claims 1x and 2x through the API with real
// subscriptions; 3x to 5x need ten feeds and fifty reads, which this states directly at each threshold).
import { describe, expect, it } from "vitest"
import { DAILY_BASE_REWARD, dailyMultiplier, dailyReward, READS_COUNTED } from "../src/ledger/rules.ts"

describe("dailyMultiplier", () => {
  it("steps from 1x to 5x at each threshold of following and reading", () => {
    expect(dailyMultiplier({ subscriptions: 0, recentReads: 0 })).toBe(1)
    expect(dailyMultiplier({ subscriptions: 1, recentReads: 0 })).toBe(2)
    expect(dailyMultiplier({ subscriptions: 9, recentReads: 9 })).toBe(2)
    expect(dailyMultiplier({ subscriptions: 10, recentReads: 9 })).toBe(3)
    expect(dailyMultiplier({ subscriptions: 10, recentReads: 10 })).toBe(4)
    expect(dailyMultiplier({ subscriptions: 10, recentReads: READS_COUNTED - 1 })).toBe(4)
    expect(dailyMultiplier({ subscriptions: 10, recentReads: READS_COUNTED })).toBe(5)
    expect(dailyMultiplier({ subscriptions: 5000, recentReads: 100_000 })).toBe(5)
    // Reading alone counts too.
    expect(dailyMultiplier({ subscriptions: 0, recentReads: READS_COUNTED })).toBe(3)
  })

  it("pays the base reward times the multiplier", () => {
    expect(dailyReward({ subscriptions: 10, recentReads: READS_COUNTED })).toBe(5 * DAILY_BASE_REWARD)
  })
})
