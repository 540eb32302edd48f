// Health probes for operators and load balancers: each answers how long its dependency took, or fails within a
// time box, so a dead dependency is reported instead of hanging the probe (and the monitor waiting on it).
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import type { Jobs } from "../jobs/index.ts"
import { ping } from "../storage/db.ts"
import { rsshubFeedHealth } from "../storage/feeds.ts"

/** Readiness: the database must answer `select 1` within this long. */
export const DATABASE_PROBE_MS = 1_000
/** Redis must accept a connection and answer PING within this long (the probe answers within 2 s). */
export const REDIS_PROBE_MS = 1_500

/** A dependency that failed or did not answer in time; the route answers 503 with the reason. */
export class ProbeFailure extends Error {
  override name = "ProbeFailure"
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return Math.round((performance.now() - started) * 100) / 100
}

/** Runs `work`, failing with a ProbeFailure when it throws or takes longer than `ms`. */
async function timeBoxed(what: string, ms: number, work: () => Promise<unknown>): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeFailure(`${what}: no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([timed(work), late])
  } catch (error) {
    if (error instanceof ProbeFailure) throw error
    throw new ProbeFailure(`${what}: ${describe(error)}`)
  } finally {
    clearTimeout(timer)
  }
}

/** The error's own words, never a connection string (which may carry a password). */
function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause
  const inner = cause instanceof Error ? cause : error
  const code = (inner as { code?: string }).code
  const message = inner instanceof Error ? inner.message.split("\n")[0]! : String(inner)
  return (code && !message.includes(code) ? `${code} ${message}` : message).replace(/\w+:\/\/\S+/g, "<url>")
}

export function probeDatabase(deps: Deps) {
  return timeBoxed("database", DATABASE_PROBE_MS, () => ping(deps.db))
}

export async function probeRedis(deps: Deps, jobs: Jobs) {
  const url = deps.config.REDIS_URL
  if (!url || jobs.queue.engine !== "bullmq") {
    throw new AppError(ErrorCode.MissingConfiguration, { reason: "REDIS_URL is not set: jobs run in-process" })
  }
  // Its own connection, not the queue's: that one retries for ever and queues commands while Redis is away.
  const { Redis } = await import("ioredis")
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_PROBE_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  })
  // ioredis rejects connect() with a bare "Connection is closed"; the cause comes as an 'error' event.
  let cause: Error | undefined
  redis.on("error", (error: Error) => {
    cause ??= error
  })
  try {
    return await timeBoxed("redis", REDIS_PROBE_MS, async () => {
      await redis.connect().catch((error: unknown) => {
        throw cause ?? error
      })
      await redis.ping()
    })
  } finally {
    redis.disconnect()
  }
}

/** Queue counts in the official shape; the in-process engine answers from its own counters. */
export async function probeQueue(jobs: Jobs) {
  const counts = await jobs.queue.counts()
  return {
    engine: jobs.queue.engine,
    current: { wait: counts.waiting, active: counts.active, completed: counts.completed, failed: counts.failed },
    metrics: { completed: { data: [], count: counts.completed }, failed: { data: [], count: counts.failed } },
  }
}

/** How the rsshub:// feeds fared at their last fetch, for a namespace or route when given. */
export async function probeRsshub(deps: Deps, filter: { namespace?: string; route?: string }) {
  const path = [filter.namespace, filter.route?.replace(/^\/+/, "")].filter(Boolean).join("/")
  const { ok, failed } = await rsshubFeedHealth(deps.db, `rsshub://${path}`)
  const total = ok + failed
  return [
    { successCount: ok, errorCount: failed, timestamp: deps.now().toISOString(), successRate: total ? ok / total : 1 },
  ]
}
