// The AI timeline's rows: scores per user and entry under a sorting prompt, the page sorted by them, what is left
// to score, and the unread entries a timeline summary reads.
import { and, eq, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { aiScores, entries, feeds, settings, timeline, unread } from "./schema.ts"
import { conditions, pageJson, type TimelineFilter, withListFeeds } from "./timeline.ts"

/** The user's timeline sorting prompt (settings › ai), or undefined when they set none. */
export async function findSortPrompt(db: DB, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ prompt: sql<string | null>`${settings.payload}->>'timelineSortPrompt'` })
    .from(settings)
    .where(and(eq(settings.userId, userId), eq(settings.tab, "ai")))
  const prompt = row?.prompt?.trim()
  return prompt || undefined
}

/**
 * Of the users who just received `entryIds` of one feed, those with a sorting prompt. Driven by the partial index
 * of such users (settings_ai_sort_idx), each one indexed probe of the timeline, like the action rules' lookup: a
 * server where nobody sorts reads an empty index range per ingest batch and nothing else.
 */
export async function findSortingRecipients(db: DB, feedId: string, entryIds: string[]): Promise<string[]> {
  if (!entryIds.length) return []
  const result = await db.execute<{ user_id: string }>(sql`
    select s.user_id from ${settings} s
    where s.tab = 'ai' and coalesce(s.payload->>'timelineSortPrompt', '') <> ''
      and exists (select 1 from ${timeline} t
        where t.user_id = s.user_id and t.feed_id = ${feedId} and t.entry_id = any(${sql.param(entryIds)}::text[]))`)
  return result.rows.map((r) => r.user_id)
}

/**
 * The top `limit` unread entries of the filter by score under `promptKey` (ties: newest first), those not scored
 * yet after all scored ones, as the JSON page the timeline answers with `aiScore` on each item. Not paged: every
 * unread row of the filter is looked at (one primary-key probe of ai_scores each) and the best are kept by a
 * bounded top-N sort.
 */
export async function aiSortedPageJson(
  db: DB,
  f: TimelineFilter,
  promptKey: string,
  limit: number,
  withContent: boolean,
) {
  const filter = await withListFeeds(db, { ...f, unreadOnly: true, before: undefined })
  if (filter.feedIds?.length === 0) return { items: "[]", hasRules: false }
  const where = sql.join(conditions(filter), sql` and `)
  const keys = sql`
    select x.entry_id, x.feed_id, x.view, x.published_at, x.sources, s.score as ai_score,
      row_number() over (order by s.score desc nulls last, x.published_at desc, x.entry_id desc) as rank
    from ${unread} x
    left join ${aiScores} s on s.user_id = x.user_id and s.entry_id = x.entry_id and s.prompt_key = ${promptKey}
    where ${where}
    order by s.score desc nulls last, x.published_at desc, x.entry_id desc
    limit ${limit}`
  const [row] = (await db.execute<{ items: string; hasRules: boolean }>(pageJson(filter, keys, withContent, true))).rows
  return row ?? { items: "[]", hasRules: false }
}

export type ScoreCandidate = {
  entryId: string
  title: string | null
  /** Description, else the start of the content (HTML). */
  text: string | null
  feedTitle: string | null
}

/**
 * Up to `limit` of the user's unread entries with no score under `promptKey`, newest first; those of `view` first
 * when one is given (the view the user is sorting).
 */
export async function findUnscored(
  db: DB,
  userId: string,
  promptKey: string,
  limit: number,
  view?: number,
): Promise<ScoreCandidate[]> {
  const first: SQL = view === undefined ? sql`` : sql`(x.view = ${view}) desc,`
  const result = await db.execute<ScoreCandidate>(sql`
    select k.entry_id as "entryId", e.title, left(coalesce(nullif(e.description, ''), e.content), 1500) as text,
      f.title as "feedTitle"
    from (
      select x.entry_id, x.feed_id, x.view, x.published_at from ${unread} x
      where x.user_id = ${userId} and not exists (
        select 1 from ${aiScores} s where s.user_id = x.user_id and s.entry_id = x.entry_id and s.prompt_key = ${promptKey})
      order by ${first} x.published_at desc, x.entry_id desc
      limit ${limit}
    ) k
    join ${entries} e on e.id = k.entry_id
    left join ${feeds} f on f.id = k.feed_id
    order by ${view === undefined ? sql`` : sql`(k.view = ${view}) desc,`} k.published_at desc, k.entry_id desc`)
  return result.rows
}

/** Stores scores in one statement; a score under an older prompt is replaced. */
export async function saveScores(
  db: DB,
  userId: string,
  promptKey: string,
  scores: { entryId: string; score: number }[],
  at: Date,
) {
  if (!scores.length) return
  await db.execute(sql`
    insert into ${aiScores} (user_id, entry_id, prompt_key, score, scored_at)
    select ${userId}, x.entry_id, ${promptKey}, x.score, ${at.toISOString()}::timestamptz
    from unnest(${sql.param(scores.map((s) => s.entryId))}::text[], ${sql.param(scores.map((s) => s.score))}::smallint[])
      as x(entry_id, score)
    -- Only entries still in the user's timeline: one deleted while the model was thinking is left out.
    where exists (select 1 from ${timeline} t where t.user_id = ${userId} and t.entry_id = x.entry_id)
    on conflict (user_id, entry_id) do update
      set prompt_key = excluded.prompt_key, score = excluded.score, scored_at = excluded.scored_at`)
}

export type SummaryCandidate = {
  entryId: string
  feedId: string
  view: number
  title: string | null
  url: string | null
  text: string | null
  feedTitle: string | null
  publishedAt: Date
}

/** The newest `limit` unread entries of a timeline filter (a view, a feed, a category, a list), with short text. */
export async function findUnreadForSummary(db: DB, f: TimelineFilter, limit: number): Promise<SummaryCandidate[]> {
  const filter = await withListFeeds(db, { ...f, unreadOnly: true })
  if (filter.feedIds?.length === 0) return []
  const where = sql.join(conditions(filter), sql` and `)
  const result = await db.execute<SummaryCandidate & { publishedAt: string | Date }>(sql`
    select k.entry_id as "entryId", k.feed_id as "feedId", k.view, e.title, e.url,
      left(coalesce(nullif(e.description, ''), e.content), 1500) as text, f.title as "feedTitle",
      k.published_at as "publishedAt"
    from (
      select x.entry_id, x.feed_id, x.view, x.published_at from ${unread} x where ${where}
      order by x.published_at desc, x.entry_id desc limit ${limit}
    ) k
    join ${entries} e on e.id = k.entry_id
    left join ${feeds} f on f.id = k.feed_id
    order by k.published_at desc, k.entry_id desc`)
  return result.rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt) }))
}
