// Read and star state imported for entries not here yet (see schema.ts pendingMarks), and its application as the
// entries arrive. Set-based: one statement per call however many marks.
import { sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { collections, entries, feeds, pendingMarks, timeline, unread } from "./schema.ts"
import type { ArrivedRow } from "./timeline.ts"

export interface PendingMark {
  feedUrl: string
  guid: string
  read: boolean
  starredAt: Date | null
  starView: number | null
}

/** Stores marks for one user; a mark given twice keeps the union of both (read, and the star). */
export async function insertPendingMarks(db: DB, userId: string, marks: PendingMark[], now: Date): Promise<void> {
  if (!marks.length) return
  const col = <T>(pick: (m: PendingMark) => T) => sql.param(marks.map(pick))
  await db.execute(sql`
    insert into ${pendingMarks} (user_id, feed_url, guid, read, starred_at, star_view, created_at)
    select ${userId}, x.feed_url, x.guid, bool_or(x.read), min(x.starred_at), min(x.star_view), ${now.toISOString()}::timestamptz
    from unnest(${col((m) => m.feedUrl)}::text[], ${col((m) => m.guid)}::text[], ${col((m) => m.read)}::boolean[],
      ${col((m) => m.starredAt?.toISOString() ?? null)}::timestamptz[], ${col((m) => m.starView)}::smallint[])
      as x(feed_url, guid, read, starred_at, star_view)
    group by x.feed_url, x.guid
    on conflict (user_id, feed_url, guid) do update set read = ${pendingMarks.read} or excluded.read,
      starred_at = coalesce(${pendingMarks.starredAt}, excluded.starred_at),
      star_view = coalesce(${pendingMarks.starView}, excluded.star_view)`)
}

/**
 * Applies the marks waiting for these arrived rows (matched by the entry's feed URL and guid): read state onto the
 * timeline row, the star into collections; the marks applied are removed. One statement.
 */
export async function applyPendingMarks(db: DB, rows: ArrivedRow[]): Promise<void> {
  if (!rows.length) return
  const users = sql.param(rows.map((r) => r.userId))
  const ids = sql.param(rows.map((r) => r.entryId))
  await db.execute(sql`
    with applied as (
      delete from ${pendingMarks} pm
      using unnest(${users}::text[], ${ids}::text[]) as x(user_id, entry_id), ${entries} e, ${feeds} f
      where e.id = x.entry_id and f.id = e.feed_id
        and pm.user_id = x.user_id and pm.feed_url = f.url and pm.guid = e.guid
      returning pm.user_id, x.entry_id, e.feed_id, pm.read, pm.starred_at, pm.star_view
    ), marked as (
      delete from ${unread} u using applied a
      where a.read and u.user_id = a.user_id and u.entry_id = a.entry_id
    )
    insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
    select user_id, entry_id, feed_id, coalesce(star_view, 0), starred_at from applied where starred_at is not null
    on conflict do nothing`)
}

/** The timeline rows just written for new entries `entryIds` of one feed whose users have marks waiting for them. */
export async function findArrivalsWithPendingMarks(db: DB, feedId: string, entryIds: string[]): Promise<ArrivedRow[]> {
  const result = await db.execute<ArrivedRow>(sql`
    select t.user_id as "userId", t.entry_id as "entryId", t.feed_id as "feedId", t.view
    from ${entries} e
    join ${feeds} f on f.id = e.feed_id
    join ${pendingMarks} pm on pm.feed_url = f.url and pm.guid = e.guid
    join ${timeline} t on t.user_id = pm.user_id and t.entry_id = e.id
    where e.feed_id = ${feedId} and e.id = any(${sql.param(entryIds)}::text[])`)
  return result.rows
}

/**
 * Stars need no timeline row (a starred entry stays visible after unsubscribing), so a user's star marks whose
 * entry exists here already are applied at once, whether or not the entry will ever enter their timeline. The
 * read half of a mark stays pending for the timeline.
 */
export async function applyStarsToExistingEntries(db: DB, userId: string): Promise<void> {
  await db.execute(sql`
    with found as (
      select pm.feed_url, pm.guid, e.id as entry_id, e.feed_id, pm.starred_at, pm.star_view
      from ${pendingMarks} pm
      join ${feeds} f on f.url = pm.feed_url
      join ${entries} e on e.feed_id = f.id and e.guid = pm.guid
      where pm.user_id = ${userId} and pm.starred_at is not null
    ), starred as (
      insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
      select ${userId}, entry_id, feed_id, coalesce(star_view, 0), starred_at from found
      on conflict do nothing
    ), unstarred as (
      update ${pendingMarks} pm set starred_at = null, star_view = null from found
      where pm.user_id = ${userId} and pm.feed_url = found.feed_url and pm.guid = found.guid and pm.read
    )
    delete from ${pendingMarks} pm using found
    where pm.user_id = ${userId} and pm.feed_url = found.feed_url and pm.guid = found.guid and not pm.read`)
}
