// Duplicates across feeds (issue 15): the search indexer marks a timeline row `duplicate_of` the user's first row
// of the same story (migration story_keys, reader/story-keys.ts), seconds after it arrives and never on the ingest's
// path. Below: writing the keys and grouping, then the pieces of SQL that pages, reads and stars use to treat a group
// as one entry while the user's `dedupeAcrossFeeds` setting is on.
import { type SQL, sql } from "drizzle-orm"
import { storyKeys as keysOf, TITLE_WINDOW_MS } from "../reader/story-keys.ts"
import type { DB } from "./db.ts"
import { feeds, settings, storyGroupPending, storyKeys, subscriptions, timeline, unread } from "./schema.ts"
import type { IndexedEntry } from "./search.ts"

/** Two keys match: the same key, of another entry in another feed; a title's only within TITLE_WINDOW_MS. */
function sameStory(a: string, b: string): SQL {
  const window = sql.raw(`interval '${TITLE_WINDOW_MS} milliseconds'`)
  return sql`${sql.raw(b)}.key = ${sql.raw(a)}.key and ${sql.raw(b)}.entry_id <> ${sql.raw(a)}.entry_id
    and ${sql.raw(b)}.feed_id <> ${sql.raw(a)}.feed_id
    and (left(${sql.raw(a)}.key, 2) <> 't:' or ${sql.raw(b)}.published_at
      between ${sql.raw(a)}.published_at - ${window} and ${sql.raw(a)}.published_at + ${window})`
}

/**
 * The plan settings of an indexer's transaction (one round trip, undone at its end): no JIT compilation (the
 * estimates of the grouping statement's CTEs pass its thresholds, and compiling took 1.3 s a batch against 0.3 s
 * running it), and index probes only (in a young database the keys look empty to the planner until the next
 * analyse, and a scan of them per arriving key looks cheapest).
 */
export async function indexerPlanSettings(db: DB): Promise<void> {
  await db.execute(sql`select set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true)`)
}

/**
 * Groups the timeline rows `arrivals` names (user_id, entry_id) with the same user's copies of the same story in
 * other feeds, given `pairs` (entry_id, other_id: the arriving entry and an entry with one of its keys; both ways
 * round for two arriving entries). A timeline lookup is made only for the pairs' entries. A row already grouped, or
 * leading a group, stays as it is. A copy already in the user's timeline leads (or its group's first row does);
 * among rows arriving together, the earliest published. A copy whose story was read arrives read. `before` are
 * further CTEs the two may use. Answers how many rows were grouped.
 */
