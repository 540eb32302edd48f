// Environment parsed once; nothing else reads process.env.
import { availableParallelism } from "node:os"
import { z } from "zod"

const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === "yes"))

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )

/** false | true (every hop) | how many proxies stand in front | the proxies' addresses or CIDR ranges. */
export type TrustProxy = boolean | number | string[]

const trustProxy = z
  .string()
  .optional()
  .transform((v): TrustProxy => {
    const value = (v ?? "").trim().toLowerCase()
    if (["", "false", "0", "no"].includes(value)) return false
    if (["true", "yes"].includes(value)) return true
    if (/^\d+$/.test(value)) return Number(value)
    return value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
  })

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  /**
   * Connections to PostgreSQL per process. More than the database's cores only queues work inside PostgreSQL, and
   * every extra connection is a process to wake: on a 2-core box 4 answered 10–20 % more queries than 10.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  /** Redis for the BullMQ job queue; unset, jobs run in-process. */
  REDIS_URL: z.string().optional(),
  QUEUE_PREFIX: z.string().default("tidings"),
  /** With REDIS_URL: also run feed jobs in the API process (set false when dedicated workers run them). */
  API_WORKER: flag(true),
  BASE_URL: z.url().optional(),
  ALLOW_PRIVATE_NETWORK: flag(false),
  ADMIN_EMAILS: list,
  CORS_ORIGINS: list,
  AUTH_SECRET: z.string().min(32).optional(),
  /** Sign-in limits: per client address, and per account with a back-off that doubles from AUTH_LOCKOUT_SECONDS. */
  AUTH_RATE_LIMIT: flag(true),
  AUTH_LOCKOUT_FAILURES: z.coerce.number().int().min(1).default(5),
  AUTH_LOCKOUT_SECONDS: z.coerce.number().positive().default(30),
  /** How long a resolved session is reused for the same credential (0: every request asks the database). */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** Whether X-Forwarded-For is believed for the client address (see TrustProxy); off, the socket's address counts. */
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** How often the scheduling process checks whether tables need fresh statistics (or, embedded, a vacuum). */
  MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().positive().default(30),
  /** How often the scheduler looks for feeds that are due, in seconds. */
  FEED_CHECK_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
  /** Bounds of the adaptive polling interval, in minutes. */
  FEED_MIN_INTERVAL_MINUTES: z.coerce.number().positive().default(10),
  FEED_MAX_INTERVAL_MINUTES: z.coerce.number().positive().default(1440),
  /** How long a worker holds a job without renewing its lock; a dead worker's job is retried after this. */
  JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  /** A claimed feed's lease, renewed every third of it while its refresh runs; a dead process's feed waits this long. */
  FEED_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Items of one fetch that are stored (the newest by date); the rest are counted on the feed as dropped. */
  FEED_MAX_ENTRIES_PER_FETCH: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Feed jobs one process runs at once. */
  FEED_FETCH_CONCURRENCY: z.coerce.number().int().positive().default(8),
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Threads that parse feed documents beside the event loop (0: parse on it); by default one core is left over. */
  FEED_PARSE_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  /** Parsing threads with no document for this long stop; the next document starts them again. */
  FEED_PARSE_IDLE_SECONDS: z.coerce.number().min(1).default(60),
  /** A document still parsing after this long fails as not a feed, and its thread is replaced. */
  FEED_PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The largest data import (POST /data/g) accepted; larger bodies get 14001 (413) unread. */
  DATA_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Limits for trial and free users (spec: errors 1100-1102); admins and pro users have none. */
  TRIAL_MAX_FEED_SUBSCRIPTIONS: z.coerce.number().int().positive().default(100),
  TRIAL_MAX_LIST_SUBSCRIPTIONS: z.coerce.number().int().positive().default(20),
  TRIAL_MAX_INBOXES: z.coerce.number().int().positive().default(3),
  /** Lists a user may own, and action rules a user may keep. */
  MAX_LISTS: z.coerce.number().int().positive().default(50),
  MAX_ACTIONS: z.coerce.number().int().positive().default(100),
  /** Invitation codes a user may create. */
  INVITATION_LIMIT: z.coerce.number().int().min(0).default(5),
  /** Inbox e-mail addresses are <handle>@INBOX_EMAIL_DOMAIN; the mail ingress authenticates with INBOX_EMAIL_TOKEN. */
  INBOX_EMAIL_DOMAIN: z.string().default("inbox.tidings.local"),
  INBOX_EMAIL_TOKEN: z.string().min(16).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Social sign-in: each provider is offered when both its client id and secret are set. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the error page's "submit an issue" link goes (the report is appended as query parameters). */
  ISSUE_TRACKER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where clients post usage events of users who allow it (spec: sendAnonymousData); unset, nothing is sent. */
  ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Whether a new user is walked through the first steps on first sign-in. */
  NEW_USER_GUIDE: flag(true),
  /** The RSSHub instance behind rsshub:// feed URLs. */
  RSSHUB_URL: z.url().default("https://rsshub.app"),
})

/** `baseUrlSet`: BASE_URL came from the environment (unset, the server trusts every loopback name for its port). */
export type Config = Omit<z.infer<typeof schema>, "BASE_URL"> & { BASE_URL: string; baseUrlSet: boolean }

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const config = parsed.data
  return {
    ...config,
    BASE_URL: config.BASE_URL ?? `http://localhost:${config.PORT}`,
    baseUrlSet: config.BASE_URL !== undefined,
  }
}
