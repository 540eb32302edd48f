// Subscription rows; every query is scoped to one user.
import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm"
import { type DB, executePrepared } from "./db.ts"
import { feeds, subscriptions } from "./schema.ts"
import { subscriptionsJsonStatement } from "./wire-json.ts"

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type SubscriptionInsert = typeof subscriptions.$inferInsert

export async function listFeedSubscriptions(db: DB, userId: string, view?: number, publicOnly = false) {
  return db
    .select({ subscription: subscriptions, feed: feeds })
    .from(subscriptions)
    .innerJoin(feeds, eq(feeds.id, subscriptions.feedId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        view === undefined ? undefined : eq(subscriptions.view, view),
        publicOnly ? eq(subscriptions.isPrivate, false) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
}

/** GET /subscriptions's data as JSON text, built by the database in one prepared statement (wire-json.ts). */
export async function subscriptionsJson(db: DB, userId: string, view: number | undefined, othersOnly: boolean) {
  const [row] = await executePrepared<{ items: string }>(
    db,
    "subscriptions_json",
    subscriptionsJsonStatement(userId, view, othersOnly),
  )
  return row?.items ?? "[]"
}

export async function findFeedSubscription(db: DB, userId: string, feedId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)))
  return row
}

/** The subset of `feedIds` the user subscribes to. */
export async function ownedFeedIds(db: DB, userId: string, feedIds: string[]): Promise<string[]> {
  if (!feedIds.length) return []
  const rows = await db
    .select({ feedId: subscriptions.feedId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.feedId, feedIds)))
  return rows.map((r) => r.feedId!)
}

/** How many feeds (or lists) the user follows. */
export async function countSubscriptions(db: DB, userId: string, type: "feed" | "list"): Promise<number> {
  const column = type === "feed" ? subscriptions.feedId : subscriptions.listId
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(column)))
  return row?.n ?? 0
}

/** Creates a feed or list subscription, or updates it when the user already follows that feed or list. */
/** Creates the subscription, or updates the one the user has; `created` tells which. */
export async function upsertSubscription(
  db: DB,
  row: SubscriptionInsert & { type: "feed" | "list" },
): Promise<SubscriptionRow & { created: boolean }> {
  const column = row.type === "feed" ? subscriptions.feedId : subscriptions.listId
  const [saved] = await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [subscriptions.userId, column],
      targetWhere: sql`${column} is not null`,
      set: { view: row.view, category: row.category, title: row.title, isPrivate: row.isPrivate },
    })
    .returning({ ...getTableColumns(subscriptions), created: sql<boolean>`(xmax = 0)` })
  return saved!
}

export async function updateFeedSubscription(db: DB, userId: string, feedId: string, changes: SubscriptionChanges) {
  const [row] = await db
    .update(subscriptions)
    .set(changes)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)))
    .returning()
  return row
}

export async function deleteFeedSubscriptions(db: DB, userId: string, feedIds: string[]) {
  return db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.feedId, feedIds)))
    .returning({ feedId: subscriptions.feedId })
}

export async function setCategory(db: DB, userId: string, feedIds: string[], category: string | null) {
  await db
    .update(subscriptions)
    .set({ category })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.feedId, feedIds)))
}

export async function listCategories(db: DB, userId: string, view?: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: subscriptions.category })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.category),
        view === undefined ? undefined : eq(subscriptions.view, view),
      ),
    )
    .orderBy(asc(subscriptions.category))
  return rows.map((r) => r.category!)
}

/** The feed at this URL when the user subscribes to it. */
export async function findFeedByUrlForUser(db: DB, userId: string, url: string) {
  const [row] = await db
    .select({ id: feeds.id })
    .from(feeds)
    .innerJoin(subscriptions, and(eq(subscriptions.feedId, feeds.id), eq(subscriptions.userId, userId)))
    .where(eq(feeds.url, url))
  return row
}

export async function findListSubscription(db: DB, userId: string, listId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.listId, listId)))
  return row
}

/** List subscriptions with their lists. `publicOnly` leaves out private ones (another user's view of a profile). */
export type SubscriptionChanges = Partial<
  Pick<SubscriptionInsert, "view" | "category" | "title" | "isPrivate" | "hideFromTimeline">
>

export async function updateListSubscription(db: DB, userId: string, listId: string, changes: SubscriptionChanges) {
  const [row] = await db
    .update(subscriptions)
    .set(changes)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.listId, listId)))
    .returning()
  return row
}

export async function deleteListSubscription(db: DB, userId: string, listId: string): Promise<boolean> {
  const rows = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.listId, listId)))
    .returning({ id: subscriptions.id })
  return rows.length > 0
}

/** The same changes on many of the user's feed subscriptions; answers the feed ids changed. */
export async function updateFeedSubscriptions(db: DB, userId: string, feedIds: string[], changes: SubscriptionChanges) {
  const rows = await db
    .update(subscriptions)
    .set(changes)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.feedId, feedIds)))
    .returning({ feedId: subscriptions.feedId })
  return rows.map((r) => r.feedId!)
}

/** Inserts many feed subscriptions at once; existing ones are left as they are. Answers the feed ids added. */
export async function insertFeedSubscriptions(db: DB, rows: SubscriptionInsert[]): Promise<string[]> {
  if (!rows.length) return []
  const saved = await db
    .insert(subscriptions)
    .values(rows)
    .onConflictDoNothing({
      target: [subscriptions.userId, subscriptions.feedId],
      where: sql`${subscriptions.feedId} is not null`,
    })
    .returning({ feedId: subscriptions.feedId })
  return saved.map((r) => r.feedId!)
}
