// The reads the chat's tools and @-mentions make over a user's own entries: their timeline (feeds and lists they
// follow) and their inboxes, never anyone else's.
import { and, eq, inArray, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { entries, feeds, inboxEntries, inboxes, subscriptions, timeline, unread } from "./schema.ts"

export interface EntryHit {
  id: string
  title: string | null
  url: string | null
  /** The start of the description or content (HTML), for a snippet. */
  excerpt: string | null
  publishedAt: Date
  /** The feed's title, or the inbox's. */
  source: string | null
  feedId: string | null
  inbox: string | null
  read: boolean
}

export interface EntrySearch {
  /** Every word must appear in the title, description or content (case-insensitive). */
  words: string[]
  limit: number
  feedId?: string
  from?: Date
  to?: Date
  unreadOnly?: boolean
  /** How many of the newest timeline rows in the window are looked at, at most. */
  scan: number
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function matchAll(words: string[], title: unknown, description: unknown, content: unknown) {
  if (!words.length) return sql`true`
  return sql.join(
    words.map((w) => {
      const p = likePattern(w)
      return sql`(${title} ilike ${p} or ${description} ilike ${p} or ${content} ilike ${p})`
    }),
    sql` and `,
  )
}

/**
 * Entries the user can see (their timeline: feeds and lists they follow; and their inboxes' entries) that match
 * every word, newest first. Only the newest `scan` timeline rows of the window are searched, so a user with a huge
 * timeline cannot make one search read all of it.
 */
export async function searchEntriesForUser(db: DB, userId: string, s: EntrySearch): Promise<EntryHit[]> {
  const window = sql.join(
    [
      sql`t.user_id = ${userId}`,
      ...(s.feedId ? [sql`t.feed_id = ${s.feedId}`] : []),
      ...(s.from ? [sql`t.published_at >= ${s.from.toISOString()}`] : []),
      ...(s.to ? [sql`t.published_at < ${s.to.toISOString()}`] : []),
      ...(s.unreadOnly
        ? [sql`exists (select 1 from ${unread} u where u.user_id = t.user_id and u.entry_id = t.entry_id)`]
        : []),
    ],
    sql` and `,
  )
  const fromTimeline = sql`
    select e.id, e.title, e.url, left(coalesce(nullif(e.description, ''), e.content), 1000) as excerpt,
      e.published_at, f.title as source, f.id as feed_id, null::text as inbox,
      not exists (select 1 from ${unread} u where u.user_id = ${userId} and u.entry_id = e.id) as read
    from (select entry_id, published_at from ${timeline} t where ${window}
          order by t.published_at desc limit ${s.scan}) t
    join ${entries} e on e.id = t.entry_id
    join ${feeds} f on f.id = e.feed_id
    where ${matchAll(s.words, sql`e.title`, sql`e.description`, sql`e.content`)}
    order by t.published_at desc limit ${s.limit}`
  const inboxWindow = sql.join(
    [
      sql`i.user_id = ${userId}`,
      ...(s.from ? [sql`ie.published_at >= ${s.from.toISOString()}`] : []),
      ...(s.to ? [sql`ie.published_at < ${s.to.toISOString()}`] : []),
      ...(s.unreadOnly ? [sql`not ie.read`] : []),
    ],
    sql` and `,
  )
  const fromInboxes = sql`
    select ie.id, ie.title, ie.url, left(coalesce(nullif(ie.description, ''), ie.content), 1000) as excerpt,
      ie.published_at, coalesce(i.title, i.handle) as source, null::text as feed_id, i.handle as inbox, ie.read
    from (select ie.* from ${inboxEntries} ie join ${inboxes} i on i.handle = ie.inbox_handle
          where ${inboxWindow} order by ie.published_at desc limit ${s.scan}) ie
    join ${inboxes} i on i.handle = ie.inbox_handle
    where ${matchAll(s.words, sql`ie.title`, sql`ie.description`, sql`ie.content`)}
    order by ie.published_at desc limit ${s.limit}`
  // A feed filter names a feed, never an inbox.
  const query = s.feedId
    ? fromTimeline
    : sql`select * from ((${fromTimeline}) union all (${fromInboxes})) hits order by published_at desc limit ${s.limit}`
  const result = await db.execute<{
    id: string
    title: string | null
    url: string | null
    excerpt: string | null
    published_at: string | Date
    source: string | null
    feed_id: string | null
    inbox: string | null
    read: boolean
  }>(query)
  return result.rows.map((r) => ({
    id: r.id,
    title: r.title,
    url: r.url,
    excerpt: r.excerpt,
    publishedAt: new Date(r.published_at),
    source: r.source,
    feedId: r.feed_id,
    inbox: r.inbox,
    read: r.read,
  }))
}

/** A feed the user follows (directly or through a list they follow), or undefined. */
export async function followedFeed(db: DB, userId: string, feedId: string) {
  const [row] = await db
    .select({
      id: feeds.id,
      title: feeds.title,
      url: feeds.url,
      siteUrl: feeds.siteUrl,
      description: feeds.description,
    })
    .from(feeds)
    .where(
      and(
        eq(feeds.id, feedId),
        sql`(exists (select 1 from ${subscriptions} s where s.user_id = ${userId} and s.feed_id = ${feeds.id})
          or exists (select 1 from ${timeline} t where t.user_id = ${userId} and t.feed_id = ${feeds.id}))`,
      ),
    )
  return row
}

/** Which of `ids` are the user's inbox entries (the rest, if theirs at all, are timeline entries). */
export async function ownInboxEntryIds(db: DB, userId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await db
    .select({ id: inboxEntries.id })
    .from(inboxEntries)
    .innerJoin(inboxes, eq(inboxes.handle, inboxEntries.inboxHandle))
    .where(and(inArray(inboxEntries.id, ids), eq(inboxes.userId, userId)))
  return rows.map((r) => r.id)
}
