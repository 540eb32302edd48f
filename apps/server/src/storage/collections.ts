// Starred entries (collections), scoped to one user.
import { and, eq, sql } from "drizzle-orm"
import { type DB, executePrepared } from "./db.ts"
import { dedupeOn, groupMembers } from "./duplicates.ts"
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
 * starred already stays as it was; while duplicates are grouped, its copies in other feeds are starred with it.
 * Answers whether the entry is in the user's timeline.
 */
export async function starTimelineEntry(db: DB, userId: string, entryId: string, view: number | undefined, at: Date) {
  const [row] = await executePrepared<{ found: boolean }>(
    db,
    "star",
    sql`
    with t as (select feed_id, view, duplicate_of from ${timeline} where user_id = ${userId} and entry_id = ${entryId}),
    starred as (
      insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
      select ${userId}, g.entry_id, g.feed_id, coalesce(${view ?? null}::smallint, g.view), ${at.toISOString()}::timestamptz
      from ${timeline} g
      where g.user_id = ${userId} and (g.entry_id = ${entryId} or g.entry_id in (${groupMembers(
        userId,
        sql`select coalesce(duplicate_of, ${entryId}) as head from t where ${dedupeOn(userId)}`,
      )}))
      on conflict do nothing
    )
    select exists (select 1 from t) as found`,
  )
  return row?.found ?? false
}

/** Unstars an entry (and, while duplicates are grouped, its copies in other feeds); answers whether it was starred. */
export async function removeCollection(db: DB, userId: string, entryId: string): Promise<boolean> {
  const heads = sql`select coalesce(t.duplicate_of, t.entry_id) as head from ${timeline} t
    where t.user_id = ${userId} and t.entry_id = ${entryId} and ${dedupeOn(userId)}`
  const removed = await db
    .delete(collections)
    .where(
      and(
        eq(collections.userId, userId),
        sql`(${collections.entryId} = ${entryId} or ${collections.entryId} in (${groupMembers(userId, heads)}))`,
      ),
    )
    .returning({ entryId: collections.entryId })
  return removed.some((r) => r.entryId === entryId)
}

/** The most a page grows to finish a run of equal times (bounds the answer; ingest keeps runs short). */
export const RUN_LIMIT = 1000
