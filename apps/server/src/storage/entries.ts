// Entry rows: the ingest upsert and the reads that need an entry's content.
import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { collections, entries, feeds, listFeeds, subscriptions, timeline } from "./schema.ts"

export type EntryRow = typeof entries.$inferSelect
export type FeedRow = typeof feeds.$inferSelect

const { content: _content, contentHash: _hash, readabilityContent: _rc, ...listEntryColumns } = getTableColumns(entries)

/** What an entry list item selects: the entry without its heavy columns (content only when asked), its feed, and
 * the user's state. `view` comes from the table the list is built on. */
export function listItemColumns(withContent: boolean, view: typeof timeline.view | typeof collections.view) {
  return {
    entry: withContent ? { ...listEntryColumns, content: entries.content } : listEntryColumns,
    feed: feeds,
    read: timeline.read,
    view,
    sources: timeline.sources,
    starredAt: collections.createdAt,
  }
}

const TEXT_COLUMNS = [
  "id",
  "feed_id",
  "guid",
  "title",
  "url",
  "content",
  "description",
  "author",
  "author_url",
  "author_avatar",
  "language",
  "content_hash",
] as const
const JSON_COLUMNS = ["categories", "media", "attachments", "extra"] as const
const UPDATED = [...TEXT_COLUMNS.slice(3), ...JSON_COLUMNS, "updated_at"]

export interface NewEntry {
  id: string
  feed_id: string
  guid: string
  title: string | null
  url: string | null
  content: string | null
  description: string | null
  author: string | null
  author_url: string | null
  author_avatar: string | null
  language: string | null
  content_hash: string
  categories: string[] | null
  media: unknown
  attachments: unknown
  extra: unknown
  published_at: Date
  updated_at: Date | null
  inserted_at: Date
}

/**
 * Upserts a batch of one feed's entries and writes every subscriber's timeline rows for the new ones, in one
 * statement: the batch travels as one array per column (a fixed number of parameters however long it is), changed
 * entries are rewritten, unchanged ones skipped. Subscribers are direct ones ("feed") and those of every list that
 * holds the feed (the list id). Answers the ids of the new entries and how many existing ones changed.
 */
export async function upsertEntriesWithFanOut(
  db: DB,
  rows: NewEntry[],
): Promise<{ insertedIds: string[]; updated: number }> {
  const column = (name: keyof NewEntry) => sql.param(rows.map((r) => r[name]))
  const json = (name: keyof NewEntry) => sql.param(rows.map((r) => (r[name] == null ? null : JSON.stringify(r[name]))))
  const time = (name: "published_at" | "inserted_at") => sql.param(rows.map((r) => r[name].toISOString()))
  const arrays = [
    ...TEXT_COLUMNS.map((c) => sql`${column(c)}::text[]`),
    ...JSON_COLUMNS.map((c) => sql`${json(c)}::text[]`),
    sql`${time("published_at")}::timestamptz[]`,
    sql`${sql.param(rows.map((r) => r.updated_at?.toISOString() ?? null))}::timestamptz[]`,
    sql`${time("inserted_at")}::timestamptz[]`,
  ]
  const names = [...TEXT_COLUMNS, ...JSON_COLUMNS, "published_at", "updated_at", "inserted_at"].join(", ")
  const result = await db.execute<{ id: string; inserted: boolean }>(sql`
    with input as (
      select * from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.raw(names)})
    ), written as (
      insert into ${entries} (${sql.raw(names)})
      select ${sql.raw([...TEXT_COLUMNS].join(", "))},
        case when categories is null then null else array(select jsonb_array_elements_text(categories::jsonb)) end,
        media::jsonb, attachments::jsonb, extra::jsonb, published_at, updated_at, inserted_at
      from input
      on conflict (feed_id, guid) do update set ${sql.raw(UPDATED.map((c) => `${c} = excluded.${c}`).join(", "))}
      where entries.content_hash is distinct from excluded.content_hash
      returning id, feed_id, published_at, inserted_at, (xmax = 0) as inserted
    ), fanned as (
      ${timelineInsert(sql`select id as entry_id, feed_id, published_at, inserted_at from written where inserted`)}
    )
    select id, inserted from written`)
  return {
    insertedIds: result.rows.filter((r) => r.inserted).map((r) => r.id),
    updated: result.rows.filter((r) => !r.inserted).length,
  }
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
}

/** An entry the user can see: it is in their timeline or among their starred items. */
export async function findEntryForUser(db: DB, userId: string, entryId: string): Promise<EntryForUser | undefined> {
  const [row] = await db
    .select({
      entry: entries,
      feed: feeds,
      read: timeline.read,
      view: timeline.view,
      sources: timeline.sources,
      starredAt: collections.createdAt,
    })
    .from(entries)
    .innerJoin(feeds, eq(feeds.id, entries.feedId))
    .leftJoin(timeline, and(eq(timeline.userId, userId), eq(timeline.entryId, entries.id)))
    .leftJoin(collections, and(eq(collections.userId, userId), eq(collections.entryId, entries.id)))
    .where(and(eq(entries.id, entryId), visibleTo(userId)))
    .limit(1)
  return row
}

function visibleTo(userId: string): SQL {
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
