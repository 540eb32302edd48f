// Action rules: the user's stored rule list, and the set-based reads and writes that apply rules to new entries.
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import type { EntryRow } from "./entries.ts"
import { actions, collections, entries, listFeeds, subscriptions, timeline } from "./schema.ts"

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

/** A user with rules who just received some of the new entries, with each entry's timeline view. */
export type RuleRecipient = {
  userId: string
  rules: unknown[]
  received: { entryId: string; view: number }[]
}

/**
 * Who among the users with rules received which of `entryIds` (the timeline rows ingest just wrote), in one
 * statement. The lateral join makes the actions table drive it: each user with rules costs one indexed probe of
 * the timeline, and when nobody has rules it reads one empty table and nothing else. Kept this small because it
 * runs for every ingest batch.
 */
export async function findRuleRecipients(db: DB, feedId: string, entryIds: string[]): Promise<RuleRecipient[]> {
  const result = await db.execute<RuleRecipient>(sql`
    select a.user_id as "userId", a.rules, r.received
    from ${actions} a
    cross join lateral (
      select json_agg(json_build_object('entryId', t.entry_id, 'view', t.view)) as received
      from ${timeline} t
      where t.user_id = a.user_id and t.feed_id = ${feedId} and t.entry_id = any(${sql.param(entryIds)}::text[])
    ) r
    where r.received is not null`)
  return result.rows
}

/**
 * Each user's category for the feed: that of the subscription it reaches them through, the direct one first,
 * else the earliest list subscription holding the feed.
 */
export async function findFeedCategories(
  db: DB,
  feedId: string,
  userIds: string[],
): Promise<Map<string, string | null>> {
  const result = await db.execute<{ user_id: string; category: string | null }>(sql`
    select distinct on (s.user_id) s.user_id, s.category from ${subscriptions} s
    where s.user_id = any(${sql.param(userIds)}::text[]) and (s.feed_id = ${feedId}
      or s.list_id in (select lf.list_id from ${listFeeds} lf where lf.feed_id = ${feedId}))
    order by s.user_id, s.feed_id is null, s.created_at`)
  return new Map(result.rows.map((r) => [r.user_id, r.category]))
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
  star: (UserEntry & { view: number })[]
}

export async function applyRuleEffects(db: DB, feedId: string, effects: RuleEffects, now: Date): Promise<void> {
  if (effects.block.length) {
    await db.execute(sql`delete from ${timeline} t using ${pairs(effects.block)}
      where t.user_id = x.user_id and t.entry_id = x.entry_id`)
  }
  if (effects.silence.length) {
    await db.execute(sql`update ${timeline} t set read = true from ${pairs(effects.silence)}
      where t.user_id = x.user_id and t.entry_id = x.entry_id and not t.read`)
  }
  if (effects.star.length) {
    const views = sql.param(effects.star.map((s) => s.view))
    await db.execute(sql`
      insert into ${collections} (user_id, entry_id, feed_id, view, created_at)
      select x.user_id, x.entry_id, ${feedId}, x.view, ${now.toISOString()}::timestamptz
      from ${pairs(effects.star, sql`, ${views}::smallint[]`, sql`, view`)}
      on conflict do nothing`)
  }
}

/** (user_id, entry_id[, more]) rows aliased x, from one array parameter per column however many rows. */
function pairs(list: UserEntry[], moreArrays = sql``, moreColumns = sql``): SQL {
  const users = sql.param(list.map((p) => p.userId))
  const ids = sql.param(list.map((p) => p.entryId))
  return sql`unnest(${users}::text[], ${ids}::text[]${moreArrays}) as x(user_id, entry_id${moreColumns})`
}
