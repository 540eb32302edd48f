// Wallets (POWER): the wallet and its balances, transactions, ranking, the daily claim, tips and withdrawals.
// Every movement goes through ledger/; the rules of the daily reward are in ledger/rules.ts (docs/power.md).
import { randomBytes, randomUUID } from "node:crypto"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import {
  BURNED,
  earnedAccount,
  feedAccount,
  ISSUANCE,
  insufficient,
  lockAccounts,
  openFeedAccount,
  openUserAccounts,
  post,
  rewardAccount,
  transact,
  WITHDRAWALS,
} from "../ledger/ledger.ts"
import {
  type Activity,
  activityPoints,
  claimDay,
  DAILY_RUN_STALE_MS,
  dailyMultiplier,
  dailyReward,
  nextClaimAt,
} from "../ledger/rules.ts"
import {
  accountsOffTheirLegs,
  activityOf,
  completeWithdrawal,
  dailyRunStartedAt,
  findLevel,
  findTipTarget,
  findWallet,
  finishDailyRun,
  hasWallet,
  insertWallet,
  lastDailyClaim,
  lastDailyRunDay,
  listTransactions,
  pendingWithdrawals,
  ranking,
  rankOf,
  startDailyRun,
  type TransactionFilter,
  upsertLevel,
  userBalance,
  userExists,
  type WalletRow,
  walletHoldersAfter,
} from "../storage/wallets.ts"
import type { SessionInfo } from "./session.ts"

function walletModel(row: WalletRow) {
  return {
    userId: row.userId,
    address: row.address,
    addressIndex: 0,
    powerToken: String(row.reward + row.earned),
    dailyPowerToken: String(row.reward),
    cashablePowerToken: String(row.earned),
    createdAt: row.createdAt.toISOString(),
  }
}

/** The caller's wallet with its level and today's reward, or an empty list before they create one. */
export async function getWallets(deps: Deps, userId: string) {
  const row = await findWallet(deps.db, userId)
  if (!row) return []
  const now = deps.now()
  const [activity, level, rank, claimed] = await Promise.all([
    activityOf(deps.db, userId, now),
    findLevel(deps.db, userId),
    rankOf(deps.db, row.reward + row.earned),
    lastDailyClaim(deps.db, userId),
  ])
  const claimedToday = claimed && claimDay(claimed.createdAt) === claimDay(now)
  return [
    {
      ...walletModel(row),
      level: {
        level: dailyMultiplier(activity),
        rank,
        activityPoints: activityPoints(activity),
        prevActivityPoints: level?.activityPoints ?? 0,
      },
      todayDailyPower: String(claimedToday ? claimed.amount : dailyReward(activity)),
    },
  ]
}

/** Creates the caller's wallet (a second call answers the same wallet). */
export async function createWallet(deps: Deps, userId: string) {
  await transact(deps.db, async (tx) => {
    await insertWallet(tx, userId, `power:${randomBytes(20).toString("hex")}`, deps.now())
    await openUserAccounts(tx, userId)
  })
  return walletModel((await findWallet(deps.db, userId))!)
}

async function requireWallet(deps: Deps, userId: string) {
  if (!(await hasWallet(deps.db, userId))) {
    throw new AppError(ErrorCode.UserWalletError, { reason: "Create your wallet first" })
  }
}

export async function transactions(deps: Deps, userId: string, filter: TransactionFilter) {
  const rows = await listTransactions(deps.db, userId, filter)
  return rows.map(({ tx, fromUser, toUser, toFeed }) => ({
    hash: tx.hash,
    type: tx.type,
    status: tx.status,
    fromUserId: tx.fromUserId,
    toUserId: tx.toUserId,
    fromFeedId: null,
    toFeedId: tx.toFeedId,
    toEntryId: tx.toEntryId,
    powerToken: String(tx.amount),
    tax: "0",
    comment: tx.comment,
    createdAt: tx.createdAt.toISOString(),
    completedAt: tx.completedAt?.toISOString() ?? null,
    fromUser: fromUser?.id ? fromUser : null,
    toUser: toUser?.id ? toUser : null,
    toFeed: toFeed?.id ? toFeed : null,
  }))
}

export async function walletRanking(deps: Deps, limit: number, offset: number) {
  const rows = await ranking(deps.db, limit, offset)
  return rows.map((r) => ({
    userId: r.userId,
    username: r.name,
    avatar: r.image ?? undefined,
    balance: r.balance,
    rank: Number(r.rank),
  }))
}

