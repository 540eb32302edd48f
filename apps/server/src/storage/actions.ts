// Action rules: the user's stored rule list, and the set-based reads and writes that apply rules to new entries.
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import type { EntryRow } from "./entries.ts"
import { actions, collections, entries, listFeeds, subscriptions, timeline, unread } from "./schema.ts"
import type { ArrivedRow } from "./timeline.ts"

export type ActionsRow = typeof actions.$inferSelect

export async function findActions(db: DB, userId: string): Promise<ActionsRow | undefined> {
  const [row] = await db.select().from(actions).where(eq(actions.userId, userId))
  return row
}

/** Replaces the user's whole rule list; the row keeps its first creation time. */
export async function saveActions(db: DB, userId: string, rules: unknown[], now: Date): Promise<void> {
  await db
    .insert(actions)
    .values({ userId, rules, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: actions.userId, set: { rules, updatedAt: now } })
}

/**
 * The timeline rows ingest just wrote for `entryIds` (new entries, so every row of theirs is new), only those of
 * users with rules, in one statement. The lateral join makes the actions table drive it: each user with rules costs
 * one indexed probe of the timeline, and when nobody has rules it reads one empty table and nothing else. Kept this
 * small because it runs for every ingest batch.
 */
export async function findArrivalsForRuleUsers(db: DB, feedId: string, entryIds: string[]): Promise<ArrivedRow[]> {
  const result = await db.execute<ArrivedRow>(sql`
    select t.user_id as "userId", t.entry_id as "entryId", t.feed_id as "feedId", t.view
    from ${actions} a
    cross join lateral (
      select user_id, entry_id, feed_id, view from ${timeline}
      where user_id = a.user_id and feed_id = ${feedId} and entry_id = any(${sql.param(entryIds)}::text[])
    ) t`)
  return result.rows
}

/** The stored rule lists of these users (those who have one). */
export async function findRulesOf(db: DB, userIds: string[]): Promise<Map<string, unknown[]>> {
  if (!userIds.length) return new Map()
  const rows = await db
    .select({ userId: actions.userId, rules: actions.rules })
    .from(actions)
    .where(inArray(actions.userId, userIds))
  return new Map(rows.map((r) => [r.userId, r.rules]))
}

/**
 * Each (user, feed)'s category: that of the subscription the feed reaches the user through, the direct one first,
 * else the earliest list subscription holding the feed. Keyed `user feed`.
 */
export async function findCategoriesOf(db: DB, pairs: { userId: string; feedId: string }[]) {
  const users = sql.param(pairs.map((p) => p.userId))
  const feedIds = sql.param(pairs.map((p) => p.feedId))
  const result = await db.execute<{ user_id: string; feed_id: string; category: string | null }>(sql`
    select distinct on (p.user_id, p.feed_id) p.user_id, p.feed_id, s.category
    from (select distinct * from unnest(${users}::text[], ${feedIds}::text[]) as x(user_id, feed_id)) p
    join ${subscriptions} s on s.user_id = p.user_id and (s.feed_id = p.feed_id
      or s.list_id in (select lf.list_id from ${listFeeds} lf where lf.feed_id = p.feed_id))
    order by p.user_id, p.feed_id, s.feed_id is null, s.created_at`)
  return new Map(result.rows.map((r) => [`${r.user_id} ${r.feed_id}`, r.category]))
}

/** Which of these (user, entry) pairs the user has starred. Keyed `user entry`. */
export async function findStarred(db: DB, pairs: UserEntry[]): Promise<Set<string>> {
  if (!pairs.length) return new Set()
  const result = await db.execute<{ user_id: string; entry_id: string }>(sql`
    select c.user_id, c.entry_id from ${collections} c join ${pairsOf(pairs)}
      on c.user_id = x.user_id and c.entry_id = x.entry_id`)
  return new Set(result.rows.map((r) => `${r.user_id} ${r.entry_id}`))
}

export async function findEntriesByIds(db: DB, ids: string[]): Promise<EntryRow[]> {
  if (!ids.length) return []
  return db.select().from(entries).where(inArray(entries.id, ids))
}

/** Only the content of the given entries (entry pages list them without it). */
export async function findEntryContents(db: DB, ids: string[]): Promise<{ id: string; content: string | null }[]> {
  if (!ids.length) return []
  return db.select({ id: entries.id, content: entries.content }).from(entries).where(inArray(entries.id, ids))
}

/** Category of each of the user's subscriptions to these feeds and lists. */
export async function findSubscriptionCategories(db: DB, userId: string, feedIds: string[], listIds: string[]) {
  const targets: SQL[] = []
  if (feedIds.length) targets.push(inArray(subscriptions.feedId, feedIds))
  if (listIds.length) targets.push(inArray(subscriptions.listId, listIds))
  if (!targets.length) return []
  return db
    .select({ feedId: subscriptions.feedId, listId: subscriptions.listId, category: subscriptions.category })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), or(...targets)))
}

export interface UserEntry {
  userId: string
  entryId: string
}

/** What matching rules do to stored rows: each list becomes one statement. */
export interface RuleEffects {
  block: UserEntry[]
  silence: UserEntry[]
  star: (UserEntry & { feedId: string; view: number })[]
}

export async function applyRuleEffects(db: DB, effects: RuleEffects, now: Date): Promise<void> {
  if (effects.block.length) {
    await db.execute(sql`delete from ${timeline} t using ${pairsOf(effects.block)}
      where t.user_id = x.user_id and t.entry_id = x.entry_id`)
  }
  if (effects.silence.length) {
    await db.execute(sql`delete from ${unread} u using ${pairsOf(effects.silence)}
      where u.user_id = x.user_id and u.entry_id = x.entry_id`)
  }
  if (effects.star.length) {
    const feedIds = sql.param(effects.star.map((s) => s.feedId))
    const views = sql.param(effects.star.map((s) => s.view))
    await db.execute(sql`
      insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
      select x.user_id, x.entry_id, x.feed_id, x.view, ${now.toISOString()}::timestamptz
      from ${pairsOf(effects.star, sql`, ${feedIds}::text[], ${views}::smallint[]`, sql`, feed_id, view`)}
      on conflict do nothing`)
  }
}

/** (user_id, entry_id[, more]) rows aliased x, from one array parameter per column however many rows. */
function pairsOf(list: UserEntry[], moreArrays = sql``, moreColumns = sql``): SQL {
  const users = sql.param(list.map((p) => p.userId))
  const ids = sql.param(list.map((p) => p.entryId))
  return sql`unnest(${users}::text[], ${ids}::text[]${moreArrays}) as x(user_id, entry_id${moreColumns})`
}
