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

/** A measured slot of a virtual list or grid (the virtualizer's measurements). */
export interface SlotSpan {
  index: number
  end: number
}

/**
 * The unread entries whose slot lies wholly above the top of the scrolled list (scrolled past). Every slot is
 * looked at: in a masonry grid the lanes interleave, so ends do not grow with the index.
 */
export function scrolledPastIds(
  slots: readonly SlotSpan[],
  itemAt: (index: number) => { id: string; read: boolean } | undefined,
  scrollTop: number,
): string[] {
  const ids: string[] = []
  for (const slot of slots) {
    if (slot.end > scrollTop) continue
    const item = itemAt(slot.index)
    if (item && !item.read) ids.push(item.id)
  }
  return ids
}
