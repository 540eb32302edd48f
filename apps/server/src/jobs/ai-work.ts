// Background AI work, on the same engine as feed jobs: in this process by default, a BullMQ queue ("ai",
// jobs/ai-bullmq.ts) when REDIS_URL is set. Scoring a user's AI timeline is debounced per user (entries arriving
// together are scored in one run, a few batched calls); summaries and translations that action rules ask for at
// ingest run one job per entry and language, so they exist before the user opens the entry; AI tasks and daily
// digests are queued by the AI scheduler (jobs/ai-scheduler.ts) from what the database says is due. Jobs are hints,
// not records: a lost one costs a later on-demand call, one task lease or the next tick, never data or a double run.
import type { TargetLanguage } from "../ai/language.ts"
import { createAiRuntime } from "../ai/runtime.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { buildDigestJob, type DigestView } from "../services/ai-daily.ts"
import { preferredLanguage } from "../services/ai-entries.ts"
import { getSummary } from "../services/ai-summary.ts"
import { runScheduledTask } from "../services/ai-tasks.ts"
import { scoreTimeline } from "../services/ai-timeline.ts"
import { getTranslation } from "../services/ai-translation.ts"
import { findAiTask, userForJob } from "../storage/ai-jobs.ts"

export type AiJob =
  | { kind: "score"; userId: string; view?: number }
  // No language: the user's own (settings › general), looked up when the job runs rather than at ingest.
  | { kind: "summary"; userId: string; entryId: string; language?: TargetLanguage }
  | { kind: "translation"; userId: string; entryId: string; language?: TargetLanguage }
  // A task run claimed by the scheduler: `claimed` is the next_run_at the claim saw.
  | { kind: "task"; userId: string; taskId: string; claimed: string }
  | { kind: "daily"; userId: string; view: DigestView; windowStart: string }

export type AiJobHandler = (job: AiJob) => Promise<void>

export interface AiJobQueue {
  readonly engine: "in-process" | "bullmq"
  /** Queues the jobs; a job already waiting (same user, or same entry and language) is not queued twice. */
  add(jobs: AiJob[]): Promise<void>
  /** Resolves once nothing is waiting (debounces included) or running. */
  idle(): Promise<void>
  close(): Promise<void>
}

/** A job's identity: a second request for the same work while the first waits is the same job. */
export function aiJobKey(job: AiJob): string {
  switch (job.kind) {
    case "score":
      return `score-${job.userId}`
    case "task":
      return `task-${job.taskId}-${Date.parse(job.claimed)}`
    case "daily":
      return `daily-${job.userId}-${job.view}-${Date.parse(job.windowStart)}`
    default:
      return `${job.kind}-${job.userId}-${job.entryId}-${job.language ?? "own"}`
  }
}

/** Runs a job; a user without a model (or who lost it since) is skipped, other failures are logged and rethrown. */
export function aiJobHandler(deps: Deps): AiJobHandler {
  const ai = createAiRuntime(deps)
  const run = async (job: AiJob, role: string) => {
    const caller = { userId: job.userId, role }
    switch (job.kind) {
      case "score":
        return scoreTimeline(deps, caller, job.view)
      case "summary":
        return void (await getSummary(ai, caller, { id: job.entryId, language: job.language }))
      case "translation": {
        const language = job.language ?? (await preferredLanguage(deps, job.userId))
        return void (await getTranslation(ai, caller, { id: job.entryId, language }))
      }
      case "task": {
        const task = await findAiTask(deps.db, job.userId, job.taskId)
        // Edited, switched off or deleted since it was claimed: the user's change stands.
        if (!task?.isEnabled || task.nextRunAt?.toISOString() !== job.claimed) return
        return runScheduledTask(deps, task)
      }
      case "daily":
        return buildDigestJob(ai, job.userId, job.view, new Date(job.windowStart))
    }
  }
  return async (job) => {
    const user = await userForJob(deps.db, job.userId)
    if (!user) return
    try {
      await run(job, user.role)
    } catch (error) {
      // No model, or the entry gone (blocked, unsubscribed): nothing to do and nothing to retry.
      if (
        error instanceof AppError &&
        (error.code === ErrorCode.MissingConfiguration || error.code === ErrorCode.EntryNotFound)
      )
        return
      deps.log.warn("AI job failed", {
        kind: job.kind,
        error: error instanceof Error ? error.message : String(error),
      })
      throw error
    }
  }
}

/**
 * In this process: scoring waits `debounceMs` after the first request for a user (later requests join it), other
 * jobs start at once; at most `concurrency` run together. A user's scoring asked for while it runs runs again after.
 */
export function createInProcessAiQueue(handler: AiJobHandler, debounceMs: number, concurrency = 2): AiJobQueue {
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  const waiting: AiJob[] = []
  const queued = new Set<string>()
  const running = new Set<string>()
  const again = new Map<string, AiJob>()
  let closed = false
  let idleWaiters: (() => void)[] = []

  const settleIdle = () => {
    if (timers.size || waiting.length || running.size) return
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }
  const pump = () => {
    while (!closed && running.size < concurrency && waiting.length) {
      const job = waiting.shift()!
      const key = aiJobKey(job)
      queued.delete(key)
      running.add(key)
      handler(job)
        .catch(() => {})
        .finally(() => {
          running.delete(key)
          const next = again.get(key)
          again.delete(key)
          if (next) enqueue(next)
          pump()
          settleIdle()
        })
    }
  }
  const enqueue = (job: AiJob) => {
    const key = aiJobKey(job)
    if (queued.has(key)) return
    queued.add(key)
    waiting.push(job)
  }
  const add = (job: AiJob) => {
    const key = aiJobKey(job)
    if (running.has(key)) {
      if (job.kind === "score") again.set(key, job)
      return
    }
    if (job.kind !== "score" || debounceMs === 0) return enqueue(job)
    if (timers.has(key) || queued.has(key)) return
    const timer = setTimeout(() => {
      timers.delete(key)
      if (closed) return settleIdle()
      if (running.has(key)) again.set(key, job)
      else enqueue(job)
      pump()
      settleIdle()
    }, debounceMs)
    timer.unref?.()
    timers.set(key, timer)
  }

  return {
    engine: "in-process",
    async add(jobs) {
      for (const job of jobs) add(job)
      pump()
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      })
    },
    async close() {
      closed = true
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      waiting.length = 0
      queued.clear()
      again.clear()
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      })
    },
  }
}
