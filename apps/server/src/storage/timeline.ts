// The per-user timeline: pages, unread counts and read state, each one indexed statement scoped to one user. A row is
// unread while `unread` holds its key (decision 0005): reading deletes that narrow row, and triggers keep the copy
// and the per-source counters (`unread_counts`) in step with every change of the timeline.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm"
import { RUN_LIMIT } from "./collections.ts"
import { type DB, executePrepared, withTransaction } from "./db.ts"
import { alsoInJson, dedupeOn, groupedFor, groupMembers } from "./duplicates.ts"
import { recentEntriesOf, timelineInsert } from "./entries.ts"
import {
  actions,
  collections,
  unreadCounts as counters,
  entries,
  feeds,
  inboxEntries,
  inboxes,
  listFeeds,
  pendingMarks,
  subscriptions,
  timeline,
  unread,
} from "./schema.ts"
import { entryJson, feedJson, isoJson } from "./wire-json.ts"

export interface TimelineFilter {
  userId: string
  view?: number
  feedIds?: string[]
  /** Entries that reach the user through this list. */
  listId?: string
  unreadOnly?: boolean
  /** Exclusive upper bound on publishedAt (the SDK's misnamed `publishedAfter`). */
  before?: Date
  excludePrivate?: boolean
  /** Leave out feeds the user hid from the timeline (when not looking at one feed). */
  excludeHidden?: boolean
  /** Bounds for mark-all-read. */
  publishedFrom?: Date
  publishedTo?: Date
  insertedBefore?: Date
}

/** Up to this many feeds, a page over several feeds takes each feed's newest rows from its own index range. */
const PER_FEED_MAX = 32

/**
 * The conditions of a filter on rows of `timeline` or `unread` (same columns) under the alias `x`; `byFeed: false`
 * leaves the feeds to the caller (a page read feed by feed).
 */
export function conditions(f: TimelineFilter, { byFeed = true } = {}): SQL[] {
  const feedIds = byFeed ? f.feedIds : undefined
  const where: SQL[] = [sql`x.user_id = ${f.userId}`]
  if (f.view !== undefined) where.push(sql`x.view = ${f.view}`)
  if (feedIds?.length === 1) where.push(sql`x.feed_id = ${feedIds[0]}`)
  // Many feeds (a large category) are most of a timeline: filtered while reading the timeline's order, never
  // gathered from each feed's index and sorted (the expression keeps the planner off that index).
  else if (feedIds) where.push(sql`(x.feed_id || '') = any(${sql.param(feedIds)}::text[])`)
  // Containment rather than = any(): ANALYZE keeps statistics of the elements, so the planner can count the rows.
  if (f.listId) where.push(sql`x.sources @> array[${f.listId}]::text[]`)
  // A cursor's value is hidden from the planner (a subquery): how deep it reaches into one reader's timeline is not
  // something column statistics of all readers can tell, and guessing "a few rows" there makes it sort them all.
  if (f.before) where.push(sql`x.published_at < (select ${f.before.toISOString()}::timestamptz)`)
  if (f.publishedFrom) where.push(sql`x.published_at >= ${f.publishedFrom.toISOString()}::timestamptz`)
  if (f.publishedTo) where.push(sql`x.published_at <= ${f.publishedTo.toISOString()}::timestamptz`)
  if (f.insertedBefore) where.push(sql`x.inserted_at < ${f.insertedBefore.toISOString()}::timestamptz`)
  if (f.excludePrivate) where.push(subscriptionFlag(sql`s.is_private`))
  if (f.excludeHidden) where.push(subscriptionFlag(sql`s.hide_from_timeline`))
  return where
}

function subscriptionFlag(flag: SQL): SQL {
  return sql`not exists (select 1 from ${subscriptions} s where s.user_id = x.user_id and s.feed_id = x.feed_id and ${flag})`
}

