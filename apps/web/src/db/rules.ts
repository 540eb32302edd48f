// The local copy's size rules (spec client §4 "Reading caches"): at most 20 entries per subscription source,
// translations kept 7 days, at most 10 summaries in memory; and the export read in 64 KiB chunks (§9).
import type { Statement } from "./local-store.ts"
import type { SqlDatabase } from "./migrate.ts"

export const ENTRIES_PER_SOURCE = 20
export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const SUMMARIES_IN_MEMORY = 10
export const EXPORT_CHUNK_BYTES = 64 * 1024

/**
 * Deletes all but the newest `keep` entries of each source (a feed, or an inbox for entries without a feed). Starred
 * entries stay: the starred list is read offline too.
 */
export const pruneEntriesStatement = (keep = ENTRIES_PER_SOURCE): Statement => ({
  sql: `DELETE FROM entries WHERE id IN (
          SELECT id FROM (
            SELECT id, row_number() OVER (
              PARTITION BY coalesce(feed_id, 'inbox:' || inbox_handle, 'none') ORDER BY published_at DESC, id DESC
            ) AS n FROM entries
          ) WHERE n > ?
        ) AND id NOT IN (SELECT entry_id FROM collections)`,
  params: [keep],
})

/** Deletes translations made more than 7 days before `now` (created_at is SQLite's UTC "YYYY-MM-DD HH:MM:SS"). */
export const purgeTranslationsStatement = (now: number): Statement => ({
  sql: "DELETE FROM translations WHERE created_at < datetime(?, 'unixepoch')",
  params: [Math.floor((now - TRANSLATION_MAX_AGE_MS) / 1000)],
})

export function pruneEntries(db: SqlDatabase, keep = ENTRIES_PER_SOURCE): void {
  const statement = pruneEntriesStatement(keep)
  db.all(statement.sql, statement.params)
}

export function purgeTranslations(db: SqlDatabase, now: number): void {
  const statement = purgeTranslationsStatement(now)
  db.all(statement.sql, statement.params)
}

/** A map that keeps the `capacity` most recently used keys: reading a key counts as using it. */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>()
  constructor(private readonly capacity = SUMMARIES_IN_MEMORY) {}

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined
    const value = this.map.get(key) as V
    this.map.delete(key)
    this.map.set(key, value)
    return value
  }

  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K)
  }

  get size(): number {
    return this.map.size
  }

  keys(): K[] {
    return [...this.map.keys()]
  }
}

/**
 * The open database as a file, read 64 KiB at a time through SQLite itself (the sqlite_dbpage table: the pages in
 * file order), inside one read transaction so the chunks make one consistent file. Nothing holds the whole file at
 * once but the caller, which hands the chunks to a Blob; page sizes are powers of two up to 64 KiB, so each chunk but
 * the last is exactly `size` bytes.
 */
export function* exportChunks(db: SqlDatabase, size = EXPORT_CHUNK_BYTES): Generator<Uint8Array> {
  db.execScript("BEGIN")
  try {
    const [geometry] = db.all("SELECT page_size, page_count FROM pragma_page_size(), pragma_page_count()")
    const pageSize = Number(geometry?.page_size ?? 0)
    const pageCount = Number(geometry?.page_count ?? 0)
    const perChunk = Math.max(1, Math.floor(size / pageSize))
    for (let first = 1; first <= pageCount; first += perChunk) {
      const last = Math.min(pageCount, first + perChunk - 1)
      const pages = db.all("SELECT pgno, data FROM sqlite_dbpage WHERE pgno BETWEEN ? AND ? ORDER BY pgno", [
        first,
        last,
      ])
      const chunk = new Uint8Array((last - first + 1) * pageSize)
      for (const page of pages) chunk.set(page.data as Uint8Array, (Number(page.pgno) - first) * pageSize)
      yield chunk
    }
  } finally {
    db.execScript("COMMIT")
  }
}
