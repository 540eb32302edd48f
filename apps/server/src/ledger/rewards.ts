// The rules of POWER rewards beyond the daily claim: achievements, the airdrop and referrals (docs/power.md).

/** What the achievement counts are computed from; see storage/rewards.ts for the one query that fills it. */
export interface RewardFacts {
  subscriptions: number
  lists: number
  inboxes: number
  /** Entries read, counted up to READS_FOR_ACHIEVEMENT. */
  reads: number
  /** The longest run of consecutive UTC days with a daily claim. */
  claimStreak: number
  tipsGiven: number
  /** Whole days since the account was created. */
  accountDays: number
}

export interface AchievementDefinition {
  actionId: number
  /** The key of its name in the client's translations. */
  key: string
  /** POWER paid when it is claimed. */
  power: number
  progressMax: number
  progress: (facts: RewardFacts) => number
  /**
   * Completed only when an admin approves the proof the user sends (POST /achievement/audit): what it rewards
   * happens outside this server. Its progress comes from that decision, not from the facts.
   */
  audit?: true
}

export const READS_FOR_ACHIEVEMENT = 100
export const STREAK_DAYS = 7

/**
 * All but one are computed from the user's own data (so /audit answers 9003 for them). "tidings_story" rewards a
 * public post about the reader's set-up: the user sends its address and an admin checks it (9002 while pending).
 */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { actionId: 1, key: "first_subscription", power: 10, progressMax: 1, progress: (f) => f.subscriptions },
  { actionId: 2, key: "first_list", power: 10, progressMax: 1, progress: (f) => f.lists },
  { actionId: 3, key: "first_inbox", power: 10, progressMax: 1, progress: (f) => f.inboxes },
  { actionId: 4, key: "read_100", power: 50, progressMax: READS_FOR_ACHIEVEMENT, progress: (f) => f.reads },
  { actionId: 5, key: "streak_7", power: 50, progressMax: STREAK_DAYS, progress: (f) => f.claimStreak },
  { actionId: 6, key: "first_tip", power: 10, progressMax: 1, progress: (f) => f.tipsGiven },
  { actionId: 7, key: "tidings_story", power: 30, progressMax: 1, progress: () => 0, audit: true },
]

export const achievementById = (actionId: number) => ACHIEVEMENTS.find((a) => a.actionId === actionId)

export const achievementProgress = (def: AchievementDefinition, facts: RewardFacts) =>
  Math.min(def.progressMax, Math.max(0, def.progress(facts)))

// ---- the airdrop: a one-off welcome grant for accounts that have started reading

export const AIRDROP_AMOUNT = 100
export interface AirdropRequirement {
  id: "account_age" | "subscriptions" | "reads"
  needed: number
  current: (facts: RewardFacts) => number
}
export const AIRDROP_REQUIREMENTS: readonly AirdropRequirement[] = [
  { id: "account_age", needed: 3, current: (f) => f.accountDays },
  { id: "subscriptions", needed: 3, current: (f) => f.subscriptions },
  { id: "reads", needed: 10, current: (f) => f.reads },
]
/** A claim that has been "sending" longer than this died half-way and may be retried (the ledger key pays once). */
export const AIRDROP_SENDING_STALE_MS = 60_000

// ---- referrals

/** Extra trial days the referrer earns for each account that signs up with their code. */
export const REFERRAL_DAYS = 7
/** Same alphabet as invitation codes: no look-alikes. */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
export const REFERRAL_CODE_LENGTH = 8
export const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`)