const PAGE_COLUMNS = sql.raw("x.entry_id, x.feed_id, x.view, x.published_at, x.sources")
const NEWEST_FIRST = sql.raw("order by published_at desc, entry_id desc")

/** The largest page a call may ask for (http.ts `pageLimit`). */
const PAGE_MAX = 100

/**
 * `query` (ending in its order) cut to its first `n` rows, as a prepared statement should say it. With the limit a
 * parameter alone the planner guesses a tenth of the rows, which prices the generic plan several times above the
 * custom ones, so PostgreSQL plans every call anew, in about a millisecond: more than running it. A literal ceiling
 * gives the planner the scale and the parameter outside it cuts to the page; both stop reading at their last row.
 */
function firstRows(query: SQL, n: number): SQL {
  return sql`select * from (${query} limit ${sql.raw(String(Math.max(n, PAGE_MAX)))}) k limit ${n}`
}

/**
 * The keys of one page, newest first, straight from an index in shown order: `unread` for unread-only pages,
 * `timeline` otherwise. Several feeds (a category, a list) are read feed by feed, each its own index range, and
 * merged, so no page sorts more than `limit` rows per feed.
 */
function pageKeys(f: TimelineFilter, limit: number, more: SQL[] = []): SQL {
  const table = f.unreadOnly ? unread : timeline
  const feedIds = f.feedIds
  const extra = feedIds?.length === 1 ? more : [...more, notShownCopy(f)]
  if (feedIds && feedIds.length > 1 && feedIds.length <= PER_FEED_MAX) {
    const where = sql.join([...conditions(f, { byFeed: false }), sql`x.feed_id = f.id`, ...extra], sql` and `)
    return firstRows(
      sql`select p.* from unnest(${sql.param(feedIds)}::text[]) f(id) cross join lateral (
        ${firstRows(sql`select ${PAGE_COLUMNS} from ${table} x where ${where} ${NEWEST_FIRST}`, limit)}
      ) p ${NEWEST_FIRST}`,
      limit,
    )
  }
  const where = sql.join([...conditions(f), ...extra], sql` and `)
  return firstRows(sql`select ${PAGE_COLUMNS} from ${table} x where ${where} ${NEWEST_FIRST}`, limit)
}

/**
 * Over several feeds, a story's later copies are left out while the user groups duplicates and its first row is on
 * the same page (same table, view and feeds): a filter on the rows the index yields, looked up by key for copies
 * alone, the setting read once per statement. One feed's page shows all of its own rows.
 */
function notShownCopy(f: TimelineFilter): SQL {
  const table = f.unreadOnly ? unread : timeline
  const inFeeds = f.feedIds ? sql`and h.feed_id = any(${sql.param(f.feedIds)}::text[])` : sql``
  // A first row the page leaves out (a private or hidden feed's) does not hide its copies.
  const flags = [f.excludePrivate && sql`s.is_private`, f.excludeHidden && sql`s.hide_from_timeline`].filter(
    (flag): flag is SQL => Boolean(flag),
  )
  const shown = flags.length
    ? sql`and not exists (select 1 from ${subscriptions} s where s.user_id = h.user_id and s.feed_id = h.feed_id
        and (${sql.join(flags, sql` or `)}))`
    : sql``
  // A scalar subquery (not `not exists`), so the planner never turns the lookup into an anti-join over the table.
  return sql`(not ${groupedFor(f.userId)} or x.duplicate_of is null or (select 1 from ${table} h
    where h.user_id = x.user_id and h.entry_id = x.duplicate_of and h.view = x.view ${inFeeds} ${shown} limit 1) is null)`
}

/** The page and, when it is full, the rest of the run of equal timestamps it ends in (the next page starts before). */
function pageWithRun(f: TimelineFilter, limit: number): SQL {
  const run = [
    sql`x.published_at = (select min(published_at) from first_page)`,
    sql`x.entry_id < (select min(entry_id) from first_page where published_at = (select min(published_at) from first_page))`,
    sql`(select count(*) from first_page) = ${limit}`,
  ]
  return sql`with first_page as (${pageKeys(f, limit)})
    select * from first_page union all (${pageKeys(f, RUN_LIMIT, run)})`
}

