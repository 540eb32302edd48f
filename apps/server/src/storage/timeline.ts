// The per-user timeline: pages, unread counts and read state, each one indexed statement scoped to one user.
import { and, count, desc, eq, inArray, lt, not, type SQL, sql } from "drizzle-orm"
import { RUN_LIMIT } from "./collections.ts"
import type { DB } from "./db.ts"
import { listItemColumns, recentEntriesOf, timelineInsert } from "./entries.ts"
import { actions, collections, entries, feeds, pendingMarks, subscriptions, timeline } from "./schema.ts"

export interface TimelineFilter {
  userId: string
  view?: number
  feedIds?: string[]
  /** Entries that reach the user through this list. */
  listId?: string
  unreadOnly?: boolean
  /** Exclusive upper bound on publishedAt (the SDK's misnamed `publishedAfter`). */
  before?: Date
  excludePrivate?: boolean
  /** Leave out feeds the user hid from the timeline (when not looking at one feed). */
  excludeHidden?: boolean
  /** Bounds for mark-all-read. */
  publishedFrom?: Date
  publishedTo?: Date
  insertedBefore?: Date
}

function subscriptionFlag(flag: SQL): SQL {
  return sql`not exists (select 1 from ${subscriptions} s where s.user_id = ${timeline.userId}
    and s.feed_id = ${timeline.feedId} and ${flag})`
}

function conditions(f: TimelineFilter): SQL[] {
  const where: SQL[] = [eq(timeline.userId, f.userId)]
  if (f.view !== undefined) where.push(eq(timeline.view, f.view))
  if (f.feedIds)
    where.push(f.feedIds.length === 1 ? eq(timeline.feedId, f.feedIds[0]!) : inArray(timeline.feedId, f.feedIds))
  if (f.listId) where.push(sql`${f.listId} = any(${timeline.sources})`)
  if (f.unreadOnly) where.push(not(timeline.read))
  if (f.before) where.push(lt(timeline.publishedAt, f.before))
  if (f.publishedFrom) where.push(sql`${timeline.publishedAt} >= ${f.publishedFrom}`)
  if (f.publishedTo) where.push(sql`${timeline.publishedAt} <= ${f.publishedTo}`)
  if (f.insertedBefore) where.push(lt(timeline.insertedAt, f.insertedBefore))
  if (f.excludePrivate) where.push(subscriptionFlag(sql`s.is_private`))
  if (f.excludeHidden) where.push(subscriptionFlag(sql`s.hide_from_timeline`))
  return where
}

function pageQuery(db: DB, f: TimelineFilter, withContent: boolean, extra: SQL[] = []) {
  return db
    .select(listItemColumns(withContent, timeline.view))
    .from(timeline)
    .innerJoin(entries, eq(entries.id, timeline.entryId))
    .innerJoin(feeds, eq(feeds.id, timeline.feedId))
    .leftJoin(collections, and(eq(collections.userId, timeline.userId), eq(collections.entryId, timeline.entryId)))
    .where(and(...conditions(f), ...extra))
    .orderBy(desc(timeline.publishedAt), desc(timeline.entryId))
}

export type TimelineRow = Awaited<ReturnType<typeof pageQuery>>[number]

/**
 * A page, newest first. A page that ends inside a run of equal timestamps is extended to the end of the run,
 * because the next page starts strictly before that timestamp.
 */
export async function timelinePage(db: DB, f: TimelineFilter, limit: number, withContent = false) {
  const rows = await pageQuery(db, f, withContent).limit(limit)
  const last = rows.at(-1)
  if (rows.length < limit || !last) return rows
  const lastId = last.entry.id
  const tail = await pageQuery(db, f, withContent, [
    eq(timeline.publishedAt, last.entry.publishedAt),
    lt(timeline.entryId, lastId),
  ]).limit(RUN_LIMIT)
  return rows.concat(tail)
}

/** Unread counts per subscribed feed (zero included), for one view or all. */
export async function unreadCounts(db: DB, userId: string, view?: number) {
  return db
    .select({ feedId: subscriptions.feedId, count: sql<number>`count(${timeline.entryId})::int` })
    .from(subscriptions)
    .leftJoin(
      timeline,
      and(eq(timeline.userId, subscriptions.userId), eq(timeline.feedId, subscriptions.feedId), not(timeline.read)),
    )
    .where(
      and(
        eq(subscriptions.userId, userId),
        sql`${subscriptions.feedId} is not null`,
        view === undefined ? undefined : eq(subscriptions.view, view),
      ),
    )
    .groupBy(subscriptions.feedId)
}

/** Unread counts per subscribed list (zero included): one pass over the user's unread rows, counted per source. */
export async function listUnreadCounts(db: DB, userId: string, view?: number) {
  const rows = await db.execute<{ listId: string; count: number }>(sql`
    select s.list_id as "listId", coalesce(c.n, 0)::int as count
    from ${subscriptions} s
    left join (
      select src, count(*) as n from ${timeline} t cross join unnest(t.sources) src
      where t.user_id = ${userId} and not t.read and src <> 'feed' group by src
    ) c on c.src = s.list_id
    where s.user_id = ${userId} and s.list_id is not null ${view === undefined ? sql`` : sql`and s.view = ${view}`}`)
  return rows.rows
}

export async function totalUnread(db: DB, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timeline)
    .where(and(eq(timeline.userId, userId), not(timeline.read)))
  return row?.n ?? 0
}