async function groupArrivals(db: DB, parts: { before?: SQL; arrivals: SQL; pairs: SQL }): Promise<number> {
  const before = parts.before ? sql`${parts.before},` : sql``
  // Each step is its own materialised set and each lookup a fenced subquery (OFFSET 0), so the planner cannot fold
  // them into one join it orders differently (it once started from a user's whole timeline for each arriving entry).
  const result = await db.execute<{ user_id: string; entry_id: string; duplicate_of: string }>(sql`
    with ${before}
    pairs as materialized (${parts.pairs}),
    arrivals as materialized (${parts.arrivals}),
    candidates as materialized (
      select a.user_id, a.entry_id, t.published_at, x.entry_id as other_id, x.published_at as other_published,
        coalesce(x.duplicate_of, x.entry_id) as head,
        exists (select 1 from arrivals b where b.user_id = a.user_id and b.entry_id = x.entry_id) as other_new
      from pairs pr join arrivals a on a.entry_id = pr.entry_id
        cross join lateral (
          select * from ${timeline} t where t.user_id = a.user_id and t.entry_id = a.entry_id offset 0
        ) t
        cross join lateral (
          select * from ${timeline} x where x.user_id = a.user_id and x.entry_id = pr.other_id offset 0
        ) x
      where t.duplicate_of is null
        and not exists (select 1 from ${timeline} f where f.user_id = a.user_id and f.duplicate_of = a.entry_id)
    ), heads as (
      select distinct on (user_id, entry_id) user_id, entry_id, head
      from candidates
      where head <> entry_id and (not other_new or (other_published, other_id) < (published_at, entry_id))
      order by user_id, entry_id, other_new, other_published, other_id
    ), grouped as (
      update ${timeline} t set duplicate_of = h.head from heads h
      where t.user_id = h.user_id and t.entry_id = h.entry_id
      returning t.user_id, t.entry_id, t.duplicate_of
    ), read_copies as (
      delete from ${unread} u using grouped g
      where u.user_id = g.user_id and u.entry_id = g.entry_id
        and not exists (select 1 from ${unread} h where h.user_id = g.user_id and h.entry_id = g.duplicate_of)
    )
    select user_id, entry_id, duplicate_of from grouped`)
  // A row that arrived with its group's first row points at it; when that row joined another group in the same
  // statement, the group's first row is that group's.
  const headOf = new Map(result.rows.map((row) => [`${row.user_id} ${row.entry_id}`, row.duplicate_of]))
  const repointed = result.rows.flatMap((row) => {
    let head = row.duplicate_of
    for (let step = 0; step < result.rows.length; step++) {
      const next = headOf.get(`${row.user_id} ${head}`)
      if (!next || next === row.entry_id) break
      head = next
    }
    return head !== row.duplicate_of ? [{ user_id: row.user_id, entry_id: row.entry_id, head }] : []
  })
  if (repointed.length) {
    await db.execute(sql`
      update ${timeline} t set duplicate_of = r.head
      from json_to_recordset(${JSON.stringify(repointed)}::json) as r(user_id text, entry_id text, head text)
      where t.user_id = r.user_id and t.entry_id = r.entry_id`)
  }
  return result.rows.length
}
/**
 * Writes the story keys of entries just indexed (replacing what a changed entry had) and groups their rows, in every
 * timeline they are in, with the copies of the same story: one statement. The batch's keys are matched against the
 * keys already stored and against each other; only the entries with a match are looked up in the timelines (nearly
 * always none). Answers how many rows were grouped.
 */
export async function keyAndGroupIndexed(db: DB, indexed: IndexedEntry[]): Promise<number> {
  if (!indexed.length) return 0
  const rows = indexed.flatMap((e) =>
    keysOf(e).map((key) => ({ key, entry_id: e.id, feed_id: e.feed_id, published_at: new Date(e.published_at) })),
  )
  const ids = sql.param(indexed.map((e) => e.id))
  const before = sql`input as materialized (
      select * from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(key text, entry_id text, feed_id text, published_at timestamptz)
    ), gone as (
      delete from ${storyKeys} k where k.entry_id = any(${ids}::text[])
        and (k.key, k.entry_id) not in (select key, entry_id from input)
    ), written as (
      insert into ${storyKeys} (key, entry_id, feed_id, published_at)
      select key, entry_id, feed_id, published_at from input
      on conflict (key, entry_id) do update set feed_id = excluded.feed_id, published_at = excluded.published_at
    )`
  // The statement sees the stored keys as they were before it: the batch's own are matched in `input`.
  const pairs = sql`select i.entry_id, o.entry_id as other_id
      from input i cross join lateral (select o.entry_id from ${storyKeys} o where ${sameStory("i", "o")} offset 0) o
      union
      select i.entry_id, o.entry_id from input i join input o on ${sameStory("i", "o")}`
  const arrivals = sql`select t.user_id, t.entry_id
      from (select distinct entry_id from pairs) p
        cross join lateral (select t.user_id, t.entry_id from ${timeline} t where t.entry_id = p.entry_id offset 0) t`
  return groupArrivals(db, { before, pairs, arrivals })
}

/**
 * Groups the rows of up to `limit` queued follows (a user and a feed: migration story_keys) and takes them off the
 * queue; answers how many follows it took.
 */
