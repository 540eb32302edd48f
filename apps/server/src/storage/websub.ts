// WebSub subscriptions (one per feed with a hub): finding, recording a hub, claiming what is due, state changes.
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { listFeeds, subscriptions, websubSubscriptions } from "./schema.ts"

export type WebSubRow = typeof websubSubscriptions.$inferSelect
export type WebSubState = "idle" | "pending" | "active" | "unsubscribing" | "failed"

export async function findWebSub(db: DB, feedId: string): Promise<WebSubRow | undefined> {
  const [row] = await db.select().from(websubSubscriptions).where(eq(websubSubscriptions.feedId, feedId))
  return row
}

export async function findWebSubs(db: DB, feedIds: string[]): Promise<WebSubRow[]> {
  if (!feedIds.length) return []
  return db.select().from(websubSubscriptions).where(inArray(websubSubscriptions.feedId, feedIds))
}

export async function findWebSubByCallback(db: DB, callbackId: string): Promise<WebSubRow | undefined> {
  const [row] = await db.select().from(websubSubscriptions).where(eq(websubSubscriptions.callbackId, callbackId))
  return row
}

/**
 * Records the hub a fetch found. A new row, or one whose hub or topic changed, starts idle and due at `dueAt`
 * (null: not until something asks); an unchanged one is left alone. Answers the row as it now stands.
 */
export async function recordHub(
  db: DB,
  row: { feedId: string; hub: string; topic: string; callbackId: string; secret: string },
  dueAt: Date | null,
  now: Date,
): Promise<WebSubRow> {
  const fresh = { state: "idle", nextActionAt: dueAt, errorCount: 0, lastError: null, updatedAt: now }
  const [saved] = await db
    .insert(websubSubscriptions)
    .values({ ...row, ...fresh })
    .onConflictDoUpdate({
      target: websubSubscriptions.feedId,
      set: { hub: row.hub, topic: row.topic, secret: row.secret, ...fresh, leaseExpiresAt: null },
      setWhere: sql`${websubSubscriptions.hub} <> excluded.hub or ${websubSubscriptions.topic} <> excluded.topic`,
    })
    .returning()
  return saved ?? (await findWebSub(db, row.feedId))!
}

/** Makes an idle subscription due now (a polled feed is followed: it is worth subscribing). */
export async function markIdleDue(db: DB, feedId: string, now: Date): Promise<void> {
  await db
    .update(websubSubscriptions)
    .set({ nextActionAt: now })
    .where(
      and(
        eq(websubSubscriptions.feedId, feedId),
        eq(websubSubscriptions.state, "idle"),
        sql`${websubSubscriptions.nextActionAt} is null`,
      ),
    )
}

/** Claims subscriptions whose next action is due, pushing it `holdMs` on so no other process takes them meanwhile. */
export async function claimDueWebSubs(db: DB, now: Date, limit: number, holdMs: number): Promise<WebSubRow[]> {
  const due = db
    .select({ feedId: websubSubscriptions.feedId })
    .from(websubSubscriptions)
    .where(and(isNotNull(websubSubscriptions.nextActionAt), lte(websubSubscriptions.nextActionAt, now)))
    .orderBy(websubSubscriptions.nextActionAt)
    .limit(limit)
    .for("update", { skipLocked: true })
  return db
    .update(websubSubscriptions)
    .set({ nextActionAt: new Date(now.getTime() + holdMs) })
    .where(sql`${websubSubscriptions.feedId} in (${due})`)
    .returning()
}

export async function updateWebSub(db: DB, feedId: string, changes: Partial<typeof websubSubscriptions.$inferInsert>) {
  const [row] = await db
    .update(websubSubscriptions)
    .set(changes)
    .where(eq(websubSubscriptions.feedId, feedId))
    .returning()
  return row
}

/** Changes a subscription only while it is still in one of `states` (a verification may have overtaken us). */
export async function updateWebSubIn(
  db: DB,
  feedId: string,
  states: WebSubState[],
  changes: Partial<typeof websubSubscriptions.$inferInsert>,
) {
  const rows = await db
    .update(websubSubscriptions)
    .set(changes)
    .where(and(eq(websubSubscriptions.feedId, feedId), inArray(websubSubscriptions.state, states)))
    .returning({ feedId: websubSubscriptions.feedId })
  return rows.length > 0
}

/** Of these feeds, those someone follows, directly or through a list they follow. */
export async function followedFeedIds(db: DB, feedIds: string[]): Promise<Set<string>> {
  if (!feedIds.length) return new Set()
  const direct = db
    .selectDistinct({ feedId: subscriptions.feedId })
    .from(subscriptions)
    .where(inArray(subscriptions.feedId, feedIds))
  const listed = db
    .selectDistinct({ feedId: listFeeds.feedId })
    .from(listFeeds)
    .innerJoin(subscriptions, eq(subscriptions.listId, listFeeds.listId))
    .where(inArray(listFeeds.feedId, feedIds))
  const rows = await direct.union(listed)
  return new Set(rows.map((r) => r.feedId).filter((id): id is string => !!id))
}

/** Whether pushes keep a feed fresh now: a lease that has not lapsed (a renewal may be under way). */
export function pushIsLive(row: WebSubRow | undefined, now: Date): boolean {
  return (
    !!row &&
    (row.state === "active" || row.state === "pending") &&
    !!row.leaseExpiresAt &&
    row.leaseExpiresAt.getTime() > now.getTime()
  )
}
