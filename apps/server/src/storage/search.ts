// Full-text search over the entries a user can see: each entry's document (entry_search, GIN-indexed) is written by
// the indexer from the queue the entries' triggers fill (search_pending), and a search reads the user's timeline
// rows that match, ranked. Filters read the same columns as timeline pages (storage/timeline.ts).
import { type SQL, sql } from "drizzle-orm"
import { RUN_LIMIT } from "./collections.ts"
import type { DB } from "./db.ts"
import {
  collections,
  entries,
  entrySearch,
  feeds,
  listFeeds,
  searchPending,
  subscriptions,
  timeline,
  unread,
} from "./schema.ts"

/** The text search configuration of documents and queries (stemming, stop words). */
const CONFIG = sql.raw("'english'::regconfig")

/** A document reads at most this much of an entry's text (to_tsvector's positions stop at 16,383 anyway). */
const TEXT_MAX = 100_000

/** Title first, then author, then the text of the content (tags and entities dropped). */
const document = sql`setweight(to_tsvector(${CONFIG}, coalesce(e.title, '')), 'A')
  || setweight(to_tsvector(${CONFIG}, coalesce(e.author, '')), 'B')
  || setweight(to_tsvector(${CONFIG}, left(regexp_replace(regexp_replace(coalesce(e.content, e.description, ''),
       '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'), ${sql.raw(String(TEXT_MAX))})), 'C')`

/** An entry whose document was just written: what its story keys are made of (storage/duplicates.ts). */
export type IndexedEntry = {
  id: string
  feed_id: string
  url: string | null
  guid: string
  title: string | null
  published_at: string | Date
}

/**
 * Writes the documents of up to `limit` waiting entries and takes them off the queue, in one statement; answers the
 * entries it took. Several indexers never take the same entries (skip locked).
 */
export async function indexPending(db: DB, limit: number): Promise<IndexedEntry[]> {
  const result = await db.execute<IndexedEntry>(sql`
    with batch as (
      delete from ${searchPending} where entry_id in (
        select entry_id from ${searchPending} limit ${limit} for update skip locked
      ) returning entry_id
    ), written as (
      insert into ${entrySearch} (entry_id, document, published_at, feed_id)
      select e.id, ${document}, e.published_at, e.feed_id from batch b join ${entries} e on e.id = b.entry_id
      on conflict (entry_id) do update set document = excluded.document, published_at = excluded.published_at,
        feed_id = excluded.feed_id
      returning 1
    )
    select e.id, e.feed_id, e.url, e.guid, e.title, e.published_at
    from batch b join ${entries} e on e.id = b.entry_id`)
  return result.rows
}

