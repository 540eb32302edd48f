// The AI jobs: scheduled tasks and the daily digests. Like the feed jobs, what is due lives in the database
// (ai_tasks.next_run_at, pushed out by a lease when claimed; a digest row per window), and the queue only hands
// work out, in this process or, with REDIS_URL, through a BullMQ queue of its own that `npm run worker` processes
// take jobs from. A lost job costs one lease (a task) or waits for the next tick (a digest), never a double run.
import type { Queue } from "bullmq"
import { findProvider } from "../ai/provider.ts"
import { createAiRuntime } from "../ai/runtime.ts"
import type { Deps } from "../deps.ts"
import type { Logger } from "../log.ts"
import { buildDigestJob, DIGEST_VIEWS, type DigestView, dueWindow } from "../services/ai-daily.ts"
import { runScheduledTask, TASK_LEASE_MS } from "../services/ai-tasks.ts"
import { claimDueTasks, entriesInWindow, findAiTask, findDigest, usersWithRecentEntries } from "../storage/ai-jobs.ts"
import type { BullOptions } from "./bullmq.ts"
import { createInProcessQueue, type FeedQueue } from "./queue.ts"

export type AiJob =
  | { kind: "task"; taskId: string; userId: string; claimed: string }
  | { kind: "daily"; userId: string; view: DigestView; windowStart: string }

export interface AiJobQueue {
  add(jobs: AiJob[]): Promise<void>
  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void>
  close(): Promise<void>
}

/** Model calls run at once per process: each holds a connection to the model server for up to AI_TIMEOUT_MS. */
const CONCURRENCY = 2
/** A digest whose build failed (the model was down) is tried again after this long, not on every tick. */
const DIGEST_RETRY_MS = 30 * 60_000

export function aiJobHandler(deps: Deps) {
  const ai = createAiRuntime(deps)
  return async (job: AiJob) => {
    try {
      if (job.kind === "task") {
        const task = await findAiTask(deps.db, job.userId, job.taskId)
        // Edited, switched off or deleted since it was claimed: the user's change stands.
        if (!task?.isEnabled || task.nextRunAt?.toISOString() !== job.claimed) return
        await runScheduledTask(deps, task)
      } else {
        await buildDigestJob(ai, job.userId, job.view, new Date(job.windowStart))
      }
    } catch (error) {
      deps.log.warn("ai job failed", { kind: job.kind, userId: job.userId, error: String(error) })
      throw error
    }
  }
}

function keyOf(job: AiJob): string {
  return job.kind === "task"
    ? `task-${job.taskId}-${Date.parse(job.claimed)}`
    : `daily-${job.userId}-${job.view}-${Date.parse(job.windowStart)}`
}

export function createInProcessAiQueue(handler: (job: AiJob) => Promise<void>): AiJobQueue {
  const jobs = new Map<string, AiJob>()
  // The feed queue's engine, keyed by the job's identity: one job per task run or digest window at a time.
  const queue: FeedQueue = createInProcessQueue(async (key) => {
    const job = jobs.get(key)
    jobs.delete(key)
    if (job) await handler(job)
  }, CONCURRENCY)
  return {
    async add(list) {
      for (const job of list) jobs.set(keyOf(job), job)
      await queue.add(list.map(keyOf))
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
  }
}

const BULL_QUEUE = "ai"

export async function createBullAiQueue(options: BullOptions, log: Logger): Promise<AiJobQueue & { queue: Queue }> {
  const { Queue } = await import("bullmq")
  const queue = new Queue(BULL_QUEUE, { connection: { url: options.redisUrl }, prefix: options.prefix })
  queue.on("error", (error) => log.error("ai job queue error", { error: String(error) }))
  return {
    queue,
    async add(list) {
      if (!list.length) return
      // The job id makes the same task run or digest window a no-op while it waits (or failed, for a while).
      await queue.addBulk(
        list.map((job) => ({
          name: job.kind,
          data: job,
          opts: { jobId: keyOf(job), removeOnComplete: true, removeOnFail: { age: 3600, count: 1000 } },
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
    close: () => queue.close(),
  }
}

export async function startBullAiWorker(
  options: BullOptions,
  handler: (job: AiJob) => Promise<void>,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const { Worker } = await import("bullmq")
  const lockMs = options.lockMs ?? 30_000
  const worker = new Worker(BULL_QUEUE, async (job) => handler(job.data as AiJob), {
    connection: { url: options.redisUrl, maxRetriesPerRequest: null },
    prefix: options.prefix,
    concurrency: CONCURRENCY,
    lockDuration: lockMs,
    stalledInterval: lockMs,
  })
  worker.on("error", (error) => log.error("ai job worker error", { error: String(error) }))
  return { close: () => worker.close() }
}

export interface AiScheduler {
  /** Claims due tasks and finished digest windows and queues them; resolves with how many jobs were queued. */
  tick(): Promise<number>
  stop(): Promise<void>
}

export function startAiScheduler(deps: Deps, queue: AiJobQueue, options: { intervalMs: number }): AiScheduler {
  let running: Promise<number> | undefined
  const tried = new Map<string, number>()

  async function dueDigests(): Promise<AiJob[]> {
    const now = deps.now()
    // A window is at most 13 hours long (a DST change), so anything due has entries from the last day.
    const candidates = await usersWithRecentEntries(deps.db, [...DIGEST_VIEWS], new Date(now.getTime() - 86_400_000))
    const jobs: AiJob[] = []
    const available = new Map<string, boolean>()
    for (const { userId, view } of candidates) {
      const window = await dueWindow(deps, userId)
      const key = `${userId}-${view}-${window.start.getTime()}`
      const last = tried.get(key)
      if (last !== undefined && now.getTime() - last < DIGEST_RETRY_MS) continue
      if (await findDigest(deps.db, userId, view, window.start)) continue
      if (!(await entriesInWindow(deps.db, userId, view, window.start, window.end, 1)).length) continue
      if (!available.has(userId)) available.set(userId, (await findProvider(deps, userId, "fast")) !== undefined)
      if (!available.get(userId)) continue
      tried.set(key, now.getTime())
      jobs.push({ kind: "daily", userId, view: view as DigestView, windowStart: window.start.toISOString() })
    }
    // Forget attempts at windows long past, so the map stays small.
    for (const [key, at] of tried) if (now.getTime() - at > 2 * 86_400_000) tried.delete(key)
    return jobs
  }

  async function runTick(): Promise<number> {
    let queued = 0
    for (;;) {
      const due = await claimDueTasks(deps.db, deps.now(), 100, TASK_LEASE_MS)
      await queue.add(
        due.map((t) => ({ kind: "task", taskId: t.id, userId: t.userId, claimed: t.nextRunAt!.toISOString() })),
      )
      queued += due.length
      if (due.length < 100) break
    }
    const digests = await dueDigests()
    await queue.add(digests)
    return queued + digests.length
  }

  function tick(): Promise<number> {
    running ??= runTick()
      .catch((error: unknown) => {
        deps.log.error("ai scheduler tick failed", { error: String(error) })
        return 0
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  const timer = setInterval(() => void tick(), options.intervalMs)
  timer.unref()
  return {
    tick,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
