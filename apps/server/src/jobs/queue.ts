// The job queue: one interface, two engines. In-process by default; BullMQ on Redis when REDIS_URL is set, so that
// fetching spreads over `npm run worker` processes on any number of machines. The queue only hands work out: what
// is due lives in the database (feeds.next_check_at), and every job is idempotent, so a lost or repeated job costs
// a fetch, never an entry.

export type FeedJobHandler = (feedId: string) => Promise<void>

export interface QueueCounts {
  waiting: number
  active: number
  completed: number
  failed: number
}

export interface FeedQueue {
  readonly engine: "in-process" | "bullmq"
  /** Asks for these feeds to be refreshed; a feed already waiting is not queued twice. */
  add(feedIds: string[]): Promise<void>
  counts(): Promise<QueueCounts>
  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void>
  close(): Promise<void>
}

/** Runs jobs in this process, `concurrency` at a time. */
export function createInProcessQueue(handler: FeedJobHandler, concurrency: number): FeedQueue {
  const waiting: string[] = []
  const queued = new Set<string>()
  // A feed being refreshed is not queued again behind itself: its lease keeps other schedulers off, this set the
  // next tick of our own.
  const running = new Set<string>()
  let active = 0
  let completed = 0
  let failed = 0
  let closed = false
  let idleWaiters: (() => void)[] = []

  const settleIdle = () => {
    if (active || waiting.length) return
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }
  const pump = () => {
    while (!closed && active < concurrency && waiting.length) {
      const feedId = waiting.shift()!
      queued.delete(feedId)
      running.add(feedId)
      active++
      handler(feedId)
        .then(
          () => completed++,
          () => failed++,
        )
        .finally(() => {
          running.delete(feedId)
          active--
          pump()
          settleIdle()
        })
    }
  }

  return {
    engine: "in-process",
    async add(feedIds) {
      for (const id of feedIds) {
        if (queued.has(id) || running.has(id)) continue
        queued.add(id)
        waiting.push(id)
      }
      pump()
    },
    async counts() {
      return { waiting: waiting.length, active, completed, failed }
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      })
    },
    async close() {
      closed = true
      waiting.length = 0
      queued.clear()
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      })
    },
  }
}
