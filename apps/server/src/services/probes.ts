// Health probes for operators and load balancers: each answers how long its dependency took, or fails.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import type { Jobs } from "../jobs/index.ts"
import { ping } from "../storage/db.ts"
import { rsshubFeedHealth } from "../storage/feeds.ts"

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return Math.round((performance.now() - started) * 100) / 100
}

export function probeDatabase(deps: Deps) {
  return timed(() => ping(deps.db))
}

export async function probeRedis(deps: Deps, jobs: Jobs) {
  if (!deps.config.REDIS_URL || jobs.queue.engine !== "bullmq") {
    throw new AppError(ErrorCode.MissingConfiguration, { reason: "REDIS_URL is not set: jobs run in-process" })
  }
  return timed(() => jobs.queue.counts())
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