/** Checks the caller's balances against the sum of their ledger legs (they can only differ through a bug). */
export async function refreshWallet(deps: Deps, userId: string): Promise<void> {
  await requireWallet(deps, userId)
  const drifted = await accountsOffTheirLegs(deps.db, userId)
  if (drifted.length) deps.log.error("ledger balance differs from its legs", { accounts: drifted })
}

// ---- the daily claim

async function refuseWhileDailyRuns(deps: Deps) {
  const started = await dailyRunStartedAt(deps.db)
  if (started && deps.now().getTime() - started.getTime() < DAILY_RUN_STALE_MS) {
    throw new AppError(ErrorCode.DailyPowerCalculationInProgress)
  }
}

export async function claimCheck(deps: Deps, userId: string) {
  const now = deps.now()
  const [last, activity, walletExists] = await Promise.all([
    lastDailyClaim(deps.db, userId),
    activityOf(deps.db, userId, now),
    hasWallet(deps.db, userId),
  ])
  const claimedToday = !!last && claimDay(last.createdAt) === claimDay(now)
  return {
    canClaim: walletExists && !claimedToday,
    lastClaimTime: last?.createdAt.toISOString(),
    nextClaimTime: (claimedToday ? nextClaimAt(now) : now).toISOString(),
    amount: String(dailyReward(activity)),
    multiplier: dailyMultiplier(activity),
  }
}

/** Once per UTC day: the idempotency key is the user and the day, so a second claim (even a parallel one) is 4000. */
export async function claimDaily(deps: Deps, userId: string) {
  await requireWallet(deps, userId)
  await refuseWhileDailyRuns(deps)
  const now = deps.now()
  const amount = dailyReward(await activityOf(deps.db, userId, now))
  const posted = await transact(deps.db, async (tx) => {
    const reward = rewardAccount(userId)
    await lockAccounts(tx, [ISSUANCE, reward])
    return post(
      tx,
      {
        idempotencyKey: `claim-daily:${userId}:${claimDay(now)}`,
        type: "mint",
        toUserId: userId,
        amount,
        comment: "daily reward",
        at: now,
      },
      [
        { accountId: ISSUANCE, amount: -amount },
        { accountId: reward, amount },
      ],
    )
  })
  if (posted.replayed) throw new AppError(ErrorCode.AlreadyClaimed, { reason: "Today's POWER is already claimed" })
  return { amount: String(amount), txHash: posted.hash }
}

// ---- tips and withdrawals

export interface TipInput {
  amount: number
  toUserId?: string
  entryId?: string
  feedId?: string
  idempotencyKey?: string
}

/**
 * A tip to a user, or to a feed: its owner when the feed is claimed, otherwise the feed's pool (which its owner
 * collects once they claim it). It is paid from daily rewards first, then from earned POWER.
 */
export async function tip(deps: Deps, userId: string, input: TipInput) {
  await requireWallet(deps, userId)
  let toUserId = input.toUserId
  let toFeedId: string | undefined
  if (!toUserId) {
    const target = await findTipTarget(deps.db, input)
    if (!target) {
      throw input.entryId ? new AppError(ErrorCode.EntryNotFound) : new AppError(ErrorCode.FeedNotFound)
    }
    toFeedId = target.feedId
    toUserId = target.ownerUserId ?? undefined
  } else if (!(await userExists(deps.db, toUserId))) {
    throw new AppError(ErrorCode.TargetUserWalletError, { reason: "No such user" })
  }
  if (toUserId === userId) throw new AppError(ErrorCode.TargetUserWalletError, { reason: "You cannot tip yourself" })
  const now = deps.now()
  const key = `tip:${userId}:${input.idempotencyKey ?? randomUUID()}`
  const posted = await transact(deps.db, async (tx) => {
    const target = toUserId ? earnedAccount(toUserId) : feedAccount(toFeedId!)
    if (toUserId) await openUserAccounts(tx, toUserId)
    else await openFeedAccount(tx, toFeedId!)
    const reward = rewardAccount(userId)
    const earned = earnedAccount(userId)
    const balances = await lockAccounts(tx, [reward, earned, target])
    const fromReward = Math.min(input.amount, balances.get(reward) ?? 0)
    const fromEarned = input.amount - fromReward
    if (fromEarned > (balances.get(earned) ?? 0)) throw insufficient()
    return post(
      tx,
      {
        idempotencyKey: key,
        type: "tip",
        fromUserId: userId,
        toUserId: toUserId ?? null,
        toFeedId: toFeedId ?? null,
        toEntryId: input.entryId ?? null,
        amount: input.amount,
        at: now,
      },
      [
        { accountId: reward, amount: -fromReward },
        { accountId: earned, amount: -fromEarned },
        { accountId: target, amount: input.amount },
      ],
    )
  })
  return { txHash: posted.hash }
}

