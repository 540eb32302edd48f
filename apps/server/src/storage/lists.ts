// Lists and their feeds. Changes to membership reach every list subscriber's timeline in set-based statements.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { recentEntriesOf, timelineInsert } from "./entries.ts"
import { entries, feeds, listFeeds, lists, subscriptions, timeline } from "./schema.ts"
import { type ArrivedRow, insertArrivals, removeSource } from "./timeline.ts"

export type ListRow = typeof lists.$inferSelect
export type ListInsert = typeof lists.$inferInsert

export async function insertList(db: DB, row: ListInsert): Promise<ListRow> {
  const [saved] = await db.insert(lists).values(row).returning()
  return saved!
}

export async function findList(db: DB, id: string): Promise<ListRow | undefined> {
  const [row] = await db.select().from(lists).where(eq(lists.id, id))
  return row
}

export async function findListsByIds(db: DB, ids: string[]): Promise<ListRow[]> {
  return ids.length ? db.select().from(lists).where(inArray(lists.id, ids)) : []
}

export async function listsOwnedBy(db: DB, userId: string): Promise<ListRow[]> {
  return db.select().from(lists).where(eq(lists.ownerUserId, userId)).orderBy(asc(lists.createdAt))
}

export async function countListsOwnedBy(db: DB, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lists).where(eq(lists.ownerUserId, userId))
  return row?.n ?? 0
}

export async function updateList(db: DB, id: string, changes: Partial<ListInsert>) {
  await db.update(lists).set(changes).where(eq(lists.id, id))
}

export async function deleteList(db: DB, id: string) {
  await db.delete(lists).where(eq(lists.id, id))
}

/** Feed ids per list, for the given lists. */
export async function feedIdsOfLists(db: DB, listIds: string[]): Promise<Map<string, string[]>> {
  const byList = new Map<string, string[]>(listIds.map((id) => [id, []]))
  if (!listIds.length) return byList
  const rows = await db
    .select({ listId: listFeeds.listId, feedId: listFeeds.feedId })
    .from(listFeeds)
    .where(inArray(listFeeds.listId, listIds))
    .orderBy(asc(listFeeds.createdAt), asc(listFeeds.feedId))
  for (const r of rows) byList.get(r.listId)?.push(r.feedId)
  return byList
}

export async function feedsOfList(db: DB, listId: string) {
  return db
    .select({ feed: feeds })
    .from(listFeeds)
    .innerJoin(feeds, eq(feeds.id, listFeeds.feedId))
    .where(eq(listFeeds.listId, listId))
    .orderBy(asc(listFeeds.createdAt))
    .then((rows) => rows.map((r) => r.feed))
}

/** Subscriber counts per list (the owner included when subscribed). */
export async function subscriberCounts(db: DB, listIds: string[]): Promise<Map<string, number>> {
  if (!listIds.length) return new Map()
  const rows = await db
    .select({ listId: subscriptions.listId, n: count() })
    .from(subscriptions)
    .where(inArray(subscriptions.listId, listIds))
    .groupBy(subscriptions.listId)
  return new Map(rows.map((r) => [r.listId!, r.n]))
}

export async function countOtherSubscribers(db: DB, listId: string, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.listId, listId), sql`${subscriptions.userId} <> ${ownerId}`))
  return row?.n ?? 0
}

/** Adds feeds to a list; answers the ids that were not in it yet. */
export async function addListFeeds(db: DB, listId: string, feedIds: string[]): Promise<string[]> {
  const rows = await db
    .insert(listFeeds)
    .values(feedIds.map((feedId) => ({ listId, feedId })))
    .onConflictDoNothing()
    .returning({ feedId: listFeeds.feedId })
  return rows.map((r) => r.feedId)
}

export async function removeListFeed(db: DB, listId: string, feedId: string): Promise<boolean> {
  const rows = await db
    .delete(listFeeds)
    .where(and(eq(listFeeds.listId, listId), eq(listFeeds.feedId, feedId)))
    .returning({ feedId: listFeeds.feedId })
  return rows.length > 0
}

/** Recent entries of these feeds into the timelines of the list's subscribers (or one of them). */
export async function backfillListEntries(
  db: DB,
  listId: string,
  feedIds: string[] | undefined,
  onlyUser?: string,
): Promise<ArrivedRow[]> {
  const listed = sql`select feed_id from ${listFeeds} where list_id = ${listId}
    ${feedIds ? sql`and feed_id = any(${sql.param(feedIds)}::text[])` : sql``}`
  return insertArrivals(db, timelineInsert(recentEntriesOf(listed, 200), onlyUser))
}

/**
 * Takes a list out of timelines: the list id leaves the rows' sources (for the given feeds, or all), and rows left
 * with no source are deleted. Scoped to one subscriber or to every subscriber of the list.
 */
export async function withdrawListEntries(db: DB, listId: string, feedIds?: string[], onlyUser?: string) {
  const users = onlyUser
    ? sql`${timeline.userId} = ${onlyUser}`
    : sql`${timeline.userId} in (select user_id from ${subscriptions} where list_id = ${listId})`
  const scope = sql`${users} and ${listId} = any(${timeline.sources})
    ${feedIds ? sql`and ${timeline.feedId} = any(${sql.param(feedIds)}::text[])` : sql``}`
  await removeSource(db, scope, listId)
}

/** Lists whose title or description contains the text, most followed first. */
/** Latest entries of the list's feeds, for the list page. */
export async function latestListEntries(db: DB, listId: string, limit: number) {
  const recent = recentEntriesOf(sql`select feed_id from ${listFeeds} where list_id = ${listId}`, limit)
  const ids = await db.execute<{ entry_id: string }>(
    sql`select entry_id from (${recent}) r order by published_at desc limit ${limit}`,
  )
  if (!ids.rows.length) return []
  return db
    .select({ entry: entries, feed: feeds })
    .from(entries)
    .innerJoin(feeds, eq(feeds.id, entries.feedId))
    .where(
      inArray(
        entries.id,
        ids.rows.map((r) => r.entry_id),
      ),
    )
    .orderBy(desc(entries.publishedAt))
}
