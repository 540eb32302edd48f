// A parsed document's entries as the rows ingest writes, serialised for the database. It runs on the parsing
// thread (reader/parser.ts), so the event loop receives one string per batch instead of rebuilding thousands of
// entry objects, hashing them and serialising them again: that work and its garbage were about a third of
// ingest's cost on the event loop. No database imports here: the parsing threads load this module.
import { createHash, hash as oneShotHash } from "node:crypto"
import type { ParsedEntry } from "./types.ts"

/** Entries upserted per statement on PostgreSQL. */
export const INGEST_BATCH = 1000
/**
 * Entries per statement on the embedded database, which runs each statement on the event loop: 1000 rows took
 * about 370 ms there (measured on a 2-core machine), a hundred stay well under the 100 ms any request may wait.
 */
export const EMBEDDED_INGEST_BATCH = 100

/** The window of a feed's update rate (storage/feeds.ts weeklyUpdateRate counts the same way). */
export const FOUR_WEEKS_MS = 28 * 86_400_000

/**
 * One statement's worth of entries: each row as a JSON `EntryRowPayload`, with its guid and content hash beside it,
 * so a refresh can ask which rows are new or changed and send only those.
 */
export interface EntryBatch {
  rows: string[]
  guids: string[]
  hashes: string[]
  count: number
}

/** The rows as the JSON array the upsert reads. */
export function batchJson(batch: Pick<EntryBatch, "rows">): string {
  return `[${batch.rows.join(",")}]`
}

/** The rows of `batch` whose guid is in `keep`, in order. */
export function batchSubset(batch: EntryBatch, keep: ReadonlySet<string>): EntryBatch {
  const subset: EntryBatch = { rows: [], guids: [], hashes: [], count: 0 }
  batch.guids.forEach((guid, i) => {
    if (!keep.has(guid)) return
    subset.rows.push(batch.rows[i])
    subset.guids.push(guid)
    subset.hashes.push(batch.hashes[i])
    subset.count++
  })
  return subset
}

export interface PreparedEntries {
  batches: EntryBatch[]
  latestPublishedAt: Date | null
  /** Entries published in the four weeks before `now` (a new feed's rate, without asking the database). */
  lastFourWeeks: number
  /** Entries of the document left out by the per-fetch cap (the oldest by date). */
  dropped: number
}

/** How a document's entries become rows: their arrival time, and how many of them at most are kept. */
export interface PrepareOptions {
  now: Date
  /** FEED_MAX_ENTRIES_PER_FETCH: the newest this many (by date) are kept, the rest counted as dropped. */
  maxEntries: number
  /** Rows per statement (INGEST_BATCH unless said). */
  batchSize?: number
}

/** The fields of one entry row that come from the document (ids, feed and arrival time are added when stored). */
export interface EntryRowPayload {
  guid: string
  title: string | null
  url: string | null
  content: string | null
  description: string | null
  author: string | null
  author_url: string | null
  author_avatar: string | null
  language: string | null
  categories: string[] | null
  media: unknown
  attachments: unknown
  extra: unknown
  content_hash: string
  published_at: Date
  updated_at: Date | null
}

/**
 * Turns a document's entries into rows: one per guid (the first wins), undated entries dated by document order
 * before `now`, implausible future dates clamped, the newest `maxEntries` kept, over-long guids hashed, and a hash
 * of what readers see so an unchanged entry is never rewritten.
 */
export function prepareEntries(
  parsed: ParsedEntry[],
  { now, maxEntries, batchSize = INGEST_BATCH }: PrepareOptions,
): PreparedEntries {
  const all = spreadTies(
    uniqueByGuid(parsed).map((entry, index) => ({
      entry,
      // Undated entries keep document order: each one a millisecond older than the one above it.
      publishedAt: plausibleDate(entry.publishedAt, now) ?? new Date(now.getTime() - index),
      updatedAt: plausibleDate(entry.updatedAt, now),
    })),
  )
  const dated = newest(all, maxEntries)
  const batches: EntryBatch[] = []
  for (let i = 0; i < dated.length; i += batchSize) {
    const batch: EntryBatch = { rows: [], guids: [], hashes: [], count: 0 }
    for (const dated_ of dated.slice(i, i + batchSize)) {
      let row = storedRow(dated_)
      if (UNSTORABLE_ESCAPE.test(row.json)) row = storedRow({ ...dated_, entry: storable(dated_.entry) })
      batch.rows.push(row.json)
      batch.guids.push(row.guid)
      batch.hashes.push(row.hash)
      batch.count++
    }
    batches.push(batch)
  }
  let latestPublishedAt: Date | null = null
  let lastFourWeeks = 0
  const since = now.getTime() - FOUR_WEEKS_MS
  for (const { publishedAt } of dated) {
    if (!latestPublishedAt || publishedAt > latestPublishedAt) latestPublishedAt = publishedAt
    if (publishedAt.getTime() > since && publishedAt <= now) lastFourWeeks++
  }
  return { batches, latestPublishedAt, lastFourWeeks, dropped: all.length - dated.length }
}

/** The `max` newest rows by date, still in document order (a document may list oldest first, or in no order). */
function newest(rows: DatedEntry[], max: number): DatedEntry[] {
  if (rows.length <= max) return rows
  const cutoff = rows
    .map((row, index) => ({ time: row.publishedAt.getTime(), index }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .slice(0, max)
  const kept = new Set(cutoff.map((c) => c.index))
  return rows.filter((_, index) => kept.has(index))
}

interface DatedEntry {
  entry: ParsedEntry
  publishedAt: Date
  updatedAt: Date | null
}

/**
 * One row as JSON (an `EntryRowPayload`). What readers see is serialised once: the content hash is taken over that
 * text, and the row is that same object with the remaining fields appended, so a 2 KB entry is not serialised twice.
 */
function storedRow({ entry, publishedAt, updatedAt }: DatedEntry): { json: string; guid: string; hash: string } {
  const visible: Omit<EntryRowPayload, "guid" | "content_hash" | "published_at" | "updated_at"> = {
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
  const text = JSON.stringify(visible)
  const hash = oneShotHash("sha1", text, "base64url")
  const updated = updatedAt ? `"${updatedAt.toISOString()}"` : "null"
  const guid = boundedGuid(entry.guid)
  return {
    json: `${text.slice(0, -1)},"guid":${JSON.stringify(guid)},"content_hash":"${hash}","published_at":"${publishedAt.toISOString()}","updated_at":${updated}}`,
    guid,
    hash,
  }
}

// PostgreSQL text cannot hold U+0000, and its JSON reader refuses an unpaired surrogate (which a numeric character
// reference such as &#xD800; can produce). JSON.stringify writes both as escapes, so a cheap scan finds them.
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** The value with U+0000 dropped and unpaired surrogates replaced in every string it holds. */
function storable<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\ufffd") as T
  if (Array.isArray(value)) return value.map(storable) as T
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storable(item)])) as T
  }
  return value
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
function spreadTies(rows: DatedEntry[]): DatedEntry[] {
  const seen = new Map<number, number>()
  for (const row of rows) {
    const time = row.publishedAt.getTime()
    const earlier = seen.get(time) ?? 0
    seen.set(time, earlier + 1)
    if (earlier) row.publishedAt = new Date(time - earlier)
  }
  return rows
}