/**
 * A withdrawal is a request: the POWER leaves the user's earned balance for the withdrawals account at once (so it
 * cannot be spent twice), and an admin completes it outside this server. Only earned POWER may be withdrawn (4003).
 */
export async function withdraw(
  deps: Deps,
  userId: string,
  input: { amount: number; address: string; idempotencyKey?: string },
) {
  await requireWallet(deps, userId)
  const now = deps.now()
  const posted = await transact(deps.db, async (tx) => {
    const earned = earnedAccount(userId)
    const balances = await lockAccounts(tx, [earned, WITHDRAWALS])
    if (input.amount > (balances.get(earned) ?? 0)) throw new AppError(ErrorCode.FeedInsufficientWithdrawableBalance)
    return post(
      tx,
      {
        idempotencyKey: `withdraw:${userId}:${input.idempotencyKey ?? randomUUID()}`,
        type: "withdraw",
        status: "pending",
        fromUserId: userId,
        amount: input.amount,
        comment: input.address,
        at: now,
      },
      [
        { accountId: earned, amount: -input.amount },
        { accountId: WITHDRAWALS, amount: input.amount },
      ],
    )
  })
  return { transactionHash: posted.hash }
}

function requireAdmin(session: SessionInfo) {
  if (session.role !== "admin") throw new AppError(ErrorCode.NoPermission)
}

export async function listPendingWithdrawals(deps: Deps, session: SessionInfo) {
  requireAdmin(session)
  const rows = await pendingWithdrawals(deps.db)
  return rows.map((r) => ({
    hash: r.hash,
    fromUserId: r.fromUserId,
    amount: String(r.amount),
    address: r.comment,
    createdAt: r.createdAt.toISOString(),
  }))
}

/** An admin marks a withdrawal paid out: its POWER leaves circulation (withdrawals account → burned). */
export async function completePendingWithdrawal(deps: Deps, session: SessionInfo, hash: string) {
  requireAdmin(session)
  const now = deps.now()
  await transact(deps.db, async (tx) => {
    const done = await completeWithdrawal(tx, hash, now)
    if (!done) throw new AppError(ErrorCode.NotFound, { reason: "No pending withdrawal with this hash" })
    await lockAccounts(tx, [WITHDRAWALS, BURNED])
    await post(
      tx,
      {
        idempotencyKey: `withdraw-complete:${hash}`,
        type: "burn",
        // Not the user's: their withdrawal is the pending row, now completed; this only retires its POWER.
        fromUserId: null,
        amount: done.amount,
        comment: hash,
        at: now,
      },
      [
        { accountId: WITHDRAWALS, amount: -done.amount },
        { accountId: BURNED, amount: done.amount },
      ],
    )
  })
}

// ---- the daily computation

const DAILY_BATCH = 100

/**
 * Once per UTC day: snapshots every wallet holder's activity and rank (the wallet's `level`). While it runs, claims
 * answer 4005, so a claim never pays by a half-written day. Answers whether it ran.
 */
export async function runDailyPower(deps: Deps): Promise<boolean> {
  const now = deps.now()
  const day = claimDay(now)
  if ((await lastDailyRunDay(deps.db)) === day) return false
  if (!(await startDailyRun(deps.db, now, new Date(now.getTime() - DAILY_RUN_STALE_MS)))) return false
  try {
    let after = ""
    for (;;) {
      const users = await walletHoldersAfter(deps.db, after, DAILY_BATCH)
      if (!users.length) break
      for (const userId of users) {
        const activity: Activity = await activityOf(deps.db, userId, now)
        await upsertLevel(deps.db, {
          userId,
          level: dailyMultiplier(activity),
          rank: await rankOf(deps.db, await userBalance(deps.db, userId)),
          activityPoints: activityPoints(activity),
          computedAt: now,
        })
      }
      after = users.at(-1)!
    }
  } catch (error) {
    await finishDailyRun(deps.db, undefined)
    throw error
  }
  await finishDailyRun(deps.db, day)
  return true
}
