// Wires the jobs: the queue engine chosen by configuration, the worker that refreshes feeds, and the scheduler.
import type { Deps } from "../deps.ts"
import { refreshFeed } from "../services/feeds.ts"
import { findFeedById } from "../storage/feeds.ts"
import { type AiScheduler, startAiScheduler } from "./ai-scheduler.ts"
import { type AiJobQueue, aiJobHandler, createInProcessAiQueue } from "./ai-work.ts"
import type { BullWorker } from "./bullmq.ts"
import { holdFeedLease } from "./lease.ts"
import { type Maintenance, startMaintenance } from "./maintenance.ts"
import { createInProcessQueue, type FeedJobHandler, type FeedQueue } from "./queue.ts"
import { type Scheduler, startScheduler } from "./scheduler.ts"
import { type SearchIndexer, startSearchIndexer } from "./search-index.ts"
import { startWebSubTicker, type WebSubTicker } from "./websub.ts"

export interface Jobs {
  queue: FeedQueue
  /** AI work (jobs/ai-work.ts): timeline scores, summaries and translations rules ask for, tasks, daily digests. */
  ai: AiJobQueue
  scheduler?: Scheduler
  maintenance?: Maintenance
  aiScheduler?: AiScheduler
  /** Full-text documents of new and changed entries (jobs/search-index.ts). */
  searchIndex?: SearchIndexer
  /** WebSub lease renewals and retries (jobs/websub.ts), when WEBSUB_ENABLED. */
  websub?: WebSubTicker
  close(): Promise<void>
}

/** Model calls run at once per process: each holds a connection to the model server for up to AI_TIMEOUT_MS. */
const AI_CONCURRENCY = 2

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
  let ai: AiJobQueue
  if (config.REDIS_URL) {
    // BullMQ and its Redis client are loaded only when Redis is configured.
    const { createBullQueue, startBullWorker } = await import("./bullmq.ts")
    const { createBullAiQueue, startBullAiWorker } = await import("./ai-bullmq.ts")
    const bull = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, lockMs: config.JOB_LOCK_MS }
    queue = createBullQueue(bull, deps.log)
    ai = createBullAiQueue(bull, config.AI_SCORE_DEBOUNCE_MS, deps.log)
    if (options.work) {
      worker = startBullWorker(bull, feedJobHandler(deps), concurrency, deps.log)
      aiWorker = startBullAiWorker(bull, aiJobHandler(deps), AI_CONCURRENCY, deps.log)
    }
  } else {
    queue = createInProcessQueue(feedJobHandler(deps), concurrency)
    ai = createInProcessAiQueue(aiJobHandler(deps), config.AI_SCORE_DEBOUNCE_MS, AI_CONCURRENCY)
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
    ? startAiScheduler(deps, ai, { intervalMs: config.AI_JOBS_INTERVAL_SECONDS * 1000 })
    : undefined
  const searchIndex = options.schedule
    ? startSearchIndexer(deps, { intervalMs: config.SEARCH_INDEX_INTERVAL_SECONDS * 1000 })
    : undefined
  const websub =
    options.schedule && config.WEBSUB_ENABLED
      ? startWebSubTicker(deps, { intervalMs: config.WEBSUB_INTERVAL_SECONDS * 1000 })
      : undefined
  return {
    queue,
    ai,
    scheduler,
    maintenance,
    aiScheduler,
    searchIndex,
    websub,
    async close() {
      await websub?.stop()
      await searchIndex?.stop()
      await aiScheduler?.stop()
      await maintenance?.stop()
      await scheduler?.stop()
      await aiWorker?.close()
      await worker?.close()
      await queue.close()
      await ai.close()
    },
  }
}
