// Feed rows: lookups, the state a fetch leaves behind, and the scheduler's claim on due feeds.
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm"
import { newId } from "../ids.ts"
import type { DB } from "./db.ts"
import { feeds, listFeeds, subscriptions } from "./schema.ts"
import { feedReadersSince } from "./trending.ts"

export type FeedRow = typeof feeds.$inferSelect
export type FeedInsert = typeof feeds.$inferInsert

export async function findFeedById(db: DB, id: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, id))
  return row
}

export async function findFeedByUrl(db: DB, url: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(feeds).where(eq(feeds.url, url))
  return row
}

/** Inserts a feed, or returns the one another request inserted for the same URL a moment earlier. */
export async function insertFeed(db: DB, feed: FeedInsert): Promise<FeedRow> {
  const [row] = await db.insert(feeds).values(feed).onConflictDoNothing({ target: feeds.url }).returning()
  return row ?? (await findFeedByUrl(db, feed.url))!
}

export async function updateFeed(db: DB, id: string, changes: Partial<FeedInsert>) {
  await db.update(feeds).set(changes).where(eq(feeds.id, id))
}

/**
 * Claims up to `limit` feeds that are due, pushing their next check out by `leaseMs` so that another scheduler
 * (or this one on its next tick) does not pick them while they are being fetched.
 */
export async function claimDueFeeds(db: DB, now: Date, limit: number, leaseMs: number): Promise<FeedRow[]> {
  const due = db
    .select({ id: feeds.id })
    .from(feeds)
    .where(
      and(
        lte(feeds.nextCheckAt, now),
        // Followed directly, or through a list someone follows; a feed nobody follows is not fetched.
        sql`(exists (select 1 from ${subscriptions} s where s.feed_id = ${feeds.id})
          or exists (select 1 from ${listFeeds} lf join ${subscriptions} s on s.list_id = lf.list_id
            where lf.feed_id = ${feeds.id}))`,
      ),
    )
    .orderBy(asc(feeds.nextCheckAt))
    .limit(limit)
    .for("update", { skipLocked: true })
  return db
    .update(feeds)
    .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
    .where(sql`${feeds.id} in (${due})`)
    .returning()
}

/**
 * Moves a feed's lease on to `to`, only while its next check is still `from` (the lease this holder took): once the
 * refresh has written its own next check, or another holder has taken the feed, a late heartbeat changes nothing.
 * Compared to the millisecond, since a feed inserted with now() holds microseconds a Date cannot carry.
 */
export async function extendFeedLease(db: DB, id: string, from: Date, to: Date): Promise<boolean> {
  const rows = await db
    .update(feeds)
    .set({ nextCheckAt: to })
    .where(and(eq(feeds.id, id), sql`date_trunc('milliseconds', ${feeds.nextCheckAt}) = ${from}`))
    .returning({ id: feeds.id })
  return rows.length > 0
}

export async function refreshSubscriptionCounts(db: DB, feedIds: string[]) {
  await db
    .update(feeds)
    .set({ subscriptionCount: sql`(select count(*)::int from ${subscriptions} s where s.feed_id = ${feeds.id})` })
    .where(inArray(feeds.id, feedIds))
}

