// The queries of the sync protocols (sync/greader.ts, sync/fever.ts): item keys paged from the timeline's indexes,
// one page of items with their read and star state, the feeds and labels — each one statement scoped to one user.
import { type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { collections, unreadCounts as counters, entries, feeds, subscriptions, timeline, unread } from "./schema.ts"
import { conditions } from "./timeline.ts"

export interface StreamFilter {
  userId: string
  /** Only these feeds (a feed or a label's feeds); an empty list matches nothing. */
  feedIds?: string[]
  /** The starred stream: ordered and paged like the others, from the user's stars. */
  starred?: boolean
  /** true: unread only (xt=read); false: read only (it=read / s=read). */
  unread?: boolean
  /** Leave out starred items (xt=starred). */
  notStarred?: boolean
  /** Published at or after (ot) / before (nt). */
  from?: Date
  to?: Date
  oldestFirst?: boolean
  /** Keyset continuation: the last key of the previous page. */
  after?: { usec: string; entryId: string }
}

export interface ItemKey {
  entryId: string
  feedId: string
  /** The publish time in microseconds since the epoch, as the database holds it (a Date keeps only milliseconds). */
  usec: string
}

/**
 * A page of item keys in the order asked, straight from an index in that order: `unread` for unread-only streams,
 * `timeline` otherwise (one feed: its own index range), the user's stars for the starred stream.
 */
export async function streamKeys(db: DB, f: StreamFilter, limit: number): Promise<ItemKey[]> {
  if (f.feedIds?.length === 0) return []
  const dir = sql.raw(f.oldestFirst ? "asc" : "desc")
  const cmp = sql.raw(f.oldestFirst ? ">" : "<")
  const where: SQL[] = []
  let from: SQL
  if (f.starred) {
    // Stars are few beside a timeline: gathered with their entries' times and sorted.
    from = sql`(select c.user_id, c.entry_id, c.feed_id, e.published_at from ${collections} c
      join ${entries} e on e.id = c.entry_id where c.user_id = ${f.userId}) x`
    where.push(sql`x.user_id = ${f.userId}`)
    if (f.feedIds) where.push(sql`x.feed_id = any(${sql.param(f.feedIds)}::text[])`)
    if (f.unread !== undefined) where.push(unreadTest(f.unread, f.userId))
  } else {
    from = sql`${f.unread ? unread : timeline} x`
    where.push(...conditions({ userId: f.userId, feedIds: f.feedIds }))
    if (f.unread === false) where.push(unreadTest(false, f.userId))
  }
  if (f.notStarred)
    where.push(
      sql`not exists (select 1 from ${collections} c2 where c2.user_id = ${f.userId} and c2.entry_id = x.entry_id)`,
    )
  if (f.from) where.push(sql`x.published_at >= ${f.from.toISOString()}::timestamptz`)
  if (f.to) where.push(sql`x.published_at < ${f.to.toISOString()}::timestamptz`)
  if (f.after) {
    where.push(
      sql`(x.published_at, x.entry_id) ${cmp} (timestamptz 'epoch' + ${f.after.usec}::bigint * interval '1 microsecond', ${f.after.entryId}::text)`,
    )
  }
  const rows = await db.execute<{ entry_id: string; feed_id: string; usec: string }>(sql`
    select x.entry_id, x.feed_id, (extract(epoch from x.published_at) * 1000000)::bigint::text as usec from ${from}
    where ${sql.join(where, sql` and `)}
    order by x.published_at ${dir}, x.entry_id ${dir} limit ${limit}`)
  return rows.rows.map((r) => ({ entryId: r.entry_id, feedId: r.feed_id, usec: r.usec }))
}

function unreadTest(isUnread: boolean, userId: string): SQL {
  const test = sql`exists (select 1 from ${unread} u where u.user_id = ${userId} and u.entry_id = x.entry_id)`
  return isUnread ? test : sql`not ${test}`
}

export interface SyncItem {
  id: string
  feedId: string
  feedUrl: string
  feedTitle: string | null
  siteUrl: string | null
  category: string | null
  title: string | null
  url: string | null
  author: string | null
  content: string | null
  attachments: { url: string; mime_type?: string; size_in_bytes?: number }[] | null
  publishedAt: Date
  /** publishedAt in microseconds, exactly as stored. */
  publishedUsec: string
  insertedAt: Date
  updatedAt: Date | null
  read: boolean
  starred: boolean
}

/**
 * The items with these ids that the user can see (in their timeline or starred), each with its feed, the user's
 * name and label for the feed, and its read and star state; in the order of `ids`' published times.
 */
export async function itemsByIds(db: DB, userId: string, ids: string[], oldestFirst = false): Promise<SyncItem[]> {
  if (!ids.length) return []
  const dir = sql.raw(oldestFirst ? "asc" : "desc")
  const rows = await db.execute<Record<string, unknown>>(sql`
    select e.id, e.feed_id, f.url as feed_url, coalesce(s.title, f.title) as feed_title, f.site_url, s.category,
      e.title, e.url, e.author, e.content, e.description, e.attachments, e.published_at, e.inserted_at, e.updated_at,
      (extract(epoch from e.published_at) * 1000000)::bigint::text as usec,
      not exists (select 1 from ${unread} u where u.user_id = ${userId} and u.entry_id = e.id) as read,
      exists (select 1 from ${collections} c where c.user_id = ${userId} and c.entry_id = e.id) as starred
    from ${entries} e
    join ${feeds} f on f.id = e.feed_id
    left join ${subscriptions} s on s.user_id = ${userId} and s.feed_id = e.feed_id
    where e.id = any(${sql.param(ids)}::text[])
      and (exists (select 1 from ${timeline} t where t.user_id = ${userId} and t.entry_id = e.id)
        or exists (select 1 from ${collections} c where c.user_id = ${userId} and c.entry_id = e.id))
    order by e.published_at ${dir}, e.id ${dir}`)
  return rows.rows.map((r) => ({
    id: r.id as string,
    feedId: r.feed_id as string,
    feedUrl: r.feed_url as string,
    feedTitle: (r.feed_title as string | null) ?? null,
    siteUrl: (r.site_url as string | null) ?? null,
    category: (r.category as string | null) ?? null,
    title: (r.title as string | null) ?? null,
    url: (r.url as string | null) ?? null,
    author: (r.author as string | null) ?? null,
    content: ((r.content ?? r.description) as string | null) ?? null,
    attachments: (r.attachments as SyncItem["attachments"]) ?? null,
    publishedAt: new Date(r.published_at as string),
    publishedUsec: r.usec as string,
    insertedAt: new Date(r.inserted_at as string),
    updatedAt: r.updated_at ? new Date(r.updated_at as string) : null,
    read: Boolean(r.read),
    starred: Boolean(r.starred),
  }))
}

/** The subset of `ids` in the user's timeline. */
export async function ownTimelineIds(db: DB, userId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await db.execute<{ entry_id: string }>(sql`select entry_id from ${timeline}
    where user_id = ${userId} and entry_id = any(${sql.param(ids)}::text[])`)
  return rows.rows.map((r) => r.entry_id)
}

export interface SyncFeed {
  feedId: string
  url: string
  title: string | null
  siteUrl: string | null
  category: string | null
  createdAt: Date
  checkedAt: Date | null
}

/** The user's feed subscriptions (lists and inboxes are not feeds to these protocols), in the order followed. */
export async function syncFeeds(db: DB, userId: string): Promise<SyncFeed[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select s.feed_id, f.url, coalesce(s.title, f.title) as title, f.site_url, s.category, s.created_at, f.checked_at
    from ${subscriptions} s join ${feeds} f on f.id = s.feed_id
    where s.user_id = ${userId} order by s.created_at, s.id`)
  return rows.rows.map((r) => ({
    feedId: r.feed_id as string,
    url: r.url as string,
    title: (r.title as string | null) ?? null,
    siteUrl: (r.site_url as string | null) ?? null,
    category: (r.category as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    checkedAt: r.checked_at ? new Date(r.checked_at as string) : null,
  }))
}

/** Unread count and newest unread publish time per subscribed feed: counters, and one index probe per feed. */
export async function unreadPerFeed(db: DB, userId: string) {
  const rows = await db.execute<{ feed_id: string; count: number; newest: string | null }>(sql`
    select s.feed_id, coalesce(c.count, 0)::int as count,
      (select u.published_at from ${unread} u where u.user_id = s.user_id and u.feed_id = s.feed_id
        order by u.published_at desc limit 1) as newest
    from ${subscriptions} s left join ${counters} c on c.user_id = s.user_id and c.source_id = s.feed_id
    where s.user_id = ${userId} and s.feed_id is not null`)
  return rows.rows.map((r) => ({
    feedId: r.feed_id,
    count: Number(r.count),
    newest: r.newest ? new Date(r.newest) : null,
  }))
}

/** The user's feeds with this label (category). */
export async function feedIdsWithCategory(db: DB, userId: string, category: string): Promise<string[]> {
  const rows = await db.execute<{ feed_id: string }>(sql`select feed_id from ${subscriptions}
    where user_id = ${userId} and feed_id is not null and category = ${category}`)
  return rows.rows.map((r) => r.feed_id)
}

/** The user's subscribed feeds whose URL is one of `urls`, or whose id is one of them. */
export async function feedIdsByUrlOrId(db: DB, userId: string, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map()
  const rows = await db.execute<{ feed_id: string; url: string }>(sql`
    select s.feed_id, f.url from ${subscriptions} s join ${feeds} f on f.id = s.feed_id
    where s.user_id = ${userId} and (f.url = any(${sql.param(keys)}::text[]) or f.id = any(${sql.param(keys)}::text[]))`)
  const byKey = new Map<string, string>()
  for (const r of rows.rows) {
    byKey.set(r.url, r.feed_id)
    byKey.set(r.feed_id, r.feed_id)
  }
  return byKey
}

/** Stars the entries of the user's timeline among `ids` (one statement); already starred ones stay as they were. */
export async function starMany(db: DB, userId: string, ids: string[], at: Date): Promise<void> {
  if (!ids.length) return
  await db.execute(sql`insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
    select user_id, entry_id, feed_id, view, ${at.toISOString()}::timestamptz from ${timeline}
    where user_id = ${userId} and entry_id = any(${sql.param(ids)}::text[])
    on conflict do nothing`)
}

export async function unstarMany(db: DB, userId: string, ids: string[]): Promise<void> {
  if (!ids.length) return
  await db.execute(
    sql`delete from ${collections} where user_id = ${userId} and entry_id = any(${sql.param(ids)}::text[])`,
  )
}

/**
 * Fever pages items by id. Ids are snowflakes, and the timeline's key orders them as text: the same as by number
 * while they have the same number of digits, which every id made from 2025 to 2031 has (18).
 */
export async function feverItemKeys(
  db: DB,
  userId: string,
  page: { sinceId?: string; maxId?: string },
  limit: number,
): Promise<string[]> {
  const where: SQL[] = [sql`user_id = ${userId}`]
  if (page.sinceId) where.push(sql`entry_id > ${page.sinceId}`)
  if (page.maxId) where.push(sql`entry_id < ${page.maxId}`)
  const dir = sql.raw(page.maxId && !page.sinceId ? "desc" : "asc")
  const rows = await db.execute<{ entry_id: string }>(sql`select entry_id from ${timeline}
    where ${sql.join(where, sql` and `)} order by entry_id ${dir} limit ${limit}`)
  return rows.rows.map((r) => r.entry_id)
}

export async function countTimeline(db: DB, userId: string): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${timeline} where user_id = ${userId}`,
  )
  return Number(rows.rows[0]?.n ?? 0)
}

/** Every unread (or starred) item id of the user, comma-separated, as Fever answers them. */
export async function unreadIdList(db: DB, userId: string): Promise<string> {
  const rows = await db.execute<{ ids: string | null }>(
    sql`select string_agg(entry_id, ',' order by entry_id) as ids from ${unread} where user_id = ${userId}`,
  )
  return rows.rows[0]?.ids ?? ""
}

export async function starredIdList(db: DB, userId: string): Promise<string> {
  const rows = await db.execute<{ ids: string | null }>(
    sql`select string_agg(entry_id, ',' order by entry_id) as ids from ${collections} where user_id = ${userId}`,
  )
  return rows.rows[0]?.ids ?? ""
}

export async function userProfile(db: DB, userId: string) {
  const rows = await db.execute<{ name: string; email: string; created_at: string }>(
    sql`select name, email, created_at from "user" where id = ${userId}`,
  )
  const row = rows.rows[0]
  return row && { name: row.name, email: row.email, createdAt: new Date(row.created_at) }
}
