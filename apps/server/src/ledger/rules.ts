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
