// Wallet queries: balances, activity behind the daily reward, transaction pages, ranking and the daily snapshot.
import { and, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm"
import { alias } from "drizzle-orm/pg-core"
import { ACTIVITY_DAYS, READS_COUNTED } from "../ledger/rules.ts"
import type { DB } from "./db.ts"
import {
  appMeta,
  entries,
  feeds,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  powerLevels,
  subscriptions,
  timeline,
  unread,
  user,
  wallets,
} from "./schema.ts"

export interface WalletRow {
  userId: string
  address: string
  createdAt: Date
  reward: number
  earned: number
}

/** The user's wallet with the balances of their two accounts. */
export async function findWallet(db: DB, userId: string): Promise<WalletRow | undefined> {
  const result = await db.execute<{
    userId: string
    address: string
    createdAt: string
    reward: string
    earned: string
  }>(
    sql`select w.user_id as "userId", w.address, w.created_at as "createdAt",
          coalesce((select balance from ${ledgerAccounts} where id = 'user:' || w.user_id || ':reward'), 0)::text as reward,
          coalesce((select balance from ${ledgerAccounts} where id = 'user:' || w.user_id || ':earned'), 0)::text as earned
        from ${wallets} w where w.user_id = ${userId}`,
  )
  const row = result.rows[0]
  if (!row) return undefined
  return { ...row, createdAt: new Date(row.createdAt), reward: Number(row.reward), earned: Number(row.earned) }
}

export async function insertWallet(db: DB, userId: string, address: string, at: Date): Promise<void> {
  await db.insert(wallets).values({ userId, address, createdAt: at }).onConflictDoNothing()
}

export async function userExists(db: DB, userId: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
  return rows.length > 0
}

export async function hasWallet(db: DB, userId: string): Promise<boolean> {
  const rows = await db.select({ id: wallets.userId }).from(wallets).where(eq(wallets.userId, userId))
  return rows.length > 0
}

/** The feed a tip goes to, found by its id or by one of its entries. */
export async function findTipTarget(db: DB, by: { feedId?: string; entryId?: string }) {
  if (by.entryId) {
    const [row] = await db
      .select({ feedId: feeds.id, ownerUserId: feeds.ownerUserId })
      .from(entries)
      .innerJoin(feeds, eq(feeds.id, entries.feedId))
      .where(eq(entries.id, by.entryId))
    return row
  }
  const [row] = await db
    .select({ feedId: feeds.id, ownerUserId: feeds.ownerUserId })
    .from(feeds)
    .where(eq(feeds.id, by.feedId ?? ""))
  return row
}

/** What the daily multiplier looks at; the reads count stops at READS_COUNTED, so it costs at most that many probes. */
export async function activityOf(db: DB, userId: string, at: Date) {
  const since = new Date(at.getTime() - ACTIVITY_DAYS * 86_400_000)
  const result = await db.execute<{ subscriptions: number; reads: number }>(sql`
    select (select count(*)::int from ${subscriptions} where user_id = ${userId}) as subscriptions,
           (select count(*)::int from (
              select 1 from ${timeline} t
              where t.user_id = ${userId} and t.inserted_at >= ${since}
                and not exists (select 1 from ${unread} u where u.user_id = t.user_id and u.entry_id = t.entry_id)
              limit ${READS_COUNTED}) r) as reads`)
  const row = result.rows[0]!
  return { subscriptions: Number(row.subscriptions), recentReads: Number(row.reads) }
}

/** The user's latest daily claim. */
export async function lastDailyClaim(db: DB, userId: string) {
  const [row] = await db
    .select({ createdAt: ledgerTransactions.createdAt, amount: ledgerTransactions.amount })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.toUserId, userId),
        eq(ledgerTransactions.type, "mint"),
        sql`${ledgerTransactions.idempotencyKey} like ${`claim-daily:${userId}:%`}`,
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt))
    .limit(1)
  return row
}

export interface TransactionFilter {
  hash?: string
  type?: string
  fromUserId?: string
  toUserId?: string
  toFeedId?: string
  createdAfter?: Date
  before?: Date
  /** With `before`: the page after this transaction of that instant (keyset on time, then hash). */
  beforeHash?: string
  limit: number
}

/** A page of the transactions `userId` is a party to, newest first, with the other parties. */
export async function listTransactions(db: DB, userId: string, filter: TransactionFilter) {
  const fromUser = aliasUser("from_user")
  const toUser = aliasUser("to_user")
  const conditions: SQL[] = [or(eq(ledgerTransactions.fromUserId, userId), eq(ledgerTransactions.toUserId, userId))!]
  if (filter.hash) conditions.push(eq(ledgerTransactions.hash, filter.hash))
  if (filter.type) conditions.push(eq(ledgerTransactions.type, filter.type as "tip"))
  if (filter.fromUserId) conditions.push(eq(ledgerTransactions.fromUserId, filter.fromUserId))
  if (filter.toUserId) conditions.push(eq(ledgerTransactions.toUserId, filter.toUserId))
  if (filter.toFeedId) conditions.push(eq(ledgerTransactions.toFeedId, filter.toFeedId))
  if (filter.createdAfter) conditions.push(gt(ledgerTransactions.createdAt, filter.createdAfter))
  if (filter.before && filter.beforeHash) {
    conditions.push(
      sql`(${ledgerTransactions.createdAt}, ${ledgerTransactions.hash}) < (${filter.before}, ${filter.beforeHash})`,
    )
  } else if (filter.before) conditions.push(lt(ledgerTransactions.createdAt, filter.before))
  return db
    .select({
      tx: ledgerTransactions,
      fromUser: fromUser.columns,
      toUser: toUser.columns,
      toFeed: { id: feeds.id, title: feeds.title, url: feeds.url, image: feeds.image, siteUrl: feeds.siteUrl },
    })
    .from(ledgerTransactions)
    .leftJoin(fromUser.table, eq(fromUser.table.id, ledgerTransactions.fromUserId))
    .leftJoin(toUser.table, eq(toUser.table.id, ledgerTransactions.toUserId))
    .leftJoin(feeds, eq(feeds.id, ledgerTransactions.toFeedId))
    .where(and(...conditions))
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.hash))
    .limit(filter.limit)
}

