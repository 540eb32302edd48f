// Boosts: spend POWER on a feed for BOOST_DAYS days; the feed's boost level (from its unexpired boosts) makes the
// scheduler fetch it more often (services/feeds.ts). The POWER leaves circulation (to system:burned): it pays for
// the server's extra fetching, not a person.
import { randomUUID } from "node:crypto"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { BURNED, earnedAccount, insufficient, lockAccounts, post, rewardAccount, transact } from "../ledger/ledger.ts"
import { BOOST_COST, BOOST_DAYS, BOOST_MAX_UNITS, boostLevel, boostsToLevelUp } from "../ledger/rules.ts"
import { activeBoostCount, activeBoosters, insertBoost, lastActiveBoostOf } from "../storage/boosts.ts"
import { findTipTarget, hasWallet } from "../storage/wallets.ts"

export async function feedBoostLevel(deps: Deps, userId: string, feedId: string) {
  await requireFeed(deps, feedId)
  const now = deps.now()
  const [boostCount, last] = await Promise.all([
    activeBoostCount(deps.db, feedId, now),
    lastActiveBoostOf(deps.db, feedId, userId, now),
  ])
  return {
    monthlyBoostCost: BOOST_COST,
    boostCount,
    level: boostLevel(boostCount),
    remainingBoostsToLevelUp: boostsToLevelUp(boostCount),
    lastValidBoost: last ? { hash: last.hash, expiresAt: last.expiresAt.toISOString() } : null,
  }
}

/** `amount` is whole POWER, a positive multiple of BOOST_COST up to BOOST_MAX_UNITS boosts (else 4006). */
export async function boostFeed(
  deps: Deps,
  userId: string,
  input: { feedId: string; amount: unknown; idempotencyKey?: string },
) {
  const amount = parseBoostAmount(input.amount)
  await requireFeed(deps, input.feedId)
  if (!(await hasWallet(deps.db, userId))) {
    throw new AppError(ErrorCode.UserWalletError, { reason: "Create your wallet first" })
  }
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + BOOST_DAYS * 86_400_000)
  const hash = await transact(deps.db, async (tx) => {
    const reward = rewardAccount(userId)
    const earned = earnedAccount(userId)
    const balances = await lockAccounts(tx, [reward, earned, BURNED])
    const fromReward = Math.min(amount, balances.get(reward) ?? 0)
    const fromEarned = amount - fromReward
    if (fromEarned > (balances.get(earned) ?? 0)) throw insufficient()
    const posted = await post(
      tx,
      {
        idempotencyKey: `boost:${userId}:${input.idempotencyKey ?? randomUUID()}`,
        type: "purchase",
        fromUserId: userId,
        toFeedId: input.feedId,
        amount,
        comment: "boost",
        at: now,
      },
      [
        { accountId: reward, amount: -fromReward },
        { accountId: earned, amount: -fromEarned },
        { accountId: BURNED, amount },
      ],
    )
    if (!posted.replayed) {
      await insertBoost(tx, {
        hash: posted.hash,
        feedId: input.feedId,
        userId,
        units: amount / BOOST_COST,
        createdAt: now,
        expiresAt,
      })
    }
    return posted.hash
  })
  return { transactionHash: hash, expiresAt: expiresAt.toISOString() }
}

export async function feedBoosters(deps: Deps, feedId: string) {
  await requireFeed(deps, feedId)
  return activeBoosters(deps.db, feedId, deps.now())
}

function parseBoostAmount(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : ""
  const amount = /^\d{1,13}$/.test(text) ? Number(text) : Number.NaN
  if (!(amount > 0) || amount % BOOST_COST !== 0 || amount / BOOST_COST > BOOST_MAX_UNITS) {
    throw new AppError(ErrorCode.InvalidBoostAmount, {
      reason: `A boost costs ${BOOST_COST} POWER; give a multiple of it, at most ${BOOST_COST * BOOST_MAX_UNITS}`,
    })
  }
  return amount
}

async function requireFeed(deps: Deps, feedId: string) {
  if (!(await findTipTarget(deps.db, { feedId }))) throw new AppError(ErrorCode.FeedNotFound)
}
