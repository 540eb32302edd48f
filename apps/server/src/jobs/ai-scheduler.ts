// The AI scheduler: each tick claims the AI tasks that are due (ai_tasks.next_run_at, pushed out by a lease when
// claimed) and the daily digest windows that have ended without a digest, and queues them on the AI queue
// (jobs/ai-work.ts). What is due lives in the database, so a lost job costs one lease or waits for the next tick.
import { findProvider } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { DIGEST_VIEWS, type DigestView, dueWindow } from "../services/ai-daily.ts"
import { TASK_LEASE_MS } from "../services/ai-tasks.ts"
import { claimDueTasks, entriesInWindow, findDigest, usersWithRecentEntries } from "../storage/ai-jobs.ts"
import type { AiJob, AiJobQueue } from "./ai-work.ts"
import { startTicker } from "./ticker.ts"

/** A digest whose build failed (the model was down) is tried again after this long, not on every tick. */
const DIGEST_RETRY_MS = 30 * 60_000

export interface AiScheduler {
  /** Claims due tasks and finished digest windows and queues them; resolves with how many jobs were queued. */
  tick(): Promise<number>
  stop(): Promise<void>
}

export function startAiScheduler(deps: Deps, queue: AiJobQueue, options: { intervalMs: number }): AiScheduler {
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

  return startTicker(deps.log, "ai scheduler tick", options.intervalMs, runTick, 0)
}