function aliasUser(name: string) {
  const table = alias(user, name)
  return { table, columns: { id: table.id, name: table.name, handle: table.handle, image: table.image } }
}

/** Wallet holders by balance (reward + earned), highest first. */
export async function ranking(db: DB, limit: number, offset: number) {
  const result = await db.execute<{
    userId: string
    name: string
    image: string | null
    balance: string
    rank: number
  }>(sql`
    select w.user_id as "userId", u.name, u.image, b.balance::text as balance,
           (rank() over (order by b.balance desc))::int + ${offset} as rank
    from ${wallets} w
    join ${user} u on u.id = w.user_id
    cross join lateral (select coalesce(sum(balance), 0) as balance from ${ledgerAccounts} where user_id = w.user_id) b
    order by b.balance desc, w.user_id
    limit ${limit} offset ${offset}`)
  return result.rows
}

/** 1 + the number of wallet holders with more POWER. */
export async function rankOf(db: DB, balance: number): Promise<number> {
  const result = await db.execute<{ ahead: number }>(sql`
    select count(*)::int as ahead from (
      select user_id from ${ledgerAccounts} where kind in ('reward', 'earned') group by user_id
      having sum(balance) > ${balance}) r`)
  return Number(result.rows[0]?.ahead ?? 0) + 1
}

export async function findLevel(db: DB, userId: string) {
  const [row] = await db.select().from(powerLevels).where(eq(powerLevels.userId, userId))
  return row
}

export async function upsertLevel(db: DB, row: typeof powerLevels.$inferInsert): Promise<void> {
  await db
    .insert(powerLevels)
    .values(row)
    .onConflictDoUpdate({
      target: powerLevels.userId,
      set: {
        level: row.level,
        rank: row.rank,
        prevActivityPoints: sql`${powerLevels.activityPoints}`,
        activityPoints: row.activityPoints,
        computedAt: row.computedAt,
      },
    })
}

/** Wallet holders after `after` in id order (the daily computation walks them in batches). */
export async function walletHoldersAfter(db: DB, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(gt(wallets.userId, after))
    .orderBy(wallets.userId)
    .limit(limit)
  return rows.map((r) => r.userId)
}

/** The user's accounts whose balance is not the sum of their legs. */
export async function accountsOffTheirLegs(db: DB, userId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select a.id from ${ledgerAccounts} a
    where a.user_id = ${userId}
      and a.balance <> coalesce((select sum(e.amount) from ${ledgerEntries} e where e.account_id = a.id), 0)`)
  return result.rows.map((r) => r.id)
}

export async function userBalance(db: DB, userId: string): Promise<number> {
  const result = await db.execute<{ balance: string }>(
    sql`select coalesce(sum(balance), 0)::text as balance from ${ledgerAccounts} where user_id = ${userId}`,
  )
  return Number(result.rows[0]?.balance ?? 0)
}

// ---- the daily computation's marker (4005 while it runs)

const DAILY_RUNNING = "power_daily_running"
const DAILY_DONE = "power_daily_done"

/** Takes the marker; false when another run holds a fresh one. */
export async function startDailyRun(db: DB, at: Date, staleBefore: Date): Promise<boolean> {
  await db
    .delete(appMeta)
    .where(and(eq(appMeta.key, DAILY_RUNNING), lt(sql`${appMeta.value}::timestamptz`, staleBefore)))
  const taken = await db
    .insert(appMeta)
    .values({ key: DAILY_RUNNING, value: at.toISOString() })
    .onConflictDoNothing()
    .returning({ key: appMeta.key })
  return taken.length > 0
}

/** Drops the marker; with a day, records that day's computation as done. */
export async function finishDailyRun(db: DB, day: string | undefined): Promise<void> {
  await db.delete(appMeta).where(eq(appMeta.key, DAILY_RUNNING))
  if (!day) return
  await db
    .insert(appMeta)
    .values({ key: DAILY_DONE, value: day })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: day } })
}

/** When the running computation started, if one is running. */
export async function dailyRunStartedAt(db: DB): Promise<Date | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DAILY_RUNNING))
  return row ? new Date(row.value) : undefined
}

export async function lastDailyRunDay(db: DB): Promise<string | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DAILY_DONE))
  return row?.value
}

// ---- withdrawals an admin completes

export async function pendingWithdrawals(db: DB) {
  return db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.type, "withdraw"), eq(ledgerTransactions.status, "pending")))
    .orderBy(ledgerTransactions.createdAt)
    .limit(100)
}

/** Marks a pending withdrawal completed; false when it is not pending (completed already, or no such hash). */
export async function completeWithdrawal(
  db: DB,
  hash: string,
  at: Date,
): Promise<typeof ledgerTransactions.$inferSelect | undefined> {
  const [row] = await db
    .update(ledgerTransactions)
    .set({ status: "completed", completedAt: at })
    .where(
      and(
        eq(ledgerTransactions.hash, hash),
        eq(ledgerTransactions.type, "withdraw"),
        eq(ledgerTransactions.status, "pending"),
      ),
    )
    .returning()
  return row
}
