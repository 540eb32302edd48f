// The POWER rules a user can see: the daily reward and its multiplier (documented in docs/power.md).

/** POWER of a daily claim at 1x. */
export const DAILY_BASE_REWARD = 10

/** The window of "recent" activity the multiplier looks at. */
export const ACTIVITY_DAYS = 7

/** Reads of recently arrived entries counted at most (the counting query stops there). */
export const READS_COUNTED = 50

export interface Activity {
  /** Feeds, lists and inboxes the user follows. */
  subscriptions: number
  /** Entries that arrived in the user's timeline in the last ACTIVITY_DAYS days and that they have read. */
  recentReads: number
}

/**
 * 1x to 5x (core-domain: "reward multiplier 1x to 5x"): one step each for following at least 1 and at least 10 sources, and for having read at
 * least 10 and at least 50 of the last week's arrivals. Following keeps the reader fed; reading is the use.
 */
export function dailyMultiplier({ subscriptions, recentReads }: Activity): number {
  return (
    1 +
    Number(subscriptions >= 1) +
    Number(subscriptions >= 10) +
    Number(recentReads >= 10) +
    Number(recentReads >= READS_COUNTED)
  )
}

export const dailyReward = (activity: Activity) => DAILY_BASE_REWARD * dailyMultiplier(activity)

/** Activity points of the wallet's level: one per source followed and per recent read (reads capped as above). */
export const activityPoints = ({ subscriptions, recentReads }: Activity) => subscriptions + recentReads

/** The UTC day a claim belongs to; one claim per user per day. */
export const claimDay = (at: Date) => at.toISOString().slice(0, 10)

/** When the next day's claim opens: the next UTC midnight. */
export function nextClaimAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1))
}

/** A daily computation that started longer ago than this is taken as dead (its process stopped), not running. */
export const DAILY_RUN_STALE_MS = 10 * 60_000

// ---- boosts

/** POWER of one boost, which lasts BOOST_DAYS days; a boost call buys a whole number of them. */
export const BOOST_COST = 10
export const BOOST_DAYS = 30
/** Boosts a feed must hold (unexpired) for levels 1, 2 and 3. */
export const BOOST_LEVELS = [1, 3, 6] as const
/** At most this many boosts in one call (a year's worth for the top level, twice over). */
export const BOOST_MAX_UNITS = 100

export function boostLevel(boostCount: number): number {
  return BOOST_LEVELS.filter((needed) => boostCount >= needed).length
}

/** Boosts still missing for the next level; 0 at the top. */
export function boostsToLevelUp(boostCount: number): number {
  const next = BOOST_LEVELS.find((needed) => boostCount < needed)
  return next === undefined ? 0 : next - boostCount
}

/** A boosted feed is fetched (1 + level) times as often: its interval is divided by that. */
export const boostSpeedup = (level: number) => 1 + level