/**
 * A page as the JSON array the answer carries, built by the database (storage/wire-json.ts) from the page's keys,
 * each feed's object once however many of its entries the page holds; and whether the user has action rules, whose
 * results are the one part the database cannot add.
 */
export function pageJson(
  f: Pick<TimelineFilter, "userId" | "unreadOnly">,
  keys: SQL,
  withContent: boolean,
  /** The keys carry `rank` (the order to show) and `ai_score` (AI timeline, storage/ai-scores.ts). */
  ranked = false,
): SQL {
  const read = f.unreadOnly
    ? sql`false`
    : sql`not exists (select 1 from ${unread} u where u.user_id = ${f.userId} and u.entry_id = p.entry_id)`
  const starredAt = sql`(select c.created_at from ${collections} c where c.user_id = ${f.userId} and c.entry_id = page.entry_id)`
  const item = (starred: boolean) =>
    sql`json_build_object('entries', e.entry, 'feeds', fj.feed, 'read', ${read}, 'view', p.view, 'from', p.sources${
      starred ? sql`, 'collections', json_build_object('createdAt', ${isoJson("p.starred_at")})` : sql``
    }${ranked ? sql`, 'aiScore', p.ai_score` : sql``})`
  // The story's copies in other feeds, only on rows that have any (the key appended to those items alone).
  const dup = sql`case when ${groupedFor(f.userId)} then (select t.duplicate_of from ${timeline} t
    where t.user_id = ${f.userId} and t.entry_id = page.entry_id) end`
  const withAlsoIn = (item: SQL) =>
    sql`case when p.also_in is null then ${item} else (${item}::jsonb || jsonb_build_object('alsoIn', p.also_in))::json end`
  // Entries, feeds and stars are looked up by key for each row of the page (scalar subqueries), so no plan ever
  // reads those tables whole, however small the planner believes the page to be. Each feed's object is built once
  // per page: the CTE is materialised, since inlined its subquery ran once per entry.
  return sql`with page as (${keys}),
    feed_json as materialized (
      select d.feed_id as id, (select ${feedJson("f")} from ${feeds} f where f.id = d.feed_id) as feed
      from (select distinct feed_id from page) d
    )
    select coalesce(json_agg(item order by ${ranked ? sql`rank` : sql`published_at desc, entry_id desc`}), '[]')::text as items,
      exists (select 1 from ${actions} a where a.user_id = ${f.userId} and a.rules <> '[]'::jsonb) as "hasRules"
    from (
      select p.published_at, p.entry_id, ${ranked ? sql`p.rank,` : sql``}
        ${withAlsoIn(sql`case when p.starred_at is null then ${item(false)} else ${item(true)} end`)} as item
      from (
        select p.*, case when ${groupedFor(f.userId)} then ${alsoInJson(f.userId)} end as also_in
        from (select page.*, ${starredAt} as starred_at, ${dup} as dup from page) p
      ) p
      cross join lateral (
        select (select ${entryJson("e", withContent)} from ${entries} e where e.id = p.entry_id) as entry
      ) e
      join feed_json fj on fj.id = p.feed_id
    ) items`
}

export interface StarredFilter {
  userId: string
  view?: number
  /** Exclusive upper bound on the star time. */
  before?: Date
  unreadOnly?: boolean
}

/**
 * The keys of a page of starred entries, most recently starred first, from collections' index in that order; the
 * star time stands in as the order column, and a page ending inside a run of equal star times (a rule starred many
 * at once) runs to the end of it.
 */
