// Wires the jobs: the queue engine chosen by configuration, the worker that refreshes feeds, and the scheduler.
import type { Deps } from "../deps.ts"
import { refreshFeed } from "../services/feeds.ts"
import { findFeedById } from "../storage/feeds.ts"
import { type AiJobQueue, type AiScheduler, aiJobHandler, createInProcessAiQueue, startAiScheduler } from "./ai-jobs.ts"
import {
  type AiJobQueue as AiWorkQueue,
  aiJobHandler as aiWorkHandler,
  createInProcessAiQueue as createInProcessAiWorkQueue,
} from "./ai-work.ts"
import type { BullWorker } from "./bullmq.ts"
import { holdFeedLease } from "./lease.ts"
import { type Maintenance, startMaintenance } from "./maintenance.ts"
import { createInProcessQueue, type FeedJobHandler, type FeedQueue } from "./queue.ts"
import { type Scheduler, startScheduler } from "./scheduler.ts"

export interface Jobs {
  queue: FeedQueue
  /** AI timeline scoring and the summaries and translations rules ask for (jobs/ai-work.ts). */
  ai: AiWorkQueue
  scheduler?: Scheduler
  maintenance?: Maintenance
  /** AI tasks and daily digests (jobs/ai-jobs.ts), on the same engine as the feeds. */
  aiQueue: AiJobQueue
  aiScheduler?: AiScheduler
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
  let aiWorker: BullWorker | undefined
  let queue: FeedQueue
  let aiQueue: AiJobQueue
  let ai: AiWorkQueue
  let aiWorkWorker: BullWorker | undefined
  if (config.REDIS_URL) {
    // BullMQ and its Redis client are loaded only when Redis is configured.
    const { createBullQueue, startBullWorker } = await import("./bullmq.ts")
    const { createBullAiQueue, startBullAiWorker } = await import("./ai-jobs.ts")
    const aiWork = await import("./ai-bullmq.ts")
    const bull = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, lockMs: config.JOB_LOCK_MS }
    queue = createBullQueue(bull, deps.log)
    aiQueue = await createBullAiQueue(bull, deps.log)
    ai = aiWork.createBullAiQueue(bull, config.AI_SCORE_DEBOUNCE_MS, deps.log)
    if (options.work) {
      worker = startBullWorker(bull, feedJobHandler(deps), concurrency, deps.log)
      aiWorker = await startBullAiWorker(bull, aiJobHandler(deps), deps.log)
      aiWorkWorker = aiWork.startBullAiWorker(bull, aiWorkHandler(deps), 2, deps.log)
    }
  } else {
    queue = createInProcessQueue(feedJobHandler(deps), concurrency)
    aiQueue = createInProcessAiQueue(aiJobHandler(deps))
    ai = createInProcessAiWorkQueue(aiWorkHandler(deps), config.AI_SCORE_DEBOUNCE_MS)
  }
  // Ingest (services/actions.ts) and entry pages queue AI work through deps, which every service already has.
  deps.aiJobs = ai
  const scheduler = options.schedule
    ? startScheduler(deps, queue, { intervalMs: config.FEED_CHECK_INTERVAL_SECONDS * 1000 })
    : undefined
  // The embedded database has no autovacuum: its vacuum is ours.
  const maintenance = options.schedule
    ? startMaintenance(deps, { intervalMs: config.MAINTENANCE_INTERVAL_SECONDS * 1000, vacuum: !config.DATABASE_URL })
    : undefined
  const aiScheduler = options.schedule
    ? startAiScheduler(deps, aiQueue, { intervalMs: config.AI_JOBS_INTERVAL_SECONDS * 1000 })
    : undefined
  return {
    queue,
    ai,
    scheduler,
    maintenance,
    aiQueue,
    aiScheduler,
    async close() {
      await aiScheduler?.stop()
      await maintenance?.stop()
      await scheduler?.stop()
      await aiWorker?.close()
      await worker?.close()
      await aiWorkWorker?.close()
      await aiQueue.close()
      await queue.close()
      await ai.close()
    },
  }
}
