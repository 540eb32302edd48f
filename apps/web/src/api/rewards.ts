// Rewards: achievements (/achievement), the airdrop (/wallets/airdrop) and referrals (/referrals).
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface Achievement {
  actionId: number
  /** The key of its name in the wallet strings (achievements.<key>.title). */
  key: string
  type: "checking" | "completed" | "incomplete" | "audit" | "received"
  progress: number
  progressMax: number
  done: boolean
  doneAt: string | null
  power: string
  /** Completed by sending proof an administrator checks, not from the reader's data. */
  audit: boolean
  /** The proof last sent. */
  auditUrl: string | null
  /** The administrator's note when the proof was not accepted ("" for none); null otherwise. */
  auditNote: string | null
}

export interface AchievementList {
  data: Achievement[]
  total: number
  done: number
}

export async function listAchievements(): Promise<AchievementList> {
  const body = await request<Ok<Achievement[]> & { total: number; done: number }>("/achievement", {
    query: { type: "all" },
  })
  return { data: body.data, total: body.total, done: body.done }
}

/** The card shows a refusal in place. */
export async function claimAchievement(actionId: number): Promise<void> {
  await request("/achievement", { method: "PUT", body: { actionId }, quiet: true })
}

/** The card shows a refusal (a bad address, 9002 while one is under review) in place. */
export async function sendAchievementProof(input: { actionId: number; url: string }): Promise<void> {
  await request("/achievement/audit", {
    method: "POST",
    body: { actionId: input.actionId, payload: { url: input.url } },
    quiet: true,
  })
}

export interface AirdropCheck {
  id: "account_age" | "subscriptions" | "reads"
  needed: number
  current: number
  met: boolean
}

export interface Airdrop {
  isEligible: boolean
  amount: string
  claimedAt?: string
  requirements: string[]
  status: "verified" | "sending" | "sent" | null
  checks: AirdropCheck[]
}

export async function getAirdrop(): Promise<Airdrop> {
  return (await request<Ok<Airdrop>>("/wallets/airdrop")).data
}

/** Checks eligibility (PUT), then claims (POST): the server pays once. */
export async function claimAirdrop(): Promise<{ txHash: string; amount: string }> {
  await request("/wallets/airdrop", { method: "PUT", quiet: true })
  return (await request<Ok<{ txHash: string; amount: string }>>("/wallets/airdrop", { method: "POST", quiet: true }))
    .data
}

export interface Referrals {
  code: string
  /** Extra trial days earned through referrals. */
  referralCycleDays: number
  invitations: {
    code: string
    createdAt: string | null
    usedAt: string | null
    toUserId: string | null
    user: { id: string; name: string | null; image: string | null } | null
  }[]
}

export async function getReferrals(): Promise<Referrals> {
  return (await request<Ok<Referrals>>("/referrals")).data
}
