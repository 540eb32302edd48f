// Entry rows: the ingest upsert and the reads that need an entry's content.
import { type AnyColumn, and, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm"
import { PgDialect } from "drizzle-orm/pg-core"
import { batchJson, type EntryBatch, type EntryRowPayload } from "../reader/entry-rows.ts"
import { type DB, executePrepared } from "./db.ts"
import { actions, collections, entries, feeds, listFeeds, subscriptions, timeline, unread } from "./schema.ts"

export type EntryRow = typeof entries.$inferSelect
export type FeedRow = typeof feeds.$inferSelect

/** Whether the user has read an entry of their timeline (null when it is not in their timeline). */
export function readFlag(userId: string | Placeholder, entryId: AnyColumn): SQL<boolean | null> {
  return sql<boolean | null>`case when ${timeline.userId} is null then null
    else not exists (select 1 from ${unread} u where u.user_id = ${userId} and u.entry_id = ${entryId}) end`
}

/** The columns of an entry row that come from the document, as the JSON payload is read (reader/entry-rows.ts). */
const PAYLOAD_COLUMNS = {
  guid: "text",
  title: "text",
  url: "text",
  content: "text",
  description: "text",
  author: "text",
  author_url: "text",
  author_avatar: "text",
  language: "text",
  categories: "text[]",
  media: "jsonb",
  attachments: "jsonb",
  extra: "jsonb",
  content_hash: "text",
  published_at: "timestamptz",
  updated_at: "timestamptz",
} satisfies Record<keyof EntryRowPayload, string>
const PAYLOAD_NAMES = Object.keys(PAYLOAD_COLUMNS)
const INSERTED = ["id", "feed_id", ...PAYLOAD_NAMES, "inserted_at"]
/** Columns a changed entry rewrites: what the document says, except when it was first published. */
const UPDATED = PAYLOAD_NAMES.filter((c) => !["guid", "published_at"].includes(c))

// The statement around the payload never changes, so it is rendered once: drizzle's per-call query building cost
// more event-loop time than the rest of the upsert.
const recordType = Object.entries(PAYLOAD_COLUMNS)
  .map(([name, type]) => `${name} ${type}`)
  .join(", ")
const upsertTail = new PgDialect().sqlToQuery(sql`
    ), written as (
      insert into ${entries} (${sql.raw(INSERTED.join(", "))})
      select ${sql.raw(INSERTED.join(", "))} from input
      on conflict (feed_id, guid) do update set ${sql.raw(UPDATED.map((c) => `${c} = excluded.${c}`).join(", "))}
      where entries.content_hash is distinct from excluded.content_hash
      returning id, feed_id, published_at, inserted_at, (xmax = 0) as inserted
    ), fanned as (
      ${timelineInsert(sql`select id as entry_id, feed_id, published_at, inserted_at from written where inserted`)}
    )
    select id, inserted from written`).sql

export interface EntryBatchInput extends EntryBatch {
  feedId: string
  insertedAt: Date
  /** One new id per row, in order; rows that exist already keep theirs. */
  ids: string[]
}

/**
 * Upserts a batch of one feed's entries and writes every subscriber's timeline rows for the new ones, in one
 * statement: the rows travel as one JSON parameter beside their ids (a fixed number of parameters however long the
 * batch is), changed entries are rewritten, unchanged ones skipped. Subscribers are direct ones ("feed") and those
 * of every list that holds the feed (the list id). Answers the ids of the new entries and how many existing ones
 * changed.
 */
export async function upsertEntriesWithFanOut(
  db: DB,
  batch: EntryBatchInput,
): Promise<{ insertedIds: string[]; updated: number }> {
  // Kept prepared: the statement never changes, and planning it took the database a fifth of its time on it.
  const rows = await executePrepared<{ id: string; inserted: boolean }>(
    db,
    "entries_upsert",
    sql`
    with input as (
      select t.*, ${batch.feedId}::text as feed_id, ${batch.insertedAt.toISOString()}::timestamptz as inserted_at
      from rows from (
        jsonb_to_recordset(${batchJson(batch)}::jsonb) as (${sql.raw(recordType)}),
        unnest(${sql.param(batch.ids)}::text[])
      ) as t(${sql.raw(PAYLOAD_NAMES.join(", "))}, id)
      -- A refresh repeats mostly entries stored already: leave the unchanged ones out before the upsert, whose
      -- conflict path would lock (and so write and log) each of their rows only to skip it.
      where not exists (
        select 1 from entries e where e.feed_id = ${batch.feedId} and e.guid = t.guid
          and e.content_hash is not distinct from t.content_hash
      )
    ${sql.raw(upsertTail)}`,
  )
  return {
    insertedIds: rows.filter((r) => r.inserted).map((r) => r.id),
    updated: rows.filter((r) => !r.inserted).length,
  }
}

/**
 * The guids among a batch's rows that are not stored as they are (new, or with another content hash). A refresh
 * asks this first with the guids and hashes alone (a few KB), so the rows it repeats (most of a typical refresh)
 * never travel or get parsed: on the embedded database that was most of a refresh's cost.
 */
export async function changedGuids(db: DB, feedId: string, batch: EntryBatch): Promise<Set<string>> {
  const rows = await executePrepared<{ guid: string }>(
    db,
    "entries_changed",
    sql`select k.guid from unnest(${sql.param(batch.guids)}::text[], ${sql.param(batch.hashes)}::text[]) as k(guid, hash)
      where not exists (
        select 1 from ${entries} e where e.feed_id = ${feedId} and e.guid = k.guid and e.content_hash = k.hash
      )`,
  )
  return new Set(rows.map((row) => row.guid))
}

/**
 * A feed seen for the first time and its entries (one batch), in one statement and so atomically without a
 * transaction: a document that fails to store leaves no feed row behind. Nobody follows the feed yet, so nothing
 * fans out. Answers the feed row, or undefined when another request stored the same URL first.
 */
export async function insertNewFeedWithEntries(
  db: DB,
  feed: typeof feeds.$inferInsert & { id: string },
  batch: Omit<EntryBatchInput, "feedId">,
): Promise<FeedRow | undefined> {
  const created = db
    .$with("new_feed")
    .as(db.insert(feeds).values(feed).onConflictDoNothing({ target: feeds.url }).returning())
  const written = db.$with("written", { n: sql<number>`n` }).as(sql`
    insert into ${entries} (${sql.raw(INSERTED.join(", "))})
    select t.id, ${feed.id}::text, ${sql.raw(PAYLOAD_NAMES.map((c) => `t.${c}`).join(", "))},
      ${batch.insertedAt.toISOString()}::timestamptz
    from rows from (
      jsonb_to_recordset(${batchJson(batch)}::jsonb) as (${sql.raw(recordType)}),
      unnest(${sql.param(batch.ids)}::text[])
    ) as t(${sql.raw(PAYLOAD_NAMES.join(", "))}, id)
    where exists (select 1 from new_feed)
    returning 1 as n`)
  const [row] = await db.with(created, written).select().from(created)
  return row
}

/**
 * `insert into timeline` for the given entries (a query with entry_id, feed_id, published_at, inserted_at), one row
 * per subscriber: direct subscribers with the source "feed", list subscribers with the list's id. A user who gets
 * an entry both ways has one row carrying both sources; rows that exist already gain the new sources.
 */
export function timelineInsert(newEntries: SQL, onlyUser?: string): SQL {
  const forUser = (column: SQL) => (onlyUser ? sql`and ${column} = ${onlyUser}` : sql``)
  return sql`
    insert into ${timeline} (user_id, entry_id, feed_id, view, published_at, inserted_at, sources)
    select user_id, entry_id, feed_id, (array_agg(view order by direct desc))[1], published_at, inserted_at,
      array_agg(distinct source)
    from (
      select s.user_id, n.entry_id, n.feed_id, s.view, n.published_at, n.inserted_at, 'feed' as source, true as direct
      from (${newEntries}) n join ${subscriptions} s on s.feed_id = n.feed_id ${forUser(sql`s.user_id`)}
      union all
      select s.user_id, n.entry_id, n.feed_id, s.view, n.published_at, n.inserted_at, s.list_id, false
      from (${newEntries}) n join ${listFeeds} lf on lf.feed_id = n.feed_id
        join ${subscriptions} s on s.list_id = lf.list_id ${forUser(sql`s.user_id`)}
    ) fan
    group by user_id, entry_id, feed_id, published_at, inserted_at
    on conflict (user_id, entry_id) do update
      set sources = array(select distinct unnest(${timeline.sources} || excluded.sources))
      where not (${timeline.sources} @> excluded.sources)`
}

export interface EntryForUser {
  entry: EntryRow
  feed: FeedRow
  read: boolean | null
  view: number | null
  sources: string[] | null
  starredAt: Date | null
  /** Whether the user has any action rule (only then do the rules' results need working out). */
  hasRules: boolean
}

/**
 * An entry the user can see: it is in their timeline or among their starred items. One statement per database,
 * built once and kept prepared on each connection (an opened entry is among the most frequent calls).
 */
function entryForUserStatement(db: DB) {
  const userId = sql.placeholder("userId")
  return db
    .select({
      entry: entries,
      feed: feeds,
      read: readFlag(userId, entries.id),
      view: timeline.view,
      sources: timeline.sources,
      starredAt: collections.createdAt,
      hasRules: sql<boolean>`exists (select 1 from ${actions} a where a.user_id = ${userId} and a.rules <> '[]'::jsonb)`,
    })
    .from(entries)
    .innerJoin(feeds, eq(feeds.id, entries.feedId))
    .leftJoin(timeline, and(eq(timeline.userId, userId), eq(timeline.entryId, entries.id)))
    .leftJoin(collections, and(eq(collections.userId, userId), eq(collections.entryId, entries.id)))
    .where(and(eq(entries.id, sql.placeholder("entryId")), visibleTo(userId)))
    .limit(1)
    .prepare("entry_for_user")
}

const entryForUserStatements = new WeakMap<DB, ReturnType<typeof entryForUserStatement>>()

export async function findEntryForUser(db: DB, userId: string, entryId: string): Promise<EntryForUser | undefined> {
  let statement = entryForUserStatements.get(db)
  if (!statement) {
    statement = entryForUserStatement(db)
    entryForUserStatements.set(db, statement)
  }
  const [row] = await statement.execute({ userId, entryId })
  return row
}

function visibleTo(userId: string | Placeholder): SQL {
  return sql`(${timeline.userId} is not null or ${collections.userId} = ${userId})`
}

export async function latestEntries(db: DB, feedId: string, limit: number) {
  return db
    .select()
    .from(entries)
    .where(eq(entries.feedId, feedId))
    .orderBy(sql`${entries.publishedAt} desc`)
    .limit(limit)
}

export async function saveReadability(db: DB, entryId: string, content: string, at: Date) {
  await db.update(entries).set({ readabilityContent: content, readabilityUpdatedAt: at }).where(eq(entries.id, entryId))
}

/** Content of the entries among `ids` that the user can see (for the NDJSON stream). */
export async function contentForUser(db: DB, userId: string, ids: string[]) {
  if (!ids.length) return []
  return db
    .select({ id: entries.id, content: entries.content })
    .from(entries)
    .innerJoin(timeline, and(eq(timeline.userId, userId), eq(timeline.entryId, entries.id)))
    .where(inArray(entries.id, ids))
}

/**
 * The `perFeed` most recent entries of each feed the query names (a query with a feed_id column), one index range
 * scan per feed (entries_feed_published_idx) rather than a sort of all their entries.
 */
export function recentEntriesOf(feedQuery: SQL, perFeed: number): SQL {
  return sql`
    select e.id as entry_id, e.feed_id, e.published_at, e.inserted_at
    from (${feedQuery}) f cross join lateral (
      select id, feed_id, published_at, inserted_at from ${entries}
      where feed_id = f.feed_id order by published_at desc limit ${perFeed}
    ) e`
}
