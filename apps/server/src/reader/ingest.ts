// Stores a parsed document: entries upserted by (feed, guid) in batches, and every subscriber's timeline rows
// written in the same transaction by the same set-based statement.
import { createHash } from "node:crypto"
import { newId } from "../ids.ts"
import { type DB, withTransaction } from "../storage/db.ts"
import { type NewEntry, upsertEntriesWithFanOut } from "../storage/entries.ts"
import type { ParsedEntry } from "./types.ts"

const BATCH = 1000

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

export async function ingestEntries(
  db: DB,
  feedId: string,
  parsed: ParsedEntry[],
  now = new Date(),
  hooks: IngestHooks = {},
): Promise<IngestResult> {
  const rows = spreadTies(uniqueByGuid(parsed).map((entry, index) => toRow(feedId, entry, now, index)))
  const result: IngestResult = { inserted: 0, updated: 0, latestPublishedAt: null }
  // One transaction: a process that dies mid-feed leaves nothing half-written, and the rerun upserts the same rows.
  await withTransaction(db, async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const written = await upsertEntriesWithFanOut(tx, rows.slice(i, i + BATCH))
      result.inserted += written.insertedIds.length
      result.updated += written.updated
      if (written.insertedIds.length) await hooks.afterBatch?.(tx, feedId, written.insertedIds)
    }
  })
  await hooks.afterCommit?.()
  for (const row of rows) {
    if (!result.latestPublishedAt || row.published_at > result.latestPublishedAt)
      result.latestPublishedAt = row.published_at
  }
  return result
}

function toRow(feedId: string, entry: ParsedEntry, now: Date, index: number): NewEntry {
  const visible = {
    title: entry.title,
    url: entry.url,
    content: entry.content,
    description: entry.description,
    author: entry.author,
    author_url: entry.authorUrl,
    author_avatar: entry.authorAvatar,
    language: entry.language,
    categories: entry.categories,
    media: entry.media,
    attachments: entry.attachments,
    extra: entry.extra,
  }
  return {
    id: newId(),
    feed_id: feedId,
    guid: boundedGuid(entry.guid),
    ...visible,
    // Undated entries keep document order: each one a millisecond older than the one above it.
    published_at: plausibleDate(entry.publishedAt, now) ?? new Date(now.getTime() - index),
    updated_at: plausibleDate(entry.updatedAt, now),
    inserted_at: now,
    content_hash: createHash("sha1").update(JSON.stringify(visible)).digest("base64url"),
  }
}

function uniqueByGuid(list: ParsedEntry[]): ParsedEntry[] {
  const seen = new Set<string>()
  return list.filter((e) => !seen.has(e.guid) && seen.add(e.guid))
}

/** Dates more than a day in the future are a publisher's clock or time-zone mistake; they would pin the entry on top. */
function plausibleDate(date: Date | null, now: Date): Date | null {
  if (!date) return null
  return date.getTime() > now.getTime() + 86_400_000 ? now : date
}

/** A guid longer than an index row allows (about 2.7 KB) would fail the whole feed; such guids are stored hashed. */
function boundedGuid(guid: string): string {
  if (Buffer.byteLength(guid) <= 512) return guid
  return `sha1:${createHash("sha1").update(guid).digest("hex")}`
}

/**
 * Entries of one document that share a timestamp (a feed that stamps every item with its build time) are spread a
 * millisecond apart in document order, so a run of equal times never outgrows a timeline page.
 */
function spreadTies(rows: NewEntry[]): NewEntry[] {
  const seen = new Map<number, number>()
  for (const row of rows) {
    const time = row.published_at.getTime()
    const earlier = seen.get(time) ?? 0
    seen.set(time, earlier + 1)
    if (earlier) row.published_at = new Date(time - earlier)
  }
  return rows
}
