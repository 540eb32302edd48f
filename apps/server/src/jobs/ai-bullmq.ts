// The BullMQ engine of the AI jobs (jobs/ai-work.ts): an "ai" queue beside the feeds queue, run by the same workers.
import { Queue, Worker } from "bullmq"
import type { Logger } from "../log.ts"
import { type AiJob, type AiJobHandler, type AiJobQueue, aiJobKey } from "./ai-work.ts"
import type { BullOptions, BullWorker } from "./bullmq.ts"

const QUEUE = "ai"

export function createBullAiQueue({ redisUrl, prefix }: BullOptions, debounceMs: number, log: Logger): AiJobQueue {
  const queue = new Queue(QUEUE, { connection: { url: redisUrl }, prefix })
  queue.on("error", (error) => log.error("AI job queue error", { error: String(error) }))
  // Scoring is debounced by a delayed job per user and time window: requests within a window are that one job (a
  // job id that exists makes the add a no-op), and one made while it runs lands in the next window, not nowhere.
  const window = Math.max(debounceMs, 1000)
  const idOf = (job: AiJob) =>
    job.kind === "score" ? `${aiJobKey(job)}-${Math.floor(Date.now() / window)}` : aiJobKey(job)
  return {
    engine: "bullmq",
    async add(jobs) {
      if (!jobs.length) return
      await queue.addBulk(
        jobs.map((job) => ({
          name: job.kind,
          data: job,
          opts: {
            jobId: idOf(job),
            delay: job.kind === "score" ? debounceMs : 0,
            removeOnComplete: true,
            // A failed job keeps its id for an hour: the same task run, digest window or entry is not retried on
            // every tick while the model is down.
            removeOnFail: { age: 3600, count: 1000 },
          },
        })),
      )
    },
    async idle() {
      for (;;) {
        const c = await queue.getJobCounts("waiting", "active", "delayed", "prioritized")
        if (!c.waiting && !c.active && !c.delayed && !c.prioritized) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async close() {
      await queue.close()
    },
  }
}

export function startBullAiWorker(
  { redisUrl, prefix, lockMs = 30_000 }: BullOptions,
  handler: AiJobHandler,
  concurrency: number,
  log: Logger,
): BullWorker {
  const worker = new Worker(QUEUE, async (job) => handler(job.data as AiJob), {
    connection: { url: redisUrl, maxRetriesPerRequest: null },
    prefix,
    concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
  })
  worker.on("error", (error) => log.error("AI job worker error", { error: String(error) }))
  return { close: () => worker.close() }
}
