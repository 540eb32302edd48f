// Wallets (/wallets): the POWER wallet, its daily claim, transactions, the ranking, tips and withdrawals.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface Wallet {
  userId: string
  address: string
  /** Total POWER: daily rewards plus earned (tips received). */
  powerToken: string
  dailyPowerToken: string
  /** Withdrawable: POWER received as tips. */
  cashablePowerToken: string
  createdAt: string
  level: { level: number; rank: number; activityPoints: number; prevActivityPoints: number } | null
  todayDailyPower: string
}

export interface ClaimCheck {
  canClaim: boolean
  lastClaimTime?: string
  nextClaimTime?: string
  amount?: string
  multiplier?: number
}

interface Party {
  id: string
  name: string | null
  image: string | null
}

export interface PowerTransaction {
  hash: string
  type: "mint" | "tip" | "withdraw" | "burn" | "purchase" | "airdrop"
  status: "completed" | "pending"
  fromUserId: string | null
  toUserId: string | null
  toFeedId: string | null
  powerToken: string
  comment: string | null
  createdAt: string
  fromUser: Party | null
  toUser: Party | null
  toFeed: { id: string; title: string | null } | null
}

export interface RankingItem {
  userId: string
  username?: string
  avatar?: string
  balance: string
  rank: number
}

export async function getWallet(): Promise<Wallet | null> {
  return (await request<Ok<Wallet[]>>("/wallets")).data[0] ?? null
}

export async function createWallet(): Promise<void> {
  await request("/wallets", { method: "POST" })
}

export async function getClaimCheck(): Promise<ClaimCheck> {
  return (await request<Ok<ClaimCheck>>("/wallets/transactions/claim-check")).data
}

/** The page shows a refused claim (already claimed, computation running) in place. */
export async function claimDaily(): Promise<{ amount: string }> {
  return (await request<Ok<{ amount: string }>>("/wallets/transactions/claim-daily", { method: "POST", quiet: true }))
    .data
}

export const TRANSACTION_PAGE = 20

/** A page after `after` (the last row of the page before), newest first. */
export async function listTransactions(after?: PowerTransaction): Promise<PowerTransaction[]> {
  const query = { limit: TRANSACTION_PAGE, before: after?.createdAt, beforeHash: after?.hash }
  return (await request<Ok<PowerTransaction[]>>("/wallets/transactions", { query })).data
}

export async function getRanking(): Promise<RankingItem[]> {
  return (await request<Ok<RankingItem[]>>("/wallets/ranking", { query: { limit: 10 } })).data
}

export interface TipInput {
  feedId: string
  amount: string
  /** The same key for a retried tip, so a tip sent twice by a flaky network moves POWER once. */
  idempotencyKey: string
}

export async function sendTip(input: TipInput): Promise<void> {
  await request("/wallets/transactions/tip", { method: "POST", body: input, quiet: true })
}

export async function requestWithdrawal(input: { amount: string; address: string; idempotencyKey: string }) {
  await request("/wallets/transactions/withdraw", { method: "POST", body: input, quiet: true })
}

export interface BoostLevel {
  monthlyBoostCost: number
  boostCount: number
  level: number
  remainingBoostsToLevelUp: number
  lastValidBoost: { hash: string | null; expiresAt: string } | null
}

export async function getBoostLevel(feedId: string): Promise<BoostLevel> {
  return (await request<Ok<BoostLevel>>("/boosts", { query: { feedId } })).data
}

export async function boostFeed(input: { feedId: string; amount: string; idempotencyKey: string }): Promise<void> {
  await request("/boosts", { method: "POST", body: input, quiet: true })
}