export async function groupPendingFollows(db: DB, limit: number): Promise<number> {
  const taken = await db.execute<{ user_id: string; feed_id: string }>(sql`
    delete from ${storyGroupPending} where (user_id, feed_id) in (
      select user_id, feed_id from ${storyGroupPending} limit ${limit} for update skip locked
    ) returning user_id, feed_id`)
  if (!taken.rows.length) return 0
  const before = sql`followed as materialized (
      select t.user_id, t.entry_id
      from json_to_recordset(${JSON.stringify(taken.rows)}::json) as f(user_id text, feed_id text)
        cross join lateral (
          select t.user_id, t.entry_id from ${timeline} t where t.user_id = f.user_id and t.feed_id = f.feed_id offset 0
        ) t
    ), probes as materialized (
      select k.* from (select distinct entry_id from followed) f
        cross join lateral (select * from ${storyKeys} k where k.entry_id = f.entry_id offset 0) k
    )`
  const pairs = sql`select distinct p.entry_id, o.entry_id as other_id
      from probes p cross join lateral (select o.entry_id from ${storyKeys} o where ${sameStory("p", "o")} offset 0) o`
  await groupArrivals(db, { before, pairs, arrivals: sql`select user_id, entry_id from followed` })
  return taken.rows.length
}

/** Whether the user groups duplicates (the general setting `dedupeAcrossFeeds`, on unless turned off). Uncorrelated,
 * so a statement evaluates it once. */
export function dedupeOn(userId: string): SQL {
  return sql`coalesce((select (st.payload->>'dedupeAcrossFeeds')::boolean from ${settings} st
    where st.user_id = ${userId} and st.tab = 'general'), true)`
}

/**
 * Whether the user groups duplicates and has any group: one probe of the partial index of copies, once per statement
 * (uncorrelated). Every per-row part of grouping sits behind it, so a reader without copies pays for none of it.
 * The probe asks for the first copy in the index's order: as `exists (…)` the planner, believing most of a reader's
 * rows would do, scanned the table for the first copy instead (PGlite, 20,000 rows: 2.7–6.5 ms a probe, four probes a
 * page), and the copies are the rows grouped last.
 */
export function groupedFor(userId: string): SQL {
  return sql`(${dedupeOn(userId)} and (select d.duplicate_of from ${timeline} d
    where d.user_id = ${userId} and d.duplicate_of is not null order by d.duplicate_of limit 1) is not null)`
}

/**
 * The entry ids of the groups of the rows `heads` names (a query answering `head`, a group's first entry id): the
 * first rows and their duplicates, each from an index (primary key, timeline_user_duplicate_idx).
 */
export function groupMembers(userId: string, heads: SQL): SQL {
  return sql`select g.entry_id from ${timeline} g where g.user_id = ${userId} and g.entry_id in (select head from (${heads}) h)
    union
    select g.entry_id from ${timeline} g where g.user_id = ${userId} and g.duplicate_of in (select head from (${heads}) h)`
}

/**
 * The other members of the group of the page row under `p` (its entry id and `dup`, its timeline row's
 * duplicate_of) as a JSON array of {feedId, entryId, title}, oldest first; null when it has none or the user keeps
 * duplicates apart. The title is the user's name for the feed, else the feed's.
 */
export function alsoInJson(userId: string): SQL {
  return sql`case when p.dup is null and not exists (
      select 1 from ${timeline} d where d.user_id = ${userId} and d.duplicate_of = p.entry_id)
    then null
    else (select json_agg(json_build_object('feedId', g.feed_id, 'entryId', g.entry_id, 'title', coalesce(
        (select s.title from ${subscriptions} s where s.user_id = ${userId} and s.feed_id = g.feed_id),
        (select f.title from ${feeds} f where f.id = g.feed_id))) order by g.published_at, g.entry_id)
      from ${timeline} g
      where g.user_id = ${userId} and g.entry_id <> p.entry_id
        and g.entry_id in (${groupMembers(userId, sql`select coalesce(p.dup, p.entry_id) as head`)}))
    end`
}