function starredKeys(f: StarredFilter, limit: number): SQL {
  const where = [sql`c.user_id = ${f.userId}`]
  if (f.view !== undefined) where.push(sql`c.view = ${f.view}`)
  if (f.before) where.push(sql`c.created_at < (select ${f.before.toISOString()}::timestamptz)`)
  if (f.unreadOnly)
    where.push(sql`exists (select 1 from ${unread} u where u.user_id = c.user_id and u.entry_id = c.entry_id)`)
  // A starred group shows once, as its first entry, while duplicates are grouped.
  where.push(sql`(not ${groupedFor(f.userId)} or (select t.duplicate_of from ${timeline} t
    where t.user_id = c.user_id and t.entry_id = c.entry_id) is null)`)
  const keys = (extra: SQL[], n: number) =>
    firstRows(
      sql`select c.entry_id, c.feed_id, c.view, c.created_at as published_at from ${collections} c
        where ${sql.join([...where, ...extra], sql` and `)} order by c.created_at desc, c.entry_id desc`,
      n,
    )
  const run = [
    sql`c.created_at = (select min(published_at) from first_page)`,
    sql`c.entry_id < (select min(entry_id) from first_page where published_at = (select min(published_at) from first_page))`,
    sql`(select count(*) from first_page) = ${limit}`,
  ]
  // An entry starred and then unsubscribed from has no timeline row: it reached the user through nothing now.
  return sql`with first_page as (${keys([], limit)})
    select k.*, coalesce((select t.sources from ${timeline} t where t.user_id = ${f.userId} and t.entry_id = k.entry_id),
      '{}'::text[]) as sources
    from (select * from first_page union all (${keys(run, RUN_LIMIT)})) k`
}

export function starredPageStatement(f: StarredFilter, limit: number, withContent: boolean) {
  const flags = [f.view === undefined ? "" : "v", f.before ? "b" : "", f.unreadOnly ? "u" : "", withContent ? "c" : ""]
  return { name: `starred_${flags.join("")}`, query: pageJson(f, starredKeys(f, limit), withContent) }
}

/** Starred entries as JSON text, most recently starred first; like timeline pages, built by the database. */
export async function starredPageJson(db: DB, f: StarredFilter, limit: number, withContent = false) {
  const { name, query } = starredPageStatement(f, limit, withContent)
  const [row] = await executePrepared<{ items: string; hasRules: boolean }>(db, name, query)
  return row ?? { items: "[]", hasRules: false }
}

/** The prepared statement's name for a page of this shape: one per statement text the filter's flags produce. */
function pageStatementName(f: TimelineFilter, withContent: boolean): string {
  const feeds = !f.feedIds ? "" : f.feedIds.length === 1 ? "f1" : f.feedIds.length <= PER_FEED_MAX ? "fn" : "fa"
  const flags = [
    f.unreadOnly ? "u" : "t",
    f.view === undefined ? "" : "v",
    feeds,
    f.listId ? "l" : "",
    f.before ? "b" : "",
    f.excludePrivate ? "p" : "",
    f.excludeHidden ? "h" : "",
    withContent ? "c" : "",
  ]
  return `page_${flags.join("")}`
}

/** The statement of a page and its prepared name (exported for test/query-plans.test.ts). */
export function pageStatement(f: TimelineFilter, limit: number, withContent: boolean) {
  return { name: pageStatementName(f, withContent), query: pageJson(f, pageWithRun(f, limit), withContent) }
}

/**
 * A page, newest first, as JSON text: only its rows touch `entries`. A page that ends inside a run of equal
 * timestamps is extended to the end of the run, because the next page starts strictly before that timestamp.
 */
export async function timelinePageJson(db: DB, f: TimelineFilter, limit: number, withContent = false) {
  const filter = await withListFeeds(db, f)
  if (filter.feedIds?.length === 0) return { items: "[]", hasRules: false }
  const { name, query } = pageStatement(filter, limit, withContent)
  const [row] = await executePrepared<{ items: string; hasRules: boolean }>(db, name, query)
  return row ?? { items: "[]", hasRules: false }
}

