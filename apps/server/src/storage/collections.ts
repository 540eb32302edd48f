// Starred entries (collections), scoped to one user.
import { and, eq, sql } from "drizzle-orm"
import { type DB, executePrepared } from "./db.ts"
import { collections, timeline } from "./schema.ts"

export async function isCollected(db: DB, userId: string, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ entryId: collections.entryId })
    .from(collections)
    .where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)))
  return Boolean(row)
}

/**
 * Stars an entry of the user's timeline (in the view given, else its timeline view), in one statement; an entry
 * starred already stays as it was. Answers whether the entry is in the user's timeline.
 */
export async function starTimelineEntry(db: DB, userId: string, entryId: string, view: number | undefined, at: Date) {
  const [row] = await executePrepared<{ found: boolean }>(
    db,
    "star",
    sql`
    with t as (select feed_id, view from ${timeline} where user_id = ${userId} and entry_id = ${entryId}),
    starred as (
      insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
      select ${userId}, ${entryId}, feed_id, coalesce(${view ?? null}::smallint, view), ${at.toISOString()}::timestamptz
      from t on conflict do nothing
    )
    select exists (select 1 from t) as found`,
  )
  return row?.found ?? false
}

export async function removeCollection(db: DB, userId: string, entryId: string): Promise<boolean> {
  const removed = await db
    .delete(collections)
    .where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)))
    .returning({ entryId: collections.entryId })
  return removed.length > 0
}

/** The most a page grows to finish a run of equal times (bounds the answer; ingest keeps runs short). */
export const RUN_LIMIT = 1000
