// First-party usage analytics as daily counts (analytics_daily) and daily actors as one-way hashes
// (analytics_actors): written only while the user's synced sendAnonymousData is not off, read by the admin dashboard.
import { sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { aiUsage, analyticsActors, analyticsDaily, settings, subscriptions } from "./schema.ts"

/**
 * Adds the day's counts and marks the actor active, in one statement, unless the user has turned sendAnonymousData
 * off (the setting is read in the same statement, so a batch racing the switch is not stored after it). True when
 * something was stored.
 */
export async function recordUsage(
  db: DB,
  input: { userId: string; day: string; actor: string; counts: Map<string, number> },
): Promise<boolean> {
  // Metrics in order: concurrent batches take their row locks in one order.
  const metrics = [...input.counts.keys()].sort()
  const counts = metrics.map((m) => input.counts.get(m)!)
  const result = await db.execute<{ n: number }>(sql`
    with allowed as (
      select 1 as ok where not exists (select 1 from ${settings} s where s.user_id = ${input.userId}
        and s.tab = 'general' and s.payload->>'sendAnonymousData' = 'false')
    ), actor as (
      insert into ${analyticsActors} (day, actor) select ${input.day}, ${input.actor} from allowed
      on conflict do nothing
    )
    insert into ${analyticsDaily} (day, metric, count)
    select ${input.day}, m.metric, m.n
    from unnest(${sql.param(metrics)}::text[], ${sql.param(counts)}::int[]) as m(metric, n), allowed
    on conflict (day, metric) do update set count = ${analyticsDaily.count} + excluded.count
    returning 1 as n`)
  return result.rows.length > 0
}

/** Adds to one of the day's counters (server-side counts: errors). */
export async function countMetric(db: DB, day: string, metric: string): Promise<void> {
  await db.execute(sql`insert into ${analyticsDaily} (day, metric, count) values (${day}, ${metric}, 1)
    on conflict (day, metric) do update set count = ${analyticsDaily.count} + 1`)
}

export interface DailyUsage {
  day: string
  activeUsers: number
  subscriptions: number
  aiCalls: number
  aiTokens: number
  errors: number
  events: Record<string, number>
}

/** One row per UTC day from `from` to `to` (YYYY-MM-DD), days without anything included as zeros. */
export async function dailyUsage(db: DB, from: string, to: string): Promise<DailyUsage[]> {
  // Each source is grouped once over the range (its key or a range scan), then joined to the days.
  const rows = await db.execute<{
    day: string
    active_users: number
    subscriptions: number
    ai_calls: number
    ai_tokens: number
    errors: number
    events: Record<string, number> | null
  }>(sql`
    with days as (
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    ), actors as (
      select day, count(*)::int as n from ${analyticsActors} where day between ${from} and ${to} group by day
    ), subs as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from ${subscriptions}
      where created_at >= ${from}::date and created_at < ${to}::date + 1 group by 1
    ), ai as (
      select day, sum(calls)::int as calls, sum(tokens_in + tokens_out)::int as tokens from ${aiUsage}
      where day between ${from} and ${to} group by day
    ), counted as (
      select day,
        coalesce(sum(count) filter (where metric like 'error:%'), 0)::int as errors,
        jsonb_object_agg(substr(metric, 7), count) filter (where metric like 'event:%') as events
      from ${analyticsDaily} where day between ${from} and ${to} group by day
    )
    select days.day, coalesce(actors.n, 0) as active_users, coalesce(subs.n, 0) as subscriptions,
      coalesce(ai.calls, 0) as ai_calls, coalesce(ai.tokens, 0) as ai_tokens, coalesce(counted.errors, 0) as errors,
      counted.events
    from days
      left join actors on actors.day = days.day
      left join subs on subs.day = days.day
      left join ai on ai.day = days.day
      left join counted on counted.day = days.day
    order by days.day`)
  return rows.rows.map((r) => ({
    day: r.day,
    activeUsers: Number(r.active_users),
    subscriptions: Number(r.subscriptions),
    aiCalls: Number(r.ai_calls),
    aiTokens: Number(r.ai_tokens),
    errors: Number(r.errors),
    events: Object.fromEntries(Object.entries(r.events ?? {}).map(([k, v]) => [k, Number(v)])),
  }))
}