/** A list's rows are those of its feeds that carry the list as a source: read feed by feed like a category. */
export async function withListFeeds(db: DB, f: TimelineFilter): Promise<TimelineFilter> {
  return f.listId ? { ...f, feedIds: await feedIdsOfList(db, f.listId, f.feedIds) } : f
}

async function feedIdsOfList(db: DB, listId: string, within?: string[]): Promise<string[]> {
  const rows = await db
    .select({ feedId: listFeeds.feedId })
    .from(listFeeds)
    .where(and(eq(listFeeds.listId, listId), within ? inArray(listFeeds.feedId, within) : undefined))
  return rows.map((r) => r.feedId)
}

/** One feed's or list's unread count for a user. */
export async function unreadCountOf(db: DB, userId: string, sourceId: string): Promise<number> {
  const [row] = await db
    .select({ count: counters.count })
    .from(counters)
    .where(and(eq(counters.userId, userId), eq(counters.sourceId, sourceId)))
  return row?.count ?? 0
}

/**
 * Every unread count GET /reads answers, in one statement and as the JSON object the answer carries (built by the
 * database, so hundreds of rows are neither parsed nor serialised again): subscribed feeds and lists from their
 * counters, zero included, and the user's inboxes from their unread entries.
 */
export async function unreadCountsJson(db: DB, userId: string, view?: number): Promise<string> {
  const { name, query } = unreadCountsStatement(userId, view)
  const rows = await executePrepared<{ counts: string }>(db, name, query)
  return rows[0]?.counts ?? "{}"
}

export function unreadCountsStatement(userId: string, view?: number) {
  const inView = view === undefined ? sql`` : sql`and s.view = ${view}`
  const query = sql`
    select coalesce(json_object_agg(id, count), '{}')::text as counts from (
      select coalesce(s.feed_id, s.list_id) as id, coalesce(c.count, 0) as count
      from ${subscriptions} s left join ${counters} c
        on c.user_id = s.user_id and c.source_id = coalesce(s.feed_id, s.list_id)
      where s.user_id = ${userId} and s.inbox_id is null ${inView}
      union all
      select i.handle, (select count(*) from ${inboxEntries} e where e.inbox_handle = i.handle and not e.read)::int
      from ${inboxes} i where i.user_id = ${userId} ${
        view === undefined
          ? sql``
          : sql`and exists (select 1 from ${subscriptions} s where s.user_id = i.user_id and s.inbox_id = i.handle ${inView})`
      }
    ) counts`
  return { name: view === undefined ? "unread_counts" : "unread_counts_view", query }
}

