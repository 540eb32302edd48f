// Batches lookups of users by id: every id asked for within one window (spec §9: user batch window 100 ms) goes out
// as one POST /profiles/batch, and each waiter gets its own user (or null when the server does not know the id).

export interface Batcher<T> {
  load(id: string): Promise<T | null>
}

export function createBatcher<T>(
  fetchMany: (ids: string[]) => Promise<Record<string, T>>,
  windowMs: number,
): Batcher<T> {
  type Waiter = { resolve: (value: T | null) => void; reject: (error: unknown) => void }
  type Batch = Map<string, Waiter[]>
  let pending: Batch | undefined

  async function flush(batch: Batch) {
    try {
      const found = await fetchMany([...batch.keys()])
      for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(found[id] ?? null)
    } catch (error) {
      // Each waiter hears of the failure: their queries show it and may retry on their own.
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error)
    }
  }

  return {
    load(id) {
      if (!pending) {
        const batch: Batch = new Map()
        pending = batch
        setTimeout(() => {
          pending = undefined
          void flush(batch)
        }, windowMs)
      }
      const batch = pending
      return new Promise<T | null>((resolve, reject) => {
        batch.set(id, [...(batch.get(id) ?? []), { resolve, reject }])
      })
    },
  }
}
