// Who has read an entry: users with the entry read in their timeline whose subscription to its feed is public.
import { and, asc, eq, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { subscriptions, timeline, unread, user } from "./schema.ts"

// Only a direct, non-private feed subscription makes a reader visible; someone who follows the feed privately, or
// only through a list, stays hidden, so nothing reveals what they keep private.
function publicReaders(entryId: string): SQL {
  return and(
    eq(timeline.entryId, entryId),
    sql`not exists (select 1 from ${unread} u where u.user_id = ${timeline.userId} and u.entry_id = ${entryId})`,
    sql`exists (select 1 from ${subscriptions} s where s.user_id = ${timeline.userId}
      and s.feed_id = ${timeline.feedId} and not s.is_private)`,
  )!
}

export async function countPublicReaders(db: DB, entryId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(timeline).where(publicReaders(entryId))
  return row?.n ?? 0
}

export async function publicReadersPage(db: DB, entryId: string, offset: number, limit: number) {
  return db
    .select({ id: user.id, handle: user.handle, name: user.name, image: user.image })
    .from(timeline)
    .innerJoin(user, eq(user.id, timeline.userId))
    .where(publicReaders(entryId))
    .orderBy(asc(user.id))
    .offset(offset)
    .limit(limit)
}
