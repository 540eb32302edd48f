// The search indexer: writes the full-text documents of new and changed entries (storage/search.ts) in batches,
// after the ingest that queued them has committed, so a feed's refresh never waits on text search. The same batch
// writes the entries' story keys and groups them with their copies in other feeds (storage/duplicates.ts), and then
// the follows queued since are grouped. Runs in the scheduling process; several processes may run it (each batch
// skips rows another has locked).
import type { Deps } from "../deps.ts"
import { type DB, withTransaction } from "../storage/db.ts"
import { groupPendingFollows, indexerPlanSettings, keyAndGroupIndexed } from "../storage/duplicates.ts"
import { indexPending } from "../storage/search.ts"
import { startTicker, type Ticker } from "./ticker.ts"

/** Entries per statement: large enough to amortise it, small enough to keep each one short. */
const BATCH = 500
/** Follows grouped per statement (each may bring a feed's whole history). */
const FOLLOWS = 20

/** Lets requests in between batches (the embedded database runs on this event loop). */
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve))

export type SearchIndexer = Ticker<number>

/**
 * Indexes up to `limit` waiting entries: their documents, their story keys and their groups, in one transaction (a
 * batch taken off the queue has all three, or stays queued). Answers how many entries it took.
 */
export function indexBatch(db: DB, limit: number): Promise<number> {
  return withTransaction(db, async (tx) => {
    await indexerPlanSettings(tx)
    const batch = await indexPending(tx, limit)
    await keyAndGroupIndexed(tx, batch)
    return batch.length
  })
}

export function startSearchIndexer(deps: Deps, options: { intervalMs: number }): SearchIndexer {
  return startTicker(
    deps.log,
    "search index",
    options.intervalMs,
    async () => {
      let indexed = 0
      for (;;) {
        const n = await indexBatch(deps.db, BATCH)
        indexed += n
        if (n < BATCH) break
        await yieldToRequests()
      }
      const groupFollows = (tx: DB) => indexerPlanSettings(tx).then(() => groupPendingFollows(tx, FOLLOWS))
      while ((await withTransaction(deps.db, groupFollows)) === FOLLOWS) {
        await yieldToRequests()
      }
      return indexed
    },
    0,
  )
}