/** Every unread timeline row and inbox entry of the user, counted once. */
export async function totalUnreadWithInboxes(db: DB, userId: string): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select ((select coalesce(sum(count), 0) from ${counters} where user_id = ${userId} and not is_list)
      + (select count(*) from ${inboxEntries} e join ${inboxes} i on i.handle = e.inbox_handle
         where i.user_id = ${userId} and not e.read))::int as n`)
  return rows.rows[0]?.n ?? 0
}

/**
 * Marks the given entries read (their `unread` rows go) or unread (copied back from the timeline), all or nothing
 * in one statement: when any id is not in the user's timeline nothing changes. Answers how many of the ids are.
 */
export async function setRead(db: DB, userId: string, entryIds: string[], read: boolean): Promise<number> {
  const ids = sql.param(entryIds)
  const all = sql`(select count(*) from mine) = ${entryIds.length}`
  // While duplicates are grouped, the change applies to each entry's whole group (its copies in other feeds).
  const change = read
    ? sql`delete from ${unread} where user_id = ${userId} and entry_id in (select entry_id from targets) and ${all}`
    : sql`insert into ${unread} (user_id, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of)
        select ${userId}, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of from ${timeline}
        where user_id = ${userId} and entry_id in (select entry_id from targets) and ${all}
        on conflict do nothing`
  const [row] = await executePrepared<{ found: number }>(
    db,
    read ? "mark_read" : "mark_unread",
    sql`
    with mine as (
      select entry_id, duplicate_of from ${timeline}
      where user_id = ${userId} and entry_id = any(${ids}::text[])
    ), targets as (
      select entry_id from mine
      union
      select entry_id from (${groupMembers(
        userId,
        sql`select coalesce(duplicate_of, entry_id) as head from mine where ${dedupeOn(userId)}`,
      )}) g
    ), changed as (${change})
    select count(*)::int as found from mine`,
  )
  return row?.found ?? 0
}

/**
 * Marks every unread row matching the filter read, in one statement; answers how many per feed. Not recorded as
 * reads for trending (tidings.bulk_read, migration 0035): marking a timeline read is not reading it.
 */
export async function markAllRead(db: DB, f: TimelineFilter): Promise<Record<string, number>> {
  const changed = await withTransaction(db, async (tx) => {
    await tx.execute(sql`select set_config('tidings.bulk_read', 'on', true)`)
    return tx.execute<{ feed_id: string; n: number }>(markAllReadStatement(f))
  })
  return Object.fromEntries(changed.rows.map((r) => [r.feed_id, r.n]))
}

export function markAllReadStatement(f: TimelineFilter): SQL {
  // While duplicates are grouped, the marked rows' copies in other feeds are read with them.
  return sql`
    with marked as (
      delete from ${unread} x where ${sql.join(conditions(f), sql` and `)}
      returning x.entry_id, x.feed_id, x.duplicate_of
    ), copies as (
      -- The copies of the marked rows: the user's copies (the partial index's rows alone) whose head or sibling was
      -- marked, and the heads of marked copies; never a walk of the groups of all the marked rows. Joins, not IN or
      -- NOT IN over the marked rows: a subplan is hashed only when the planner expects it to fit in work_mem, and
      -- 100,000 marked rows do not (2 MB embedded), so each copy scanned all of them (129 s in bench:read).
      delete from ${unread} u where u.user_id = ${f.userId} and ${groupedFor(f.userId)}
        and u.entry_id in (
          select g.entry_id from ${timeline} g join marked m on m.entry_id = g.duplicate_of
            where g.user_id = ${f.userId} and g.duplicate_of is not null
          union all
          select g.entry_id from ${timeline} g
            join (select distinct duplicate_of from marked where duplicate_of is not null) m
              on m.duplicate_of = g.duplicate_of
            where g.user_id = ${f.userId} and g.duplicate_of is not null
          union all
          select duplicate_of from marked where duplicate_of is not null)
        and not exists (select 1 from marked m where m.entry_id = u.entry_id)
      returning u.feed_id
    )
    select feed_id, count(*)::int as n from (select feed_id from marked union all select feed_id from copies) m
    group by feed_id`
}

/** A timeline row that was just inserted: an entry entering one user's timeline, by whatever path. */
export type ArrivedRow = {
  userId: string
  entryId: string
  feedId: string
  view: number
}

/**
 * Runs a timeline insert and answers the rows it inserted (not those that only gained a source: their entry was
 * in the timeline already), only for users something may act on as entries arrive: those with action rules or
 * with imported marks waiting (services/arrivals.ts).
 */
export async function insertArrivals(db: DB, insert: SQL): Promise<ArrivedRow[]> {
  return (await db.execute<ArrivedRow>(arrivalsOf(insert))).rows
}

function arrivalsOf(insert: SQL): SQL {
  return sql`
    with written as (${insert} returning user_id, entry_id, feed_id, view, (xmax = 0) as inserted)
    select w.user_id as "userId", w.entry_id as "entryId", w.feed_id as "feedId", w.view from written w
    where w.inserted and (exists (select 1 from ${actions} a where a.user_id = w.user_id)
      or exists (select 1 from ${pendingMarks} pm where pm.user_id = w.user_id))`
}

/**
 * Gives a new subscriber the feed's most recent entries (up to `limit`), so the first page is there when subscribe
 * returns. In statements of `chunk` entries with a turn of the event loop between them: the embedded database runs
 * each on the event loop (500 rows took about 130 ms), and what else the server does should not wait for all.
 */
export async function backfill(
  db: DB,
  userId: string,
  feedId: string,
  limit: number,
  chunk = limit,
): Promise<ArrivedRow[]> {
  const recent = (n: number, offset: number) => sql`select id as entry_id, feed_id, published_at, inserted_at
    from ${entries} where feed_id = ${feedId} order by published_at desc, id desc limit ${n} offset ${offset}`
  // All at once (PostgreSQL): one statement, kept prepared.
  if (chunk >= limit) return executePrepared(db, "backfill", arrivalsOf(timelineInsert(recent(limit, 0), userId)))
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${entries} where feed_id = ${feedId} limit ${limit}) x`,
  )
  const total = counted.rows[0]?.n ?? 0
  const arrived: ArrivedRow[] = []
  for (let offset = 0; offset < total; offset += chunk) {
    if (offset) await new Promise((resolve) => setImmediate(resolve))
    arrived.push(...(await insertArrivals(db, timelineInsert(recent(Math.min(chunk, total - offset), offset), userId))))
  }
  return arrived
}

