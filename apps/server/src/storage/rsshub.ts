// Own RSSHub instances (schema.rsshubInstances) and each user's choice (schema.rsshubUsage). A user sees their own
// instances and the shared (admin) ones; every query takes the caller's id so nobody reaches another's rows.
import { and, asc, desc, eq, or, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { rsshubInstances, rsshubUsage, subscriptions, user } from "./schema.ts"

export type RsshubInstanceRow = typeof rsshubInstances.$inferSelect

/** Visible to `userId`: their own, or shared by an admin. */
const visibleTo = (userId: string) => or(eq(rsshubInstances.ownerUserId, userId), eq(rsshubInstances.shared, true))

const userCount = sql<number>`(select count(*)::int from ${rsshubUsage} where ${rsshubUsage.rsshubId} = ${rsshubInstances.id})`

/** The instances a user may use, with their owner, how many use each, and whether this user does. */
export function listVisibleInstances(db: DB, userId: string) {
  return db
    .select({
      instance: rsshubInstances,
      userCount,
      inUse: sql<boolean>`exists (select 1 from ${rsshubUsage} where ${rsshubUsage.rsshubId} = ${rsshubInstances.id} and ${rsshubUsage.userId} = ${userId})`,
      owner: { id: user.id, handle: user.handle, name: user.name, image: user.image },
    })
    .from(rsshubInstances)
    .leftJoin(user, eq(user.id, rsshubInstances.ownerUserId))
    .where(visibleTo(userId))
    .orderBy(desc(rsshubInstances.shared), asc(rsshubInstances.createdAt), asc(rsshubInstances.id))
}

export async function findVisibleInstance(db: DB, userId: string, id: string) {
  const [row] = await db
    .select({ instance: rsshubInstances, userCount })
    .from(rsshubInstances)
    .where(and(eq(rsshubInstances.id, id), visibleTo(userId)))
  return row
}

export async function countOwnInstances(db: DB, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rsshubInstances)
    .where(eq(rsshubInstances.ownerUserId, userId))
  return row?.n ?? 0
}

export async function findOwnInstanceByUrl(db: DB, userId: string, baseUrl: string) {
  const [row] = await db
    .select()
    .from(rsshubInstances)
    .where(and(eq(rsshubInstances.ownerUserId, userId), eq(rsshubInstances.baseUrl, baseUrl)))
  return row
}

export async function insertInstance(db: DB, row: typeof rsshubInstances.$inferInsert) {
  const [saved] = await db.insert(rsshubInstances).values(row).returning()
  return saved!
}

export async function updateInstance(db: DB, id: string, changes: Partial<typeof rsshubInstances.$inferInsert>) {
  await db.update(rsshubInstances).set(changes).where(eq(rsshubInstances.id, id))
}

export async function deleteInstance(db: DB, id: string) {
  await db.delete(rsshubInstances).where(eq(rsshubInstances.id, id))
}

/** How many users other than `userId` use the instance. */
export async function countOtherUsers(db: DB, id: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rsshubUsage)
    .where(and(eq(rsshubUsage.rsshubId, id), sql`${rsshubUsage.userId} <> ${userId}`))
  return row?.n ?? 0
}

export async function findUsage(db: DB, userId: string) {
  const [row] = await db.select().from(rsshubUsage).where(eq(rsshubUsage.userId, userId))
  return row
}

export async function setUsage(db: DB, userId: string, rsshubId: string, now: Date) {
  await db
    .insert(rsshubUsage)
    .values({ userId, rsshubId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: rsshubUsage.userId, set: { rsshubId, updatedAt: now } })
}

export async function clearUsage(db: DB, userId: string) {
  await db.delete(rsshubUsage).where(eq(rsshubUsage.userId, userId))
}

/**
 * The own instances to fetch a feed's rsshub:// route from, best first, in one statement: the one `userId` (someone
 * subscribing right now) chose, then those the feed's subscribers chose (most used first), then instances those
 * people own without using, then the shared ones. `chosen` says whether anyone chose the instance.
 */
export async function instancesForFeed(db: DB, feedId: string | null, userId: string | null) {
  const result = await db.execute<{
    id: string
    base_url: string
    access_key_encrypted: string | null
    rank: number
  }>(sql`
    select i.id, i.base_url, i.access_key_encrypted, max(c.rank)::int as rank
    from (
      select u.rsshub_id as id, 1000000000 as rank from ${rsshubUsage} u where u.user_id = ${userId}
      union all
      select u.rsshub_id, 1000000 + count(*)::int
      from ${subscriptions} s join ${rsshubUsage} u on u.user_id = s.user_id
      where s.feed_id = ${feedId}
      group by u.rsshub_id
      union all
      select o.id, 1 from ${rsshubInstances} o where o.owner_user_id = ${userId}
      union all
      select o.id, 1 from ${subscriptions} s join ${rsshubInstances} o on o.owner_user_id = s.user_id
      where s.feed_id = ${feedId}
      union all
      select o.id, 0 from ${rsshubInstances} o where o.shared
    ) c
    join ${rsshubInstances} i on i.id = c.id
    group by i.id, i.base_url, i.access_key_encrypted, i.created_at
    order by rank desc, i.created_at asc, i.id asc
  `)
  return result.rows.map((r) => ({
    id: r.id,
    baseUrl: r.base_url,
    accessKeyEncrypted: r.access_key_encrypted,
    chosen: r.rank >= 1000000,
  }))
}