/** Sets the read flag on the given entries; returns the entry ids that exist in the user's timeline. */
export async function setRead(db: DB, userId: string, entryIds: string[], read: boolean) {
  return db
    .update(timeline)
    .set({ read })
    .where(and(eq(timeline.userId, userId), inArray(timeline.entryId, entryIds)))
    .returning({ entryId: timeline.entryId, feedId: timeline.feedId })
}

/** Marks every unread row matching the filter read; answers how many per feed. */
export async function markAllRead(db: DB, f: TimelineFilter): Promise<Record<string, number>> {
  const changed = await db.execute<{ feed_id: string; n: number }>(sql`
    with marked as (
      update ${timeline} set read = true
      where ${and(...conditions({ ...f, unreadOnly: true }))}
      returning ${timeline.feedId}
    )
    select feed_id, count(*)::int as n from marked group by feed_id`)
  return Object.fromEntries(changed.rows.map((r) => [r.feed_id, r.n]))
}

export async function timelineRow(db: DB, userId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(timeline)
    .where(and(eq(timeline.userId, userId), eq(timeline.entryId, entryId)))
  return row
}

/** A timeline row that was just inserted: an entry entering one user's timeline, by whatever path. */
export type ArrivedRow = {
  userId: string
  entryId: string
  feedId: string
  view: number
}

/**
 * Runs a timeline insert and answers the rows it inserted (not those that only gained a source: their entry was
 * in the timeline already), only for users something may act on as entries arrive: those with action rules or
 * with imported marks waiting (services/arrivals.ts).
 */
export async function insertArrivals(db: DB, insert: SQL): Promise<ArrivedRow[]> {
  const result = await db.execute<ArrivedRow>(sql`
    with written as (${insert} returning user_id, entry_id, feed_id, view, (xmax = 0) as inserted)
    select w.user_id as "userId", w.entry_id as "entryId", w.feed_id as "feedId", w.view from written w
    where w.inserted and (exists (select 1 from ${actions} a where a.user_id = w.user_id)
      or exists (select 1 from ${pendingMarks} pm where pm.user_id = w.user_id))`)
  return result.rows
}

/** Rows per backfill statement: the embedded database runs each one on the event loop (500 took about 130 ms). */
const BACKFILL_CHUNK = 100

/**
 * Gives a new subscriber the feed's most recent entries, so the first page is there when subscribe returns. In
 * chunks with a turn of the event loop between them, so other requests do not wait for all of them.
 */
export async function backfill(db: DB, userId: string, feedId: string, limit: number): Promise<ArrivedRow[]> {
  const arrived: ArrivedRow[] = []
  for (let offset = 0; offset < limit; offset += BACKFILL_CHUNK) {
    if (offset) await new Promise((resolve) => setImmediate(resolve))
    const recent = sql`select id as entry_id, feed_id, published_at, inserted_at from ${entries}
      where feed_id = ${feedId} order by published_at desc, id desc
      limit ${Math.min(BACKFILL_CHUNK, limit - offset)} offset ${offset}`
    arrived.push(...(await insertArrivals(db, timelineInsert(recent, userId))))
  }
  return arrived
}

/** Removes one source from the rows in scope; rows that had only that source go. (Two statements: one statement
 * cannot both update and delete a row.) */
export async function removeSource(db: DB, scope: SQL, source: string) {
  await db.execute(sql`delete from ${timeline} where ${scope} and ${timeline.sources} <@ array[${source}]::text[]`)
  await db.execute(sql`update ${timeline} set sources = array_remove(sources, ${source}) where ${scope}`)
}

/** Unsubscribing from feeds: their entries stay only where a list still brings them. */
export async function removeFeedsFromTimeline(db: DB, userId: string, feedIds: string[]) {
  const scope = sql`${timeline.userId} = ${userId} and ${timeline.feedId} = any(${sql.param(feedIds)}::text[])
    and 'feed' = any(${timeline.sources})`
  await removeSource(db, scope, "feed")
}

export async function moveFeedToView(db: DB, userId: string, feedId: string | string[], view: number) {
  const ids = Array.isArray(feedId) ? feedId : [feedId]
  await db
    .update(timeline)
    .set({ view })
    .where(and(eq(timeline.userId, userId), inArray(timeline.feedId, ids)))
}

/** The newest timeline row inserted after `after` that matches the filter, if any. */
export async function newestInsertedAfter(db: DB, f: TimelineFilter, after: Date) {
  const [row] = await db
    .select({ entryId: timeline.entryId, insertedAt: timeline.insertedAt })
    .from(timeline)
    .where(and(...conditions(f), sql`${timeline.insertedAt} > ${after}`))
    .orderBy(desc(timeline.insertedAt))
    .limit(1)
  return row
}

export async function moveListToView(db: DB, userId: string, listId: string, view: number) {
  await db
    .update(timeline)
    .set({ view })
    .where(and(eq(timeline.userId, userId), sql`${listId} = any(${timeline.sources})`))
}

/** A new subscriber's rows for many feeds at once: each feed's most recent `perFeed` entries. */
export async function backfillMany(db: DB, userId: string, feedIds: string[], perFeed = 100): Promise<ArrivedRow[]> {
  if (!feedIds.length) return []
  const recent = recentEntriesOf(sql`select unnest(${sql.param(feedIds)}::text[]) as feed_id`, perFeed)
  return insertArrivals(db, timelineInsert(recent, userId))
}
