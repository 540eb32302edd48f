// Entries marked read by scrolling, hovering or rendering arrive one at a time and in bursts; the server is told
// once per burst (one POST /reads per batch) and each entry at most once, however often it scrolls by again.

/** Milliseconds a batch stays open after its first entry, so a fast scroll costs one request, not dozens. */
export const READ_BATCH_MS = 500

export interface BatchTimers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

const realTimers: BatchTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export class ReadBatcher {
  private readonly seen = new Set<string>()
  private pending: string[] = []
  private timer: unknown

  constructor(
    private readonly send: (ids: string[]) => void,
    private readonly delayMs = READ_BATCH_MS,
    private readonly timers: BatchTimers = realTimers,
  ) {}

  add(ids: Iterable<string>): void {
    for (const id of ids) {
      if (this.seen.has(id)) continue
      this.seen.add(id)
      this.pending.push(id)
    }
    if (this.pending.length > 0 && this.timer === undefined) {
      this.timer = this.timers.setTimeout(() => this.flush(), this.delayMs)
    }
  }

  /** Sends what is waiting now (the list is leaving the screen). */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer)
    this.timer = undefined
    if (this.pending.length === 0) return
    const batch = this.pending
    this.pending = []
    this.send(batch)
  }

  /** Lets an entry be queued again (the reader marked it unread by hand). */
  forget(id: string): void {
    this.seen.delete(id)
  }
}

export interface RowSpan {
  /** The entry on the row, or undefined for a date heading or the loader. */
  entryId: string | undefined
  read: boolean
  end: number
}

/** The unread entries whose row lies wholly above the top of the scrolled list (scrolled past). */
export function scrolledPastIds(rows: readonly RowSpan[], scrollTop: number): string[] {
  const ids: string[] = []
  for (const row of rows) {
    if (row.end > scrollTop) break
    if (row.entryId && !row.read) ids.push(row.entryId)
  }
  return ids
}
