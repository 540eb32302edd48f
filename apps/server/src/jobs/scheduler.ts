// The feed scheduler: each tick claims the feeds that are due and queues them. What is due lives in the database
// (feeds.next_check_at, pushed out by a lease when claimed and renewed while the refresh runs: jobs/lease.ts), so a
// restart or a lost job delays a fetch by one lease at most, nothing more.
import type { Deps } from "../deps.ts"
import { claimDueFeeds } from "../storage/feeds.ts"
import { leaseMs } from "./lease.ts"
import type { FeedQueue } from "./queue.ts"
import { startTicker } from "./ticker.ts"

export interface SchedulerOptions {
  intervalMs: number
  batchSize?: number
}

export interface Scheduler {
  /** Claims and queues what is due now; resolves with how many feeds were queued. */
  tick(): Promise<number>
  stop(): Promise<void>
}

export function startScheduler(deps: Deps, queue: FeedQueue, options: SchedulerOptions): Scheduler {
  const batchSize = options.batchSize ?? 500
  return startTicker(
    deps.log,
    "scheduler tick",
    options.intervalMs,
    async () => {
      let queued = 0
      // Keep claiming while whole batches come back, so a backlog drains in one tick.
      for (;;) {
        const due = await claimDueFeeds(deps.db, deps.now(), batchSize, leaseMs(deps))
        await queue.add(due.map((f) => f.id))
        queued += due.length
        if (due.length < batchSize) return queued
      }
    },
    0,
  )
}