export async function pendingCount(db: DB): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${searchPending}`)
  return result.rows[0]?.n ?? 0
}

export interface SearchFilter {
  userId: string
  /** A websearch_to_tsquery text: words, "phrases", -exclusions, or. */
  text?: string
  /** Terms matched as substrings of title, description and content (scripts without spaces between words). */
  substrings?: { value: string; negated: boolean }[]
  view?: number
  feedIds?: string[]
  excludeFeedIds?: string[]
  /** `feed:` values resolved in the statement itself (saved searches): a feed whose id or title matches any. */
  feedNames?: string[]
  excludeFeedNames?: string[]
  /** true: unread only; false: read only. */
  unread?: boolean
  /** true: starred only; false: not starred. */
  starred?: boolean
  before?: Date
  after?: Date
  /** Mark-all-read's window (POST /reads/all startTime, endTime, insertedBefore). */
  publishedFrom?: Date
  publishedTo?: Date
  insertedBefore?: Date
}

function conditions(f: SearchFilter): SQL[] {
  const where: SQL[] = [sql`x.user_id = ${f.userId}`]
  if (f.view !== undefined) where.push(sql`x.view = ${f.view}`)
  if (f.feedIds) where.push(sql`x.feed_id = any(${sql.param(f.feedIds)}::text[])`)
  if (f.excludeFeedIds?.length) where.push(sql`x.feed_id <> all(${sql.param(f.excludeFeedIds)}::text[])`)
  if (f.feedNames?.length) where.push(sql`x.feed_id in (${feedsNamed(f.userId, f.feedNames)})`)
  if (f.excludeFeedNames?.length) where.push(sql`x.feed_id not in (${feedsNamed(f.userId, f.excludeFeedNames)})`)
  if (f.before) where.push(sql`x.published_at < ${f.before.toISOString()}::timestamptz`)
  if (f.after) where.push(sql`x.published_at >= ${f.after.toISOString()}::timestamptz`)
  if (f.publishedFrom) where.push(sql`x.published_at >= ${f.publishedFrom.toISOString()}::timestamptz`)
  if (f.publishedTo) where.push(sql`x.published_at <= ${f.publishedTo.toISOString()}::timestamptz`)
  if (f.insertedBefore) where.push(sql`x.inserted_at < ${f.insertedBefore.toISOString()}::timestamptz`)
  const isUnread = sql`exists (select 1 from ${unread} u where u.user_id = x.user_id and u.entry_id = x.entry_id)`
  if (f.unread === true) where.push(isUnread)
  if (f.unread === false) where.push(sql`not ${isUnread}`)
  const isStarred = sql`exists (select 1 from ${collections} c where c.user_id = x.user_id and c.entry_id = x.entry_id)`
  if (f.starred === true) where.push(isStarred)
  if (f.starred === false) where.push(sql`not ${isStarred}`)
  return where
}

const KEY_COLUMNS = sql.raw("x.entry_id, x.feed_id, x.view, x.published_at, x.sources")

/** The text search query of a websearch text. */
const tsquery = (text: string) => sql`websearch_to_tsquery(${CONFIG}, ${text})`

/** The newest time any entry's document has: where a search's time windows start. */
export async function newestIndexed(db: DB): Promise<Date | undefined> {
  const result = await db.execute<{ at: string | null }>(sql`select max(published_at) as at from ${entrySearch}`)
  const at = result.rows[0]?.at
  return at ? new Date(at) : undefined
}

/**
 * Up to `limit` of the user's entries matching `f.text` published in [from, to), newest first: the GIN index's
 * matches and the time index's window are intersected (a bitmap AND), so a window reads only the matches inside
 * it, however common the words are over all time.
 */
export async function matchesInWindow(
  db: DB,
  f: SearchFilter & { text: string },
  window: { from?: Date; to?: Date },
  limit: number,
): Promise<string[]> {
  const where = [sql`s.document @@ ${tsquery(f.text)}`]
  // The same test as the timeline's feed_id, made on the index's row: other feeds' matches never reach the join.
  if (f.feedIds) where.push(sql`s.feed_id = any(${sql.param(f.feedIds)}::text[])`)
  // A timeline row takes its view from the subscription that brings it (the feed's own, else a list's), so the feeds
  // of the user's subscriptions in that view hold every match in it; the timeline check below stays the exact one.
  if (f.view !== undefined) {
    // An array computed once (an InitPlan), not a join: as a semi-join the planner chose a parallel plan whose worker
    // start cost more than the whole search (82 ms against 5).
    where.push(sql`s.feed_id = any(array(
      select feed_id from ${subscriptions} where user_id = ${f.userId} and view = ${f.view} and feed_id is not null
      union all
      select lf.feed_id from ${subscriptions} ls join ${listFeeds} lf on lf.list_id = ls.list_id
      where ls.user_id = ${f.userId} and ls.view = ${f.view}))`)
  }
  if (window.from) where.push(sql`s.published_at >= ${window.from.toISOString()}::timestamptz`)
  if (window.to) where.push(sql`s.published_at < ${window.to.toISOString()}::timestamptz`)
  const visible = sql.join(conditions(f), sql` and `)
  where.push(sql`exists (select 1 from ${timeline} x where x.entry_id = s.entry_id and ${visible})`)
  const result = await db.execute<{ entry_id: string }>(sql`
    select s.entry_id from ${entrySearch} s where ${sql.join(where, sql` and `)}
    order by s.published_at desc limit ${limit}`)
  return result.rows.map((row) => row.entry_id)
}

/**
 * The keys of one page of results, in the shape pageJson (storage/timeline.ts) takes for a ranked page: `rank` is the
 * position (1 first). With words: the given candidates (the newest matches, services/search.ts) by ts_rank_cd over
 * the weighted document, newest first among equals; with filters alone, newest first. One row more than `limit`
 * says whether there is a next page.
 */
export function searchKeys(f: SearchFilter, limit: number, offset: number, candidates: string[] = []): SQL {
  const where = conditions(f)
  let scored: SQL
  if (f.text) {
    scored = sql`select ${KEY_COLUMNS}, ts_rank_cd(s.document, q.query, 32) as score
      from unnest(${sql.param(candidates)}::text[]) c(id)
      join ${timeline} x on x.user_id = ${f.userId} and x.entry_id = c.id
      join ${entrySearch} s on s.entry_id = c.id
      cross join (select ${tsquery(f.text)} as query) q`
  } else if (f.substrings?.length) {
    const matches = f.substrings.map(({ value, negated }) => {
      const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const match = sql`(e.title ilike ${pattern} or e.description ilike ${pattern} or e.content ilike ${pattern})`
      return negated ? sql`not coalesce(${match}, false)` : match
    })
    scored = sql`select ${KEY_COLUMNS}, 0::real as score from ${timeline} x join ${entries} e on e.id = x.entry_id
      where ${sql.join([...where, ...matches], sql` and `)}`
  } else {
    scored = sql`select ${KEY_COLUMNS}, 0::real as score from ${timeline} x where ${sql.join(where, sql` and `)}`
  }
  return sql`select k.*, null::real as ai_score,
      row_number() over (order by k.score desc, k.published_at desc, k.entry_id desc) + ${offset} as rank
    from (${scored} order by score desc, published_at desc, entry_id desc limit ${limit + 1} offset ${offset}) k`
}

/** The title and text of the given entries, for snippets. */
export async function searchTexts(db: DB, ids: string[]) {
  if (!ids.length) return []
  const result = await db.execute<{ id: string; title: string | null; content: string | null }>(sql`
    select id, title, left(coalesce(content, description, ''), 200000) as content
    from ${entries} where id = any(${sql.param(ids)}::text[])`)
  return result.rows
}

/** The words the query matched, as PostgreSQL reduced them (lexemes), to find them again in a snippet. */
export async function queryLexemes(db: DB, text: string): Promise<string[]> {
  const result = await db.execute<{ lexemes: string[] | null }>(
    sql`select tsvector_to_array(to_tsvector(${CONFIG}, ${text})) as lexemes`,
  )
  return result.rows[0]?.lexemes ?? []
}

/** The user's feeds a `feed:` filter names: by id, or by a part of the subscription's or the feed's title. */
export async function feedIdsMatching(db: DB, userId: string, value: string): Promise<string[]> {
  const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const result = await db.execute<{ feed_id: string }>(sql`
    select s.feed_id from ${subscriptions} s join ${feeds} f on f.id = s.feed_id
    where s.user_id = ${userId} and (s.feed_id = ${value} or s.title ilike ${pattern} or f.title ilike ${pattern})`)
  return result.rows.map((row) => row.feed_id)
}

const likeOf = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The user's feeds whose id, subscription title or feed title matches any of `names` (as feedIdsMatching does). */
function feedsNamed(userId: string, names: string[]): SQL {
  const matches = names.map(
    (name) => sql`(s.feed_id = ${name} or s.title ilike ${likeOf(name)} or f.title ilike ${likeOf(name)})`,
  )
  return sql`select s.feed_id from ${subscriptions} s join ${feeds} f on f.id = s.feed_id
    where s.user_id = ${userId} and s.feed_id is not null and (${sql.join(matches, sql` or `)})`
}

/**
 * Every condition of a search on rows of `timeline` or `unread` (same columns) under the alias `x`, the words
 * included: as a match of the entry's document, or substrings of its text (scripts without spaces). `fresh`: the
 * document is made from the entry here, for entries just arrived that the indexer has not reached yet.
 */
export function matchConditions(f: SearchFilter, fresh = false): SQL[] {
  const where = conditions(f)
  if (f.text && fresh) {
    where.push(sql`exists (select 1 from ${entries} e where e.id = x.entry_id
      and (${document}) @@ websearch_to_tsquery(${CONFIG}, ${f.text}))`)
  } else if (f.text) {
    where.push(sql`exists (select 1 from ${entrySearch} s where s.entry_id = x.entry_id
      and s.document @@ websearch_to_tsquery(${CONFIG}, ${f.text}))`)
  } else if (f.substrings?.length) {
    const matches = f.substrings.map(({ value, negated }) => {
      const match = sql`(e.title ilike ${likeOf(value)} or e.description ilike ${likeOf(value)} or e.content ilike ${likeOf(value)})`
      return negated ? sql`not coalesce(${match}, false)` : match
    })
    where.push(sql`exists (select 1 from ${entries} e where e.id = x.entry_id and ${sql.join(matches, sql` and `)})`)
  }
  return where
}

/**
 * The keys of one page of a search's matches in timeline order, newest first (a saved search's timeline), before
 * the cursor `before` (exclusive, like every timeline page). A full page that ends inside a run of equal timestamps
 * runs to the end of it, because the next page starts strictly before that timestamp.
 */
export function datedSearchKeys(f: SearchFilter, limit: number, before?: Date): SQL {
  const where = matchConditions(f)
  if (before) where.push(sql`x.published_at < (select ${before.toISOString()}::timestamptz)`)
  const keys = (extra: SQL[], n: number) =>
    sql`select ${KEY_COLUMNS} from ${timeline} x where ${sql.join([...where, ...extra], sql` and `)}
      order by x.published_at desc, x.entry_id desc limit ${n}`
  const run = [
    sql`x.published_at = (select min(published_at) from first_page)`,
    sql`x.entry_id < (select min(entry_id) from first_page where published_at = (select min(published_at) from first_page))`,
    sql`(select count(*) from first_page) = ${limit}`,
  ]
  return sql`with first_page as (${keys([], limit)})
    select * from first_page union all (${keys(run, RUN_LIMIT)})`
}

/** An unread count stops at this many matches: the sidebar shows "1000+" beyond it. */
export const SEARCH_COUNT_CAP = 1000

/**
 * The unread matches of each of the given searches (all of one user's), counted in one statement and capped at
 * SEARCH_COUNT_CAP each; answers counts by id.
 */
export async function unreadMatchCounts(db: DB, searches: { id: string; filter: SearchFilter }[]) {
  if (!searches.length) return {} as Record<string, number>
  const parts = searches.map(
    ({ id, filter }) => sql`select ${id}::text as id, (select count(*)::int from (
        select 1 from ${unread} x where ${sql.join(matchConditions(filter), sql` and `)} limit ${SEARCH_COUNT_CAP}
      ) m) as n`,
  )
  const result = await db.execute<{ counts: Record<string, number> | string }>(
    sql`select coalesce(json_object_agg(id, n), '{}') as counts from (${sql.join(parts, sql` union all `)}) c`,
  )
  const counts = result.rows[0]?.counts ?? {}
  return (typeof counts === "string" ? JSON.parse(counts) : counts) as Record<string, number>
}

/** Marks exactly the search's unread matches read, in one statement; answers how many per feed. */
export async function markSearchRead(db: DB, f: SearchFilter): Promise<Record<string, number>> {
  const changed = await db.execute<{ feed_id: string; n: number }>(sql`
    with marked as (
      delete from ${unread} x where ${sql.join(matchConditions(f), sql` and `)}
      returning x.feed_id
    )
    select feed_id, count(*)::int as n from marked group by feed_id`)
  return Object.fromEntries(changed.rows.map((r) => [r.feed_id, r.n]))
}

/**
 * Which searches each of the given timeline rows matches, in one statement for all of them, from the entries
 * themselves (fresh documents): what action rules naming a saved search read as entries arrive. Each search (its
 * filter carries its user) is tried on its user's rows only. Answers search ids by "userId entryId".
 */
export async function freshSearchMatches(
  db: DB,
  searches: { id: string; filter: SearchFilter; entryIds: string[] }[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  const tried = searches.filter((s) => s.entryIds.length)
  if (!tried.length) return out
  const parts = tried.map(
    ({ id, filter, entryIds }) => sql`select ${id}::text as search_id, x.user_id, x.entry_id from ${timeline} x
      where x.entry_id = any(${sql.param(entryIds)}::text[]) and ${sql.join(matchConditions(filter, true), sql` and `)}`,
  )
  const result = await db.execute<{ search_id: string; user_id: string; entry_id: string }>(
    sql.join(parts, sql` union all `),
  )
  for (const row of result.rows) {
    const key = `${row.user_id} ${row.entry_id}`
    out.set(key, [...(out.get(key) ?? []), row.search_id])
  }
  return out
}
