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

/** "role=n,role=n" → {role: n}; anything malformed is a configuration error at start. */
const roleNumbers = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const out: Record<string, number> = {}
      for (const part of v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        const m = /^([a-z_]+)\s*=\s*(\d+)$/.exec(part)
        if (!m) {
          ctx.addIssue({ code: "custom", message: `"${part}" is not role=number` })
          return z.NEVER
        }
        out[m[1]!] = Number(m[2])
      }
      return out
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
  /** A diagnostic of the embedded database: where to write its statements' execution times when it closes. */
  DB_STATEMENT_STATS: z.string().optional(),
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
  /** New accounts confirm their address (a mailed link) before they can sign in (error 1006 until then). */
  REQUIRE_EMAIL_VERIFICATION: flag(false),
  /** How long a resolved session is reused for the same credential (0: every request asks the database). */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** Whether X-Forwarded-For is believed for the client address (see TrustProxy); off, the socket's address counts. */
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** How often the scheduling process checks whether tables need fresh statistics (or, embedded, a vacuum). */
  MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().positive().default(30),
  /** How often new and changed entries are added to the full-text search index (jobs/search-index.ts). */
  SEARCH_INDEX_INTERVAL_SECONDS: z.coerce.number().positive().default(5),
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
  /** POWER a new invitation code costs (burned through the ledger); 0, the default, makes them free. */
  INVITATION_PRICE_POWER: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Inbox e-mail addresses are <handle>@INBOX_EMAIL_DOMAIN; the mail ingress authenticates with INBOX_EMAIL_TOKEN. */
  INBOX_EMAIL_DOMAIN: z.string().default("inbox.tidings.local"),
  INBOX_EMAIL_TOKEN: z.string().min(16).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Social sign-in: each provider is offered when both its client id and secret are set. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * A generic OpenID Connect provider, offered when issuer, client id and secret are set; its endpoints come from the
   * issuer's /.well-known/openid-configuration at start. OIDC_NAME is what the sign-in button says.
   */
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default("OpenID Connect"),
  /** Where the error page's "submit an issue" link goes (the report is appended as query parameters). */
  ISSUE_TRACKER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where clients post usage events of users who allow it (spec: sendAnonymousData); unset, nothing is sent. */
  ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Whether a new user is walked through the first steps on first sign-in. */
  NEW_USER_GUIDE: flag(true),
  /**
   * Uploads in an S3-compatible bucket (docs/operations.md): all of endpoint, bucket and both keys, or none (then
   * DATA_DIR/uploads). S3_PUBLIC_URL: where the bucket's avatars are public (a CDN); unset, this server serves them.
   */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: flag(false),
  /** The RSSHub instance behind rsshub:// feed URLs. */
  RSSHUB_URL: z.url().default("https://rsshub.app"),
  /** The server's OpenAI-compatible model endpoint (docs/ai.md); unset, only users with their own provider get AI. */
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** A cheaper model for summaries, titles and translation; unset, AI_MODEL does everything. */
  AI_MODEL_FAST: z.string().min(1).optional(),
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** Users' own AI endpoints may be on private or loopback addresses (a model server on the LAN). */
  AI_ALLOW_PRIVATE_NETWORK: flag(false),
  /** How long one model call may take. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** A claim on a model call older than this is presumed dead (its process stopped) and may be taken over. */
  AI_PENDING_STALE_SECONDS: z.coerce.number().int().positive().default(180),
  /** New entries wait this long for more before a user's AI timeline scores them (one batch, not one call each). */
  AI_SCORE_DEBOUNCE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Tokens (in + out) a user may spend per UTC day on the server's model, by role: "trial=100000,free=50000";
   * 0 or a role left out: no limit. A user's own provider is never limited.
   */
  AI_DAILY_TOKENS: roleNumbers("trial=200000,free=100000,pre_pro_trial=200000"),
  /** The roles that may chat with the model ("pro,admin"); empty: every role. Others get 15001. */
  AI_CHAT_ROLES: list,
  /** Files (images, text) a user may attach to chat messages per UTC day; 0 refuses attachments (15002). */
  AI_CHAT_MAX_FILES: z.coerce.number().int().min(0).max(1000).default(10),
  /**
   * Text to speech (POST /ai/tts) through an OpenAI-style /audio/speech endpoint: the model (e.g. tts-1, kokoro);
   * unset, the web client speaks with the browser's speech synthesis. AI_TTS_BASE_URL defaults to AI_BASE_URL.
   */
  AI_TTS_MODEL: z.string().min(1).optional(),
  AI_TTS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The key for AI_TTS_BASE_URL (AI_API_KEY goes only to AI_BASE_URL). */
  AI_TTS_API_KEY: z.string().min(1).optional(),
  /** The voice asked for when the client names none (OpenAI's names: alloy, nova…; other servers have their own). */
  AI_TTS_VOICE: z.string().min(1).max(100).default("alloy"),
  /** Characters of text spoken at most per request (OpenAI's endpoint takes 4096). */
  AI_TTS_MAX_CHARS: z.coerce.number().int().min(100).max(100_000).default(4096),
  /** How long one MCP operation may take: connecting and listing a service's tools, or one tool call in a chat. */
  MCP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** MCP services one user may add. */
  MCP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(20),
  /** How often the AI job scheduler looks for due tasks and finished digest windows. */
  AI_JOBS_INTERVAL_SECONDS: z.coerce.number().int().positive().default(60),
  /** AI tasks one user may keep. */
  AI_MAX_TASKS: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * WebSub push: subscribe at the hubs feeds name, so their new entries arrive within seconds. Hubs must reach
   * <BASE_URL>/websub/…, so it is on by default only when BASE_URL is set. Polling goes on either way.
   */
  WEBSUB_ENABLED: z.enum(["true", "false", "1", "0", "yes", "no", ""]).optional(),
  /** The lease asked of hubs (they may grant another); subscriptions are renewed at four fifths of it. */
  WEBSUB_LEASE_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(864_000),
  /** How often the scheduling process renews leases, retries failed subscriptions and drops unfollowed ones. */
  WEBSUB_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
  /** Outgoing mail: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; unset, mail is logged. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From address of mail the server sends. */
  MAIL_FROM: z.string().min(3).default("Tidings <tidings@localhost>"),
})

/** `baseUrlSet`: BASE_URL came from the environment (unset, the server trusts every loopback name for its port). */
export type Config = Omit<z.infer<typeof schema>, "BASE_URL" | "WEBSUB_ENABLED"> & {
  BASE_URL: string
  baseUrlSet: boolean
  WEBSUB_ENABLED: boolean
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const config = parsed.data
  const s3 = [config.S3_ENDPOINT, config.S3_BUCKET, config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY]
  if (s3.some(Boolean) && !s3.every(Boolean))
    throw new Error(
      "Invalid configuration: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    )
  return {
    ...config,
    BASE_URL: config.BASE_URL ?? `http://localhost:${config.PORT}`,
    baseUrlSet: config.BASE_URL !== undefined,
    WEBSUB_ENABLED: websubEnabled(config.WEBSUB_ENABLED, config.BASE_URL !== undefined),
  }
}

function websubEnabled(value: string | undefined, baseUrlSet: boolean): boolean {
  if (value === undefined || value === "") return baseUrlSet
  return value === "true" || value === "1" || value === "yes"
}
