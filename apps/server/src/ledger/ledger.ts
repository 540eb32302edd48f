// The double-entry ledger: the only code that changes a POWER balance. A movement is one transaction row (unique
// idempotency key) and its legs, signed amounts on accounts that sum to zero; the account balances change in the
// same database transaction, by a conditional update that refuses to take any non-system account below zero.
import { randomBytes } from "node:crypto"
import { type SQL, sql } from "drizzle-orm"
import { AppError, ErrorCode } from "../errors.ts"
import { type DB, withTransaction } from "../storage/db.ts"
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../storage/schema.ts"

export const ISSUANCE = "system:issuance"
export const WITHDRAWALS = "system:withdrawals"
export const BURNED = "system:burned"

export const rewardAccount = (userId: string) => `user:${userId}:reward`
export const earnedAccount = (userId: string) => `user:${userId}:earned`
export const feedAccount = (feedId: string) => `feed:${feedId}`

export type TransactionType = (typeof ledgerTransactions.$inferInsert)["type"]

export interface Leg {
  accountId: string
  /** Positive credits the account, negative debits it. */
  amount: number
}

export interface Movement {
  idempotencyKey: string
  type: TransactionType
  status?: "completed" | "pending"
  fromUserId?: string | null
  toUserId?: string | null
  toFeedId?: string | null
  toEntryId?: string | null
  amount: number
  comment?: string | null
  at: Date
}

export interface Posted {
  hash: string
  /** True when the idempotency key had been used already: nothing moved this time. */
  replayed: boolean
}

/** A transaction hash in the shape the official client shows (0x + 64 hex digits); random, not derived. */
export function newHash(): string {
  return `0x${randomBytes(32).toString("hex")}`
}

/** Opens the user's two accounts (idempotent). */
export async function openUserAccounts(db: DB, userId: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values([
      { id: rewardAccount(userId), kind: "reward", userId },
      { id: earnedAccount(userId), kind: "earned", userId },
    ])
    .onConflictDoNothing()
}

export async function openFeedAccount(db: DB, feedId: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ id: feedAccount(feedId), kind: "feed", feedId })
    .onConflictDoNothing()
}

/**
 * Locks the accounts in one fixed order (by id), so two transfers between the same accounts in opposite directions
 * wait for each other instead of deadlocking, and answers their balances.
 */
export async function lockAccounts(db: DB, ids: string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(ids)].sort()
  const rows = await db.execute<{ id: string; balance: string }>(
    sql`select ${ledgerAccounts.id} as id, ${ledgerAccounts.balance}::text as balance from ${ledgerAccounts}
        where ${ledgerAccounts.id} in (${sql.join(
          sorted.map((id) => sql`${id}`),
          sql`, `,
        )}) order by ${ledgerAccounts.id} for update`,
  )
  return new Map(rows.rows.map((r) => [r.id, Number(r.balance)]))
}

/**
 * Records a movement inside the caller's transaction (which should already hold the accounts' locks). A key used
 * before answers the earlier transaction's hash and moves nothing. A debit that would take a user or feed account
 * below zero throws 4002, and the caller's transaction rolls back whole.
 */
export async function post(db: DB, movement: Movement, legs: Leg[]): Promise<Posted> {
  const merged = mergeLegs(legs)
  if (merged.reduce((sum, leg) => sum + leg.amount, 0) !== 0) throw new Error("ledger legs do not balance")
  if (!(movement.amount > 0) || !Number.isSafeInteger(movement.amount)) throw new Error("ledger amount not positive")
  const hash = newHash()
  const inserted = await db
    .insert(ledgerTransactions)
    .values({
      hash,
      idempotencyKey: movement.idempotencyKey,
      type: movement.type,
      status: movement.status ?? "completed",
      fromUserId: movement.fromUserId ?? null,
      toUserId: movement.toUserId ?? null,
      toFeedId: movement.toFeedId ?? null,
      toEntryId: movement.toEntryId ?? null,
      amount: movement.amount,
      comment: movement.comment ?? null,
      createdAt: movement.at,
      completedAt: movement.status === "pending" ? null : movement.at,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ hash: ledgerTransactions.hash })
  if (inserted.length === 0) {
    const [earlier] = await db
      .select({ hash: ledgerTransactions.hash })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.idempotencyKey} = ${movement.idempotencyKey}`)
    return { hash: earlier!.hash, replayed: true }
  }
  // One statement for every leg; the condition is the guard, the locks taken before make it race-free.
  const values: SQL = sql.join(
    merged.map((leg) => sql`(${leg.accountId}, ${leg.amount}::bigint)`),
    sql`, `,
  )
  const updated = await db.execute<{ id: string }>(
    sql`update ${ledgerAccounts} a set balance = a.balance + v.delta
        from (values ${values}) as v(id, delta)
        where a.id = v.id and (a.kind = 'system' or a.balance + v.delta >= 0)
        returning a.id`,
  )
  if (updated.rows.length !== merged.length) throw insufficient()
  await db
    .insert(ledgerEntries)
    .values(merged.map((leg) => ({ transactionHash: hash, accountId: leg.accountId, amount: leg.amount })))
  return { hash, replayed: false }
}

/** Runs `work` in its own transaction: the usual way to move POWER. */
export function transact<T>(db: DB, work: (tx: DB) => Promise<T>): Promise<T> {
  return withTransaction(db, work)
}

export const insufficient = () => new AppError(ErrorCode.WalletInsufficientBalance)

function mergeLegs(legs: Leg[]): Leg[] {
  const byAccount = new Map<string, number>()
  for (const leg of legs) byAccount.set(leg.accountId, (byAccount.get(leg.accountId) ?? 0) + leg.amount)
  return [...byAccount].filter(([, amount]) => amount !== 0).map(([accountId, amount]) => ({ accountId, amount }))
}
