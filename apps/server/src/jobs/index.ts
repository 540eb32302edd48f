// Wires the jobs: the queue engine chosen by configuration, the worker that refreshes feeds, and the scheduler.
import type { Deps } from "../deps.ts"
import { refreshFeed } from "../services/feeds.ts"
import { findFeedById } from "../storage/feeds.ts"
import type { BullWorker } from "./bullmq.ts"
import { holdFeedLease } from "./lease.ts"
import { type Maintenance, startMaintenance } from "./maintenance.ts"
import { createInProcessQueue, type FeedJobHandler, type FeedQueue } from "./queue.ts"
import { type Scheduler, startScheduler } from "./scheduler.ts"

export interface Jobs {
  queue: FeedQueue
  scheduler?: Scheduler
  maintenance?: Maintenance
  close(): Promise<void>
}

export interface JobOptions {
  /** Run the scheduler in this process (API processes do; dedicated workers do not). */
  schedule: boolean
  /** Run jobs in this process (always with the in-process engine; optional with BullMQ). */
  work: boolean
}

export function feedJobHandler(deps: Deps): FeedJobHandler {
  return async (feedId) => {
    try {
      // A feed deleted since it was queued is skipped.
      const feed = await findFeedById(deps.db, feedId)
      if (!feed) return
      const lease = holdFeedLease(deps, feed)
      try {
        await refreshFeed(deps, feed)
      } finally {
        await lease.release()
      }
    } catch (error) {
      deps.log.error("feed job failed", { feedId, error: error instanceof Error ? error.name : String(error) })
      throw error
    }
  }
}

export async function startJobs(deps: Deps, options: JobOptions): Promise<Jobs> {
  const { config } = deps
  const concurrency = config.FEED_FETCH_CONCURRENCY
  let worker: BullWorker | undefined
  let queue: FeedQueue
  if (config.REDIS_URL) {
    // BullMQ and its Redis client are loaded only when Redis is configured.
    const { createBullQueue, startBullWorker } = await import("./bullmq.ts")
    const bull = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, lockMs: config.JOB_LOCK_MS }
    queue = createBullQueue(bull, deps.log)
    if (options.work) worker = startBullWorker(bull, feedJobHandler(deps), concurrency, deps.log)
  } else {
    queue = createInProcessQueue(feedJobHandler(deps), concurrency)
  }
  const scheduler = options.schedule
    ? startScheduler(deps, queue, { intervalMs: config.FEED_CHECK_INTERVAL_SECONDS * 1000 })
    : undefined
  // The embedded database has no autovacuum: its vacuum is ours.
  const maintenance = options.schedule
    ? startMaintenance(deps, { intervalMs: config.MAINTENANCE_INTERVAL_SECONDS * 1000, vacuum: !config.DATABASE_URL })
    : undefined
  return {
    queue,
    scheduler,
    maintenance,
    async close() {
      await maintenance?.stop()
      await scheduler?.stop()
      await worker?.close()
      await queue.close()
    },
  }
}
