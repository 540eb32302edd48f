// Admin queries: feature flags and their per-user overrides (effective state computed in SQL, so one statement
// answers a user's flags, a flag's stats or a page of affected users), and the purge of old entries.
import { type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { featureFlags, userFeatureOverrides } from "./schema.ts"

export type FeatureFlagRow = typeof featureFlags.$inferSelect

/** The user's bucket 0–99 for a flag: the first 28 bits of md5(seed or name, ':', user id), mod 100. */
const bucket = (u: SQL) =>
  sql`(('x' || substr(md5(coalesce(f.rollout_seed, f.name) || ':' || ${u}), 1, 7))::bit(28)::int % 100)`

/** What the flag's rollout alone says for user `u` (overrides aside). */
const byRollout = (u: SQL) => sql`(f.enabled and case f.rollout_type
  when 'whitelist' then f.rollout_value = 1
  else ${bucket(u)} < f.rollout_percentage end)`

/** An override still in force at `now`. */
const liveOverride = (now: Date) => sql`(o.expires_at is null or o.expires_at > ${now})`

export async function listFlags(db: DB): Promise<FeatureFlagRow[]> {
  return db.select().from(featureFlags).orderBy(featureFlags.name)
}

export async function findFlag(db: DB, name: string): Promise<FeatureFlagRow | undefined> {
  const [row] = await db.select().from(featureFlags).where(sql`${featureFlags.name} = ${name}`)
  return row
}

export async function upsertFlag(
  db: DB,
  name: string,
  patch: Partial<Omit<FeatureFlagRow, "id" | "name" | "createdAt" | "updatedAt">>,
  now: Date,
): Promise<FeatureFlagRow> {
  const [row] = await db
    .insert(featureFlags)
    .values({ name, ...patch, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: featureFlags.name, set: { ...patch, updatedAt: now } })
    .returning()
  return row!
}

export async function upsertOverride(db: DB, row: typeof userFeatureOverrides.$inferInsert): Promise<void> {
  await db
    .insert(userFeatureOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [userFeatureOverrides.featureName, userFeatureOverrides.userId],
      set: {
        forceEnabled: row.forceEnabled,
        reason: row.reason ?? null,
        expiresAt: row.expiresAt ?? null,
        createdBy: row.createdBy ?? null,
        createdAt: row.createdAt,
      },
    })
}

export async function deleteOverride(db: DB, name: string, userId: string): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(
    sql`delete from ${userFeatureOverrides} where feature_name = ${name} and user_id = ${userId} returning id`,
  )
  return rows.rows.length > 0
}

/** Every flag's effective state for one user: a live override wins, else the rollout. */
export async function flagsForUser(db: DB, userId: string, now: Date): Promise<Record<string, boolean>> {
  const rows = await db.execute<{ name: string; on: boolean }>(sql`
    select f.name, coalesce(o.force_enabled, ${byRollout(sql`${userId}`)}) as on
    from feature_flags f
    left join user_feature_overrides o on o.feature_name = f.name and o.user_id = ${userId} and ${liveOverride(now)}`)
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.on]))
}

export async function flagStats(db: DB, name: string, now: Date) {
  const rows = await db.execute<Record<string, number>>(sql`
    with s as (
      select o.force_enabled as forced, ${byRollout(sql`u.id`)} as rollout
      from feature_flags f cross join "user" u
      left join user_feature_overrides o on o.feature_name = f.name and o.user_id = u.id and ${liveOverride(now)}
      where f.name = ${name})
    select count(*)::int as "totalUsers",
      count(*) filter (where coalesce(forced, rollout))::int as "enabledUsers",
      count(*) filter (where forced is not null)::int as "overrideUsers",
      count(*) filter (where forced)::int as "enabledOverrides",
      count(*) filter (where not forced)::int as "disabledOverrides",
      count(*) filter (where forced is null and rollout)::int as "enabledByRollout",
      count(*) filter (where not coalesce(forced, rollout))::int as "disabledUsers"
    from s`)
  return rows.rows[0]!
}

export interface AffectedQuery {
  page: number
  limit: number
  filter: "all" | "enabled" | "disabled" | "override"
  search?: string
}

const FILTERS = {
  all: sql`true`,
  enabled: sql`is_on`,
  disabled: sql`not is_on`,
  override: sql`forced is not null`,
}

export async function affectedUsers(db: DB, name: string, q: AffectedQuery, now: Date) {
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const rows = await db.execute<{
    id: string
    name: string | null
    email: string
    handle: string | null
    image: string | null
    createdAt: Date | string
    is_on: boolean
    forced: boolean | null
    reason: string | null
    expiresAt: Date | string | null
    createdBy: string | null
    total: number
  }>(sql`
    with s as (
      select u.id, u.name, u.email, u.handle, u.image, u.created_at as "createdAt",
        coalesce(o.force_enabled, ${byRollout(sql`u.id`)}) as is_on, o.force_enabled as forced, o.reason,
        o.expires_at as "expiresAt", o.created_by as "createdBy"
      from feature_flags f cross join "user" u
      left join user_feature_overrides o on o.feature_name = f.name and o.user_id = u.id and ${liveOverride(now)}
      where f.name = ${name}
        and (${search}::text is null or u.email ilike ${search} or u.name ilike ${search} or u.handle ilike ${search}))
    select *, count(*) over ()::int as total from s
    where ${FILTERS[q.filter]}
    order by "createdAt", id
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
  return rows.rows
}

/**
 * Deletes entries published before `cutoff` (of one feed, or all) that nobody has starred; their timeline rows go
 * with them (foreign key cascade, and the unread triggers follow). Answers how many entries went.
 */
export async function purgeEntries(db: DB, cutoff: Date, feedId?: string): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from entries e
      where e.published_at < ${cutoff} ${feedId ? sql`and e.feed_id = ${feedId}` : sql``}
        and not exists (select 1 from collections c where c.entry_id = e.id)
      returning 1)
    select count(*)::int as n from gone`)
  return rows.rows[0]?.n ?? 0
}

/** A user's id from their id or e-mail address (the admin screen lets an admin type either). */
export async function findUserId(db: DB, idOrEmail: string): Promise<string | undefined> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from "user" where id = ${idOrEmail} or lower(email) = lower(${idOrEmail}) limit 1`,
  )
  return rows.rows[0]?.id
}