/** Entries per week over the last four weeks, from their publication dates. */
export async function weeklyUpdateRate(db: DB, feedId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 28 * 86_400_000)
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from entries
    where feed_id = ${feedId} and published_at > ${since} and published_at <= ${now}`)
  return (rows.rows[0]?.n ?? 0) / 4
}

export async function findFeedsByIds(db: DB, ids: string[]): Promise<FeedRow[]> {
  if (!ids.length) return []
  return db.select().from(feeds).where(inArray(feeds.id, ids))
}

/** Feeds the user may look at: their own subscriptions, and feeds someone follows publicly. */
/** Whether anyone follows the feed (a feed only just found by POST /discover has no subscription yet). */
export async function feedIsFollowed(db: DB, feedId: string): Promise<boolean> {
  const [row] = await db
    .select({ feedId: subscriptions.feedId })
    .from(subscriptions)
    .where(eq(subscriptions.feedId, feedId))
    .limit(1)
  return Boolean(row)
}

export async function visibleFeedIds(db: DB, userId: string, feedIds: string[]): Promise<Set<string>> {
  if (!feedIds.length) return new Set()
  const rows = await db
    .selectDistinct({ feedId: subscriptions.feedId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.feedId, feedIds),
        sql`(${subscriptions.userId} = ${userId} or not ${subscriptions.isPrivate})`,
      ),
    )
  return new Set(rows.map((r) => r.feedId!))
}

/**
 * Publicly followed feeds whose title, site or URL contains `text`, most followed first. `languagePrefix` (e.g.
 * "en", "zh") keeps feeds in that language and those that do not say theirs.
 */
export async function searchPublicFeeds(
  db: DB,
  text: string,
  limit: number,
  languagePrefix?: string,
): Promise<FeedRow[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const language = languagePrefix
    ? sql`(${feeds.language} is null or lower(${feeds.language}) like ${`${languagePrefix}%`})`
    : sql`true`
  return db
    .select()
    .from(feeds)
    .where(
      and(
        sql`(${feeds.title} ilike ${pattern} or ${feeds.siteUrl} ilike ${pattern} or ${feeds.url} ilike ${pattern})`,
        sql`exists (select 1 from ${subscriptions} s where s.feed_id = ${feeds.id} and not s.is_private)`,
        language,
      ),
    )
    .orderBy(sql`${feeds.subscriptionCount} desc`, asc(feeds.title))
    .limit(limit)
}

export interface TrendingFilter {
  view?: number
  /** Feeds whose declared language starts with this (e.g. "en"); feeds that declare none stay in. */
  languagePrefix?: string
  since?: Date
  limit: number
}

/**
 * Feeds other people here follow publicly, most followed first, leaving out those the viewer follows already.
 * Only public subscriptions of other users are read, and only their number comes back.
 */
export async function trendingFeeds(db: DB, viewerId: string, filter: TrendingFilter) {
  const conditions = [
    sql`${subscriptions.feedId} is not null`,
    sql`not ${subscriptions.isPrivate}`,
    sql`${subscriptions.userId} <> ${viewerId}`,
    // Qualified by hand: inside a raw fragment drizzle may write a bare column, which the subquery reads as its own.
    sql`not exists (select 1 from ${subscriptions} mine where mine.user_id = ${viewerId}
      and mine.feed_id = "subscriptions"."feed_id")`,
  ]
  if (filter.view !== undefined) conditions.push(eq(subscriptions.view, filter.view))
  if (filter.since) conditions.push(sql`${subscriptions.createdAt} >= ${filter.since}`)
  if (filter.languagePrefix)
    conditions.push(sql`(${feeds.language} is null or ${feeds.language} ilike ${`${filter.languagePrefix}%`})`)
  const followers = sql<number>`count(*)::int`
  // Among equal follower counts, the feed read most within the same window comes first.
  const readers = sql<number>`coalesce(max(r.readers), 0)::int`
  return db
    .select({
      feed: feeds,
      followers,
      readers,
      view: sql<number>`mode() within group (order by ${subscriptions.view})`,
    })
    .from(subscriptions)
    .innerJoin(feeds, eq(feeds.id, subscriptions.feedId))
    .leftJoin(sql`(${feedReadersSince(filter.since)}) r`, sql`r.feed_id = ${feeds.id}`)
    .where(and(...conditions))
    .groupBy(feeds.id)
    .orderBy(desc(followers), desc(readers), asc(feeds.title))
    .limit(filter.limit)
}

/** Publicly followed rsshub:// feeds with their namespace/first-segment route, most followed first. */
export async function rsshubFeedCounts(db: DB) {
  const rows = await db
    .select()
    .from(feeds)
    .where(
      and(
        sql`${feeds.url} like 'rsshub://%'`,
        sql`exists (select 1 from ${subscriptions} s where s.feed_id = ${feeds.id} and not s.is_private)`,
      ),
    )
    .orderBy(sql`${feeds.subscriptionCount} desc`)
    .limit(1000)
  return rows.map((feed) => ({
    route: `/${feed.url.slice("rsshub://".length).split("/").slice(0, 2).join("/")}`,
    feed,
  }))
}

/** Makes sure a feed row exists for every URL (new ones due now); answers all of them by URL. */
export async function ensureFeeds(db: DB, urls: string[], now: Date): Promise<Map<string, FeedRow>> {
  if (!urls.length) return new Map()
  await db.execute(sql`
    insert into ${feeds} (id, url, next_check_at, updated_at)
    select id, url, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(${sql.param(urls.map(() => newId()))}::text[], ${sql.param(urls)}::text[]) as t(id, url)
    on conflict (url) do nothing`)
  const rows = await db.select().from(feeds).where(inArray(feeds.url, urls))
  return new Map(rows.map((r) => [r.url, r]))
}

/** Health of the rsshub:// feeds (optionally of one namespace or route): how many fetched cleanly last time. */
export async function rsshubFeedHealth(db: DB, prefix: string) {
  const [row] = await db
    .select({
      ok: sql<number>`count(*) filter (where ${feeds.errorAt} is null and ${feeds.checkedAt} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${feeds.errorAt} is not null)::int`,
    })
    .from(feeds)
    .where(
      and(
        sql`${feeds.url} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        // Only feeds someone follows publicly: the probe needs no session, and private subscriptions stay private.
        sql`exists (select 1 from ${subscriptions} s where s.feed_id = ${feeds.id} and not s.is_private)`,
      ),
    )
  return { ok: row?.ok ?? 0, failed: row?.failed ?? 0 }
}
