// Upkeep SQL: statistics and vacuum by how much a table has grown, and the check and repair of the unread counters.
import { sql } from "drizzle-orm"
import type { DB } from "./db.ts"

/** The tables whose growth changes the plans of the hot queries. */
const TENDED = ["entries", "timeline", "unread", "unread_counts", "collections", "subscriptions", "inbox_entries"]

export interface TableState {
  table: string
  /** Pages when statistics were last gathered (0: never). */
  analyzedPages: number
  pages: number
  /** Rows deleted or replaced and not vacuumed yet, as the statistics collector last reported them. */
  deadRows: number
  liveRows: number
}

/**
 * Each tended table's size now against its size at the last ANALYZE or VACUUM (pg_class.relpages), which the
 * embedded database knows at once (its statistics views are flushed only about once a second), and its dead rows.
 */
export async function tableStates(db: DB): Promise<TableState[]> {
  const rows = await db.execute<{
    table: string
    analyzed_pages: number
    pages: number
    dead: number
    live: number
  }>(sql`
    select c.relname as table, greatest(c.relpages, 0)::int as analyzed_pages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
      coalesce(s.n_dead_tup, 0)::int as dead, coalesce(s.n_live_tup, 0)::int as live
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname = any(${sql.param(TENDED)}::text[])`)
  return rows.rows.map((r) => ({
    table: r.table,
    analyzedPages: r.analyzed_pages,
    pages: r.pages,
    deadRows: r.dead,
    liveRows: r.live,
  }))
}

/** Gathers statistics for a table; with `vacuum`, also reclaims the space of deleted rows. */
export async function tendTable(db: DB, table: string, vacuum: boolean): Promise<void> {
  if (!TENDED.includes(table)) throw new Error(`not a tended table: ${table}`)
  await db.execute(sql.raw(`${vacuum ? "vacuum (analyze)" : "analyze"} "${table}"`))
}

/** The counters as they should be: the users' unread rows counted per feed and per list they arrived through. */
function truthFor(userIds: string[]) {
  return sql`select user_id, source_id, is_list, count(*)::int as n from (
    select user_id, feed_id as source_id, false as is_list from unread where user_id = any(${sql.param(userIds)}::text[])
    union all
    select u.user_id, s.source, true from unread u cross join lateral unnest(u.sources) as s(source)
    where u.user_id = any(${sql.param(userIds)}::text[]) and s.source <> 'feed'
  ) x group by user_id, source_id, is_list`
}

/** The users among `userIds` whose counters differ from a count of their unread rows. */
export async function usersWithCountDrift(db: DB, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return []
  const rows = await db.execute<{ user_id: string }>(sql`
    with truth as (${truthFor(userIds)})
    select distinct coalesce(t.user_id, c.user_id) as user_id
    from truth t full join (select * from unread_counts where user_id = any(${sql.param(userIds)}::text[])) c
      on c.user_id = t.user_id and c.source_id = t.source_id
    where coalesce(t.n, 0) <> coalesce(c.count, 0)`)
  return rows.rows.map((r) => r.user_id)
}

/**
 * Sets one user's counters to a count of their unread rows; answers how many counters changed. The counters table
 * is locked against writers for the moment it takes, so no change made meanwhile is lost.
 */
export async function repairUnreadCounts(db: DB, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table unread_counts in share row exclusive mode`)
    const rows = await tx.execute<{ changed: number }>(sql`
      with truth as (${truthFor([userId])}),
      fixed as (
        insert into unread_counts (user_id, source_id, is_list, count)
        select user_id, source_id, is_list, n from truth order by source_id
        on conflict (user_id, source_id) do update set count = excluded.count
        where unread_counts.count <> excluded.count
        returning 1
      ), zeroed as (
        update unread_counts c set count = 0
        where c.user_id = ${userId} and c.count <> 0 and not exists (select 1 from truth t where t.source_id = c.source_id)
        returning 1
      )
      select ((select count(*) from fixed) + (select count(*) from zeroed))::int as changed`)
    return rows.rows[0]?.changed ?? 0
  })
}

/** Users a page at a time, in id order, for the audit. */
export async function usersAfter(db: DB, afterId: string, limit: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from "user" where id > ${afterId} order by id limit ${limit}`,
  )
  return rows.rows.map((r) => r.id)
}
