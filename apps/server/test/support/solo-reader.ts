// One reader and their feeds written straight into the tables, for the tests that need a large timeline of a single
// reader (plans of the self-hosted case, mark all read with copies): much faster than ingesting it through the API.
import { sql } from "drizzle-orm"
import { newId, newIds } from "../../src/ids.ts"
import type { DB } from "../../src/storage/db.ts"

/**
 * The reader `userId` follows `feedIds` (view 0), each with `perFeed` entries a minute apart, newest first in the
 * answer's order (entry n is n minutes old), all in the reader's timeline and unread. Answers the entry ids in that
 * order.
 */
export async function seedSoloReader(
  db: DB,
  { userId, feedIds, perFeed, name }: { userId: string; feedIds: string[]; perFeed: number; name: string },
): Promise<string[]> {
  const now = sql.raw(String(Date.now() / 1000))
  const domain = `${name.replace(/\W+/g, "-")}.test`
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values (${userId}, ${name}, ${`${userId}@${domain}`}, true)`)
  await db.execute(sql`insert into feeds (id, url, title)
    select id, ${`https://${domain}/`} || id, 'feed ' || id from unnest(${sql.param(feedIds)}::text[]) id`)
  const entryIds = newIds(feedIds.length * perFeed)
  await db.execute(sql`insert into entries (id, feed_id, guid, title, published_at, inserted_at)
    select e.id, (${sql.param(feedIds)}::text[])[1 + (e.n - 1) % ${feedIds.length}], 'g' || e.n, 'title ' || e.n,
      to_timestamp(${now} - e.n * 60), to_timestamp(${now} - e.n * 30)
    from unnest(${sql.param(entryIds)}::text[]) with ordinality as e(id, n)`)
  await db.execute(sql`insert into subscriptions (id, user_id, type, feed_id, view)
    select ${newId()} || '-' || f.n, ${userId}, 'feed', f.id, 0
    from unnest(${sql.param(feedIds)}::text[]) with ordinality as f(id, n)`)
  await db.execute(sql`insert into timeline (user_id, entry_id, feed_id, view, published_at, inserted_at)
    select ${userId}, id, feed_id, 0, published_at, inserted_at from entries
    where feed_id = any(${sql.param(feedIds)}::text[])`)
  return entryIds
}

/**
 * Makes every `every`-th of the reader's rows (oldest first) a copy of the row before it, as the search indexer
 * groups duplicates across feeds after they arrive: their row versions are then the table's last.
 */
export async function groupEveryNth(db: DB, userId: string, every: number): Promise<void> {
  await db.execute(sql`with r as (
      select entry_id, row_number() over (order by published_at, entry_id) as n from timeline where user_id = ${userId}
    )
    update timeline t set duplicate_of = h.entry_id from r c join r h on h.n = c.n - 1
    where t.user_id = ${userId} and t.entry_id = c.entry_id and c.n % ${every} = 0`)
}

/** Takes the reader and their feeds away again (the rest cascades): on PostgreSQL the test database outlives a run. */
export async function removeSoloReader(db: DB, userId: string, feedIds: string[]): Promise<void> {
  await db.execute(sql`delete from "user" where id = ${userId}`)
  await db.execute(sql`delete from feeds where id = any(${sql.param(feedIds)}::text[])`)
}
