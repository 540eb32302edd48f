// Stores a parsed document: entries upserted by (feed, guid) in batches, and every subscriber's timeline rows
// written in the same transaction by the same set-based statement. Batches are small and the event loop gets a
// turn between them: the embedded database runs each statement on this thread, so one statement over thousands of
// rows would hold every other request for its whole length.
import { newIds } from "../ids.ts"
import { type DB, withTransaction } from "../storage/db.ts"
import { changedGuids, upsertEntriesWithFanOut } from "../storage/entries.ts"
import { batchSubset, type EntryBatch, type PreparedEntries, prepareEntries } from "./entry-rows.ts"
import type { ParsedEntry } from "./types.ts"

/** What other parts of the product do as entries arrive (the user's action rules). */
export interface IngestHooks {
  /** Inside the transaction, after each batch, with the ids of the entries seen for the first time. */
  afterBatch?(tx: DB, feedId: string, insertedIds: string[]): Promise<void>
  /** Once the transaction has committed. */
  afterCommit?(): Promise<void>
}

export interface IngestResult {
  /** Entries seen for the first time. */
  inserted: number
  /** Existing entries whose content changed. */
  updated: number
  latestPublishedAt: Date | null
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

export async function ingestEntries(
  db: DB,
  feedId: string,
  parsed: ParsedEntry[] | PreparedEntries,
  now = new Date(),
  hooks: IngestHooks = {},
): Promise<IngestResult> {
  const prepared = Array.isArray(parsed)
    ? prepareEntries(parsed, { now, maxEntries: Number.POSITIVE_INFINITY })
    : parsed
  const result: IngestResult = { inserted: 0, updated: 0, latestPublishedAt: prepared.latestPublishedAt }
  // Only rows that are new or changed go on (asked outside the transaction, which on the embedded database holds
  // every other statement back while it is open); a refresh that brings nothing new opens no transaction at all.
  // A row stored by another process in between is still skipped by the upsert's own conflict rule.
  const batches: EntryBatch[] = []
  for (const [index, batch] of prepared.batches.entries()) {
    // A turn between the checks too: each is a statement on this thread, and a first ingest checks every batch.
    if (index) await turn()
    const changed = await changedGuids(db, feedId, batch)
    if (changed.size) batches.push(changed.size === batch.count ? batch : batchSubset(batch, changed))
  }
  if (!batches.length) {
    await hooks.afterCommit?.()
    return result
  }
  // One transaction: a process that dies mid-feed leaves nothing half-written, and the rerun upserts the same rows.
  await withTransaction(db, async (tx) => {
    for (const [index, batch] of batches.entries()) {
      if (index) await turn()
      const written = await upsertEntriesWithFanOut(tx, { feedId, insertedAt: now, ids: newIds(batch.count), ...batch })
      result.inserted += written.insertedIds.length
      result.updated += written.updated
      if (written.insertedIds.length) await hooks.afterBatch?.(tx, feedId, written.insertedIds)
    }
  })
  await hooks.afterCommit?.()
  return result
}
