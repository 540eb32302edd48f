// The durable queue of read, unread, star and unstar changes (issue 12 "offline writes"). Every change is stored
// before it is sent and sent in order, one at a time. One that gets no answer (offline, a dropped connection) stays
// stored, and goes when the client is online again, also after a reload. One the server refuses is dropped: its
// caller rolls it back, or, when it had been waiting in the queue, onRefused does. The stored queue names its user:
// another user's queue is dropped, never sent. Pure apart from what is passed in, so it is tested without a browser.

export type QueuedWrite =
  | { kind: "read"; entryIds: string[]; inbox: boolean }
  | { kind: "unread"; entryId: string; inbox: boolean }
  | { kind: "star"; entryId: string; view: number }
  | { kind: "unstar"; entryId: string }

export interface PendingWrite {
  seq: number
  at: number
  write: QueuedWrite
}

interface StoredQueue {
  userId: string
  writes: PendingWrite[]
}

/** "sent": the server took it; "queued": stored, to be sent when the client is online again. */
export type WriteOutcome = "sent" | "queued"

export interface WriteQueueDeps {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">
  storageKey: string
  /** Sends one change; `replay` is true for a change that waited in the queue (its caller is gone). */
  send: (write: QueuedWrite, replay: boolean) => Promise<unknown>
  /** True when a failed send got no answer (keep the change); false when the server refused it. */
  keepAfter: (error: unknown) => boolean
  isOnline: () => boolean
  /** A change that had waited in the queue was refused: undo it locally and say so. */
  onRefused: (write: QueuedWrite, error: unknown) => void
  /** Changes that had waited were sent: the screens should ask the server again. */
  onReplayed: () => void
  now: () => number
  /** Runs `run` after `ms` (a retry after a failure the network state did not reflect); answers a cancel. */
  later: (run: () => void, ms: number) => () => void
}

/** A change kept after a failure that did not turn the client offline (a time-out) is tried again this late. */
export const WRITE_RETRY_MS = 5000

interface Waiter {
  resolve: (outcome: WriteOutcome) => void
  reject: (error: unknown) => void
}

export class WriteQueue {
  private userId: string | undefined
  private writes: PendingWrite[] = []
  private waiters = new Map<number, Waiter>()
  private running = false
  private current: Promise<void> = Promise.resolve()
  private again = false
  private cancelRetry: (() => void) | undefined

  constructor(private readonly deps: WriteQueueDeps) {}

  get pending(): readonly PendingWrite[] {
    return this.writes
  }

  /** The user whose queue this is while running. */
  get owner(): string | undefined {
    return this.userId
  }

  /** Takes up the stored queue of this user (another user's is dropped) and sends it when online. */
  start(userId: string): void {
    if (this.userId === userId) return
    this.stop()
    this.userId = userId
    const stored = this.read()
    this.writes = stored?.userId === userId ? stored.writes : []
    if (stored && stored.userId !== userId) this.deps.storage.removeItem(this.deps.storageKey)
    void this.flush()
  }

  /** Stops sending (sign-out): the stored queue stays for this user's next start. */
  stop(): void {
    this.cancelRetry?.()
    this.userId = undefined
    this.writes = []
    this.park()
  }

  /** Stores the change and sends it (after the ones before it) when online. Rejects when the server refuses it. */
  submit(userId: string, write: QueuedWrite): Promise<WriteOutcome> {
    this.start(userId)
    const seq = (this.writes.at(-1)?.seq ?? 0) + 1
    this.writes.push({ seq, at: this.deps.now(), write })
    this.save()
    if (!this.deps.isOnline()) return Promise.resolve("queued")
    const outcome = new Promise<WriteOutcome>((resolve, reject) => this.waiters.set(seq, { resolve, reject }))
    void this.flush()
    return outcome
  }

  /** Sends what is queued, in order, while online; a change without an answer stops the run. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.current
    }
    this.running = true
    this.cancelRetry?.()
    this.current = this.run()
    return this.current
  }

  private async run(): Promise<void> {
    let replayed = false
    try {
      do {
        this.again = false
        while (this.writes.length && this.userId && this.deps.isOnline()) {
          const user = this.userId
          const head = this.writes[0]!
          const waiter = this.waiters.get(head.seq)
          let failure: { error: unknown } | undefined
          try {
            await this.deps.send(head.write, !waiter)
          } catch (error) {
            failure = { error }
          }
          // Signed out (or in again) meanwhile: the queue was put away and maybe taken up anew; start over from it.
          if (this.userId !== user || this.writes[0] !== head) break
          if (failure && this.deps.keepAfter(failure.error)) {
            if (this.deps.isOnline()) this.cancelRetry = this.deps.later(() => void this.flush(), WRITE_RETRY_MS)
            this.again = false
            break
          }
          this.writes.shift()
          this.save()
          this.waiters.delete(head.seq)
          if (!failure) {
            waiter?.resolve("sent")
            replayed ||= !waiter
          } else if (waiter) waiter.reject(failure.error)
          else this.deps.onRefused(head.write, failure.error)
        }
      } while (this.again)
      // Whoever still waits has a stored change: it is queued, not lost.
      this.park()
    } finally {
      // Cleared before the promise settles, so a flush asked for from here on starts a new run.
      this.running = false
    }
    if (replayed) this.deps.onReplayed()
  }

  private park(): void {
    for (const waiter of this.waiters.values()) waiter.resolve("queued")
    this.waiters.clear()
  }

  private read(): StoredQueue | undefined {
    try {
      const stored = JSON.parse(this.deps.storage.getItem(this.deps.storageKey) ?? "null") as StoredQueue | null
      return stored && typeof stored.userId === "string" && Array.isArray(stored.writes) ? stored : undefined
    } catch {
      return undefined
    }
  }

  private save(): void {
    if (!this.userId) return
    if (!this.writes.length) {
      this.deps.storage.removeItem(this.deps.storageKey)
      return
    }
    const stored: StoredQueue = { userId: this.userId, writes: this.writes }
    this.deps.storage.setItem(this.deps.storageKey, JSON.stringify(stored))
  }
}
