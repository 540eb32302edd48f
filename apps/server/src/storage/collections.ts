// Starred entries (collections), scoped to one user.
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { listItemColumns, readFlag } from "./entries.ts"
import { collections, entries, feeds, timeline, unread } from "./schema.ts"

export async function isCollected(db: DB, userId: string, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ entryId: collections.entryId })
    .from(collections)
    .where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)))
  return Boolean(row)
}

export async function addCollection(db: DB, row: typeof collections.$inferInsert) {
  await db.insert(collections).values(row).onConflictDoNothing()
}

export async function removeCollection(db: DB, userId: string, entryId: string): Promise<boolean> {
  const removed = await db
    .delete(collections)
    .where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)))
    .returning({ entryId: collections.entryId })
  return removed.length > 0
}

interface CollectionFilter {
  userId: string
  view?: number
  before?: Date
  unreadOnly?: boolean
}

function collectionQuery(db: DB, filter: CollectionFilter, withContent: boolean, extra: SQL[] = []) {
  const where: (SQL | undefined)[] = [eq(collections.userId, filter.userId), ...extra]
  if (filter.view !== undefined) where.push(eq(collections.view, filter.view))
  if (filter.before) where.push(lt(collections.createdAt, filter.before))
  if (filter.unreadOnly) {
    where.push(
      sql`exists (select 1 from ${unread} u where u.user_id = ${filter.userId} and u.entry_id = ${collections.entryId})`,
    )
  }
  return db
    .select({
      ...listItemColumns(withContent, collections.view),
      read: readFlag(filter.userId, collections.entryId),
      sources: timeline.sources,
    })
    .from(collections)
    .innerJoin(entries, eq(entries.id, collections.entryId))
    .innerJoin(feeds, eq(feeds.id, collections.feedId))
    .leftJoin(timeline, and(eq(timeline.userId, collections.userId), eq(timeline.entryId, collections.entryId)))
    .where(and(...where))
    .orderBy(desc(collections.createdAt), desc(collections.entryId))
}

/**
 * Starred entries, most recently starred first; `before` bounds the star time. Like a timeline page, a page that
 * ends inside a run of equal star times (a rule stars many entries at once) runs to the end of it.
 */
export async function collectionPage(db: DB, filter: CollectionFilter, limit: number, withContent = false) {
  const rows = await collectionQuery(db, filter, withContent).limit(limit)
  const last = rows.at(-1)
  if (rows.length < limit || !last?.starredAt) return rows
  const tail = await collectionQuery(db, filter, withContent, [
    eq(collections.createdAt, last.starredAt),
    lt(collections.entryId, last.entry.id),
  ]).limit(RUN_LIMIT)
  return rows.concat(tail)
}

/** The most a page grows to finish a run of equal times (bounds the answer; ingest keeps runs short). */
export const RUN_LIMIT = 1000
