// The BullMQ engine: the API and scheduler add jobs to Redis, workers (here or in `npm run worker`) run them.
import { Queue, Worker } from "bullmq"
import type { Logger } from "../log.ts"
import type { FeedJobHandler, FeedQueue } from "./queue.ts"

const QUEUE = "feeds"

export interface BullOptions {
  redisUrl: string
  /** Key prefix in Redis, so several installations (or test runs) can share one server. */
  prefix: string
  /** Lock time of a running job; a job whose worker died is run again once it lapses. */
  lockMs?: number
}

export function createBullQueue({ redisUrl, prefix }: BullOptions, log: Logger): FeedQueue & { queue: Queue } {
  const queue = new Queue(QUEUE, { connection: { url: redisUrl }, prefix })
  // Without a listener a lost Redis prints every reconnection failure's stack; one log line each is enough.
  queue.on("error", (error) => log.error("job queue error", { error: String(error) }))
  return {
    engine: "bullmq",
    queue,
    async add(feedIds) {
      if (!feedIds.length) return
      // The job id makes a second request for a feed that is still waiting a no-op.
      await queue.addBulk(
        feedIds.map((feedId) => ({
          name: "refresh",
          data: { feedId },
          opts: { jobId: `refresh-${feedId}`, removeOnComplete: true, removeOnFail: { count: 1000 } },
        })),
      )
    },
    async counts() {
      const c = await queue.getJobCounts("waiting", "active", "delayed", "prioritized", "completed", "failed")
      return {
        waiting: (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0),
        active: c.active ?? 0,
        completed: c.completed ?? 0,
        failed: c.failed ?? 0,
      }
    },
    async idle() {
      for (;;) {
        const c = await this.counts()
        if (!c.waiting && !c.active) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async close() {
      await queue.close()
    },
  }
}

export interface BullWorker {
  close(): Promise<void>
}

export function startBullWorker(
  { redisUrl, prefix, lockMs = 30_000 }: BullOptions,
  handler: FeedJobHandler,
  concurrency: number,
  log: Logger,
): BullWorker {
  const worker = new Worker(QUEUE, async (job) => handler(job.data.feedId as string), {
    connection: { url: redisUrl, maxRetriesPerRequest: null },
    prefix,
    concurrency,
    // A worker that dies mid-job stops renewing its lock; the job counts as stalled and runs again elsewhere.
    lockDuration: lockMs,
    stalledInterval: lockMs,
    metrics: { maxDataPoints: 60 * 24 },
  })
  worker.on("error", (error) => log.error("job worker error", { error: String(error) }))
  return { close: () => worker.close() }
}
