// Business constants named in the specification (§9 of both documents).

export const APP_VERSION = "0.7.0"
export const APP_NAME = "Tidings"
/** Storage key prefix for the web client (spec: `{product}:`). */
export const LOCAL_KEY_PREFIX = "tidings:"

/** New accounts are trial users for this many days. */
export const NEW_USER_TRIAL_DAYS = 45

/** Entry list paging. */
export const ENTRY_PAGE_DEFAULT_LIMIT = 20
export const ENTRY_PAGE_MAX_LIMIT = 100

/** Snowflake ids: epoch and timestamp width (spec §3). */
export const SNOWFLAKE_EPOCH_MS = 1712546615000
export const SNOWFLAKE_TIMESTAMP_BITS = 41

/** Readability content is refreshed when older than this. */
export const READABILITY_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000

/** Client cache timings (spec client §9). */
export const QUERY_STALE_MS = 10 * 60 * 1000
export const UNREAD_STALE_MS = 5 * 60 * 1000
export const ENTRY_PAGE_STALE_MS = 10 * 60 * 1000
export const SUBSCRIPTION_CACHE_MS = 30 * 60 * 1000
export const USER_STALE_MS = 5 * 60 * 1000
/** Who read an entry (read history). */
export const READ_HISTORY_STALE_MS = 5 * 60 * 1000
export const VISIBILITY_REFETCH_MS = 10 * 60 * 1000

/** Request time-out of the web client (spec: 10000 ms in the client request setup). */
export const CLIENT_REQUEST_TIMEOUT_MS = 10_000

/** Summary minimum source length in characters. */
export const SUMMARY_MIN_CHARS = 100

export const USER_ROLES = ["admin", "pre_pro_trial", "free", "trial", "pro"] as const
export type UserRole = (typeof USER_ROLES)[number]