export interface DirectSubscription {
  id: string
  userId: string
  feedId: string
  view: number
  category: string | null
  title: string | null
  isPrivate: boolean
  /** How many of the feed's newest entries the new subscriber gets. */
  backfill: number
  /**
   * Copy at once only when the feed has at most this many entries (null: any number). The embedded database runs a
   * statement on the event loop, so a larger copy goes in chunks with turns between them (see `backfill`).
   */
  copyAtMost: number | null
}

/**
 * Follows a feed in one statement: the subscription (created, or updated when the user follows it already), the
 * feed's newest entries copied into the user's timeline, the feed's follower count. Only for a user with no action
 * rules and no imported marks waiting, whose arriving entries nothing acts on, and a feed within `copyAtMost` (the
 * statement does nothing otherwise: `applied` false, and the caller takes the transactional path).
 */
export async function followFeedAtOnce(db: DB, s: DirectSubscription) {
  const [row] = await executePrepared<{ applied: boolean; created: boolean | null; unread: number }>(
    db,
    "follow_feed",
    sql`
    with gate as (
      select not exists (select 1 from ${actions} a where a.user_id = ${s.userId} and a.rules <> '[]'::jsonb)
        and not exists (select 1 from ${pendingMarks} pm where pm.user_id = ${s.userId})
        and (${s.copyAtMost}::int is null or (select count(*) from (
          select 1 from ${entries} where feed_id = ${s.feedId} limit ${s.copyAtMost}::int + 1) x) <= ${s.copyAtMost}::int)
        as simple
    ), sub as (
      insert into ${subscriptions} (id, user_id, type, feed_id, view, category, title, is_private)
      select ${s.id}, ${s.userId}, 'feed', ${s.feedId}, ${s.view}::smallint, ${s.category}, ${s.title},
        ${s.isPrivate}::boolean
      where (select simple from gate)
      on conflict (user_id, feed_id) where feed_id is not null do update set view = excluded.view,
        category = excluded.category, title = excluded.title, is_private = excluded.is_private
      returning (xmax = 0) as created
    ), copied as (
      insert into ${timeline} (user_id, entry_id, feed_id, view, published_at, inserted_at, sources)
      select ${s.userId}, e.id, e.feed_id, ${s.view}::smallint, e.published_at, e.inserted_at, '{feed}'::text[]
      from (
        select id, feed_id, published_at, inserted_at from ${entries} where feed_id = ${s.feedId}
        order by published_at desc, id desc limit ${s.backfill}
      ) e
      where (select simple from gate)
      on conflict (user_id, entry_id) do update set sources = array(select distinct unnest(timeline.sources || excluded.sources))
        where not (timeline.sources @> excluded.sources)
      returning (xmax = 0) as inserted
    ), counted as (
      -- The new subscription is not visible to this statement's own subquery: counted once more when created.
      update ${feeds} set subscription_count = (select count(*) from ${subscriptions} x where x.feed_id = ${s.feedId})
        + (select count(*) from sub where created)
      where id = ${s.feedId} and (select simple from gate)
    )
    -- The unread count after it: the counter as it stood, and the rows this statement added (new rows are unread).
    select (select simple from gate) as applied, (select created from sub) as created,
      coalesce((select count from ${counters} where user_id = ${s.userId} and source_id = ${s.feedId}), 0)
        + (select count(*) from copied where inserted)::int as unread`,
  )
  return { applied: row?.applied ?? false, created: row?.created ?? false, unread: row?.unread ?? 0 }
}

