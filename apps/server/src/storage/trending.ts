// Trending over a window (1 / 7 / 30 days): entries by their readers, lists and people by the public subscriptions
// made to what they own, and (storage/feeds.ts) feeds by their new public followers. Each is one grouped query over
// the window's rows (entry_reads_read_at_idx, subscriptions_public_created_idx); only numbers come back, never who.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { entries, entryReads, feeds, lists, subscriptions, user } from "./schema.ts"

/** Readers of an entry count unless they follow its feed privately: what someone keeps private stays out. */
const publicRead = sql`not exists (select 1 from ${subscriptions} p where p.user_id = "entry_reads"."user_id"
  and p.feed_id = "entry_reads"."feed_id" and p.is_private)`

function since(column: SQL | typeof entryReads.readAt, from: Date | undefined): SQL {
  return from ? sql`${column} >= ${from.toISOString()}::timestamptz` : sql`true`
}

export interface WindowFilter {
  since?: Date
  view?: number
  limit: number
}

/** Entries most read within the window, most readers first. */
export async function trendingEntries(db: DB, filter: WindowFilter) {
  const readers = sql<number>`count(*)::int`
  const ranked = db
    .select({ entryId: entryReads.entryId, readers: readers.as("readers") })
    .from(entryReads)
    .where(and(since(entryReads.readAt, filter.since), publicRead))
    .groupBy(entryReads.entryId)
    .orderBy(desc(readers), desc(entryReads.entryId))
    // Room for the view filter, which needs the entry's feed's view (the subscriptions'), applied below.
    .limit(filter.view === undefined ? filter.limit : filter.limit * 5)
    .as("ranked")
  const rows = await db
    .select({ entry: entries, feed: feeds, readers: ranked.readers })
    .from(ranked)
    .innerJoin(entries, eq(entries.id, ranked.entryId))
    .innerJoin(feeds, eq(feeds.id, entries.feedId))
    .where(
      filter.view === undefined
        ? undefined
        : sql`exists (select 1 from ${subscriptions} v where v.feed_id = ${feeds.id} and v.view = ${filter.view})`,
    )
    .orderBy(desc(ranked.readers), desc(entries.publishedAt))
    .limit(filter.limit)
  return rows
}

/** Public subscriptions to each list made within the window (lists with none are left out). */
function recentListFollows(from: Date | undefined) {
  return sql`select list_id, count(*)::int as recent from ${subscriptions}
    where not is_private and list_id is not null and ${since(sql`created_at`, from)} group by list_id`
}

/**
 * Lists ranked by public follows within the window, then by all their followers, newest last; with words, only
 * lists whose title or description holds them (GET /lists/discover), else all (GET /lists/trending).
 */
export async function rankedLists(db: DB, text: string | undefined, from: Date | undefined, limit: number) {
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const recent = sql<number>`coalesce(r.recent, 0)`
  // Qualified by hand: inside a raw fragment drizzle writes a bare "id", which the subquery reads as its own.
  const total = sql<number>`(select count(*)::int from ${subscriptions} s where s.list_id = "lists"."id")`
  return db
    .select({ list: lists, recent, total })
    .from(lists)
    .leftJoin(sql`(${recentListFollows(from)}) r`, sql`r.list_id = ${lists.id}`)
    .where(pattern ? sql`(${lists.title} ilike ${pattern} or ${lists.description} ilike ${pattern})` : undefined)
    .orderBy(desc(recent), desc(total), desc(lists.createdAt))
    .limit(limit)
}

/**
 * People whose lists and claimed feeds gained public followers within the window, and whose claimed feeds' entries
 * were read in it: followers first, then readers. Public profile fields only.
 */
export async function trendingUsers(db: DB, from: Date | undefined, limit: number) {
  const ranked = await db.execute<{ user_id: string; followers: number; readers: number }>(sql`
    select user_id, sum(followers)::int as followers, sum(readers)::int as readers from (
      select l.owner_user_id as user_id, count(*) as followers, 0 as readers
      from ${subscriptions} s join ${lists} l on l.id = s.list_id
      where not s.is_private and s.list_id is not null and ${since(sql`s.created_at`, from)}
      group by l.owner_user_id
      union all
      select f.owner_user_id, count(*), 0
      from ${subscriptions} s join ${feeds} f on f.id = s.feed_id
      where not s.is_private and s.feed_id is not null and f.owner_user_id is not null
        and ${since(sql`s.created_at`, from)}
      group by f.owner_user_id
      union all
      select f.owner_user_id, 0, count(*)
      from ${entryReads} join ${feeds} f on f.id = "entry_reads"."feed_id"
      where f.owner_user_id is not null and ${since(sql`"entry_reads"."read_at"`, from)} and ${publicRead}
      group by f.owner_user_id
    ) x group by user_id order by 2 desc, 3 desc, user_id limit ${limit}`)
  if (!ranked.rows.length) return []
  const people = await db
    .select({ id: user.id, name: user.name, handle: user.handle, image: user.image })
    .from(user)
    .where(
      inArray(
        user.id,
        ranked.rows.map((r) => r.user_id),
      ),
    )
  const byId = new Map(people.map((p) => [p.id, p]))
  return ranked.rows.flatMap((r) => {
    const person = byId.get(r.user_id)
    return person ? [{ user: person, followers: Number(r.followers), readers: Number(r.readers) }] : []
  })
}

/** Readers per feed within the window, for ordering trending feeds among equal follower counts. */
export function feedReadersSince(from: Date | undefined) {
  return sql`select feed_id, count(*)::int as readers from ${entryReads}
    where ${since(sql`"entry_reads"."read_at"`, from)} and ${publicRead} group by feed_id`
}
