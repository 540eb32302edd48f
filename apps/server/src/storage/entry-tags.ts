// Entries by tag: the entries of a user's timeline whose categories (as the publisher tagged them) match.
import { sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { entries, timeline } from "./schema.ts"
import { pageJson } from "./timeline.ts"

export interface TagFilter {
  userId: string
  /** Lower-cased tags. */
  tags: string[]
  /** Every tag (true) or any of them (false). */
  all: boolean
  feedId?: string
  /** Exclusive upper bound on publishedAt (the next page's cursor). */
  before?: Date
}

/** A page of matching entries, newest first, as the JSON array of entry list items (built by the database). */
export async function entriesByTagsJson(db: DB, f: TagFilter, limit: number, withContent: boolean): Promise<string> {
  const where = [sql`x.user_id = ${f.userId}`]
  if (f.feedId) where.push(sql`x.feed_id = ${f.feedId}`)
  if (f.before) where.push(sql`x.published_at < ${f.before.toISOString()}::timestamptz`)
  const lowered = sql`array(select lower(c) from unnest(e.categories) c)`
  where.push(sql`${lowered} ${sql.raw(f.all ? "@>" : "&&")} ${sql.param(f.tags)}::text[]`)
  const keys = sql`select x.entry_id, x.feed_id, x.view, x.published_at, x.sources
    from ${timeline} x join ${entries} e on e.id = x.entry_id
    where ${sql.join(where, sql` and `)} and e.categories is not null
    order by x.published_at desc, x.entry_id desc limit ${limit}`
  const result = await db.execute<{ items: string }>(pageJson({ userId: f.userId }, keys, withContent))
  return result.rows[0]?.items ?? "[]"
}