/** Removes one source from the rows in scope; rows that had only that source go. (Two statements: one statement
 * cannot both update and delete a row.) */
export async function removeSource(db: DB, scope: SQL, source: string) {
  await db.execute(sql`delete from ${timeline} where ${scope} and ${timeline.sources} <@ array[${source}]::text[]`)
  await db.execute(sql`update ${timeline} set sources = array_remove(sources, ${source}) where ${scope}`)
}

/** Unsubscribing from feeds: their entries stay only where a list still brings them. */
export async function removeFeedsFromTimeline(db: DB, userId: string, feedIds: string[]) {
  const scope = sql`${timeline.userId} = ${userId} and ${timeline.feedId} = any(${sql.param(feedIds)}::text[])
    and 'feed' = any(${timeline.sources})`
  await removeSource(db, scope, "feed")
}

export async function moveFeedToView(db: DB, userId: string, feedId: string | string[], view: number) {
  const ids = Array.isArray(feedId) ? feedId : [feedId]
  await db
    .update(timeline)
    .set({ view })
    .where(and(eq(timeline.userId, userId), inArray(timeline.feedId, ids)))
}

export function newestInsertedAfterStatement(f: TimelineFilter, after: Date): SQL {
  // From the timeline's arrival index even for unread only: the newest arrivals are nearly always unread, so the
  // first row or so answers; `unread` has no index by arrival time.
  const where = [...conditions(f), sql`x.inserted_at > ${after.toISOString()}::timestamptz`]
  if (f.unreadOnly)
    where.push(sql`exists (select 1 from ${unread} u where u.user_id = x.user_id and u.entry_id = x.entry_id)`)
  return sql`select x.entry_id as "entryId", x.inserted_at as "insertedAt" from ${timeline} x
    where ${sql.join(where, sql` and `)} order by x.inserted_at desc limit 1`
}

/** The newest timeline row inserted after `after` that matches the filter, if any. */
export async function newestInsertedAfter(db: DB, f: TimelineFilter, after: Date) {
  const rows = await db.execute<{ entryId: string; insertedAt: string }>(newestInsertedAfterStatement(f, after))
  const row = rows.rows[0]
  return row && { entryId: row.entryId, insertedAt: new Date(row.insertedAt) }
}

export async function moveListToView(db: DB, userId: string, listId: string, view: number) {
  await db
    .update(timeline)
    .set({ view })
    .where(and(eq(timeline.userId, userId), sql`${listId} = any(${timeline.sources})`))
}

/** A new subscriber's rows for many feeds at once: each feed's most recent `perFeed` entries. */
export async function backfillMany(db: DB, userId: string, feedIds: string[], perFeed = 100): Promise<ArrivedRow[]> {
  if (!feedIds.length) return []
  const recent = recentEntriesOf(sql`select unnest(${sql.param(feedIds)}::text[]) as feed_id`, perFeed)
  return insertArrivals(db, timelineInsert(recent, userId))
}
