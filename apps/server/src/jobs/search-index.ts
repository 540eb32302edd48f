// The search indexer: writes the full-text documents of new and changed entries (storage/search.ts) in batches,
// after the ingest that queued them has committed, so a feed's refresh never waits on text search. Runs in the
// scheduling process; several processes may run it (each batch skips rows another has locked).
import type { Deps } from "../deps.ts"
import { indexPending } from "../storage/search.ts"
import { startTicker, type Ticker } from "./ticker.ts"

/** Entries per statement: large enough to amortise it, small enough to keep each one short. */
const BATCH = 500

export type SearchIndexer = Ticker<number>

export function startSearchIndexer(deps: Deps, options: { intervalMs: number }): SearchIndexer {
  return startTicker(
    deps.log,
    "search index",
    options.intervalMs,
    async () => {
      let indexed = 0
      for (;;) {
        const n = await indexPending(deps.db, BATCH)
        indexed += n
        if (n < BATCH) return indexed
        // Let requests in between batches (the embedded database runs on this event loop).
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
    0,
  )
}
