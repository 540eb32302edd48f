// Rewards: achievements (computed from the user's own data, paid in POWER once), the referral programme and the
// airdrop. Every payment is a ledger movement whose idempotency key names the user and the reward, so a double or
// parallel claim pays once. Rules and amounts: ledger/rewards.ts, documented in docs/power.md.
import { randomInt } from "node:crypto"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse } from "../http.ts"
import { ISSUANCE, lockAccounts, openUserAccounts, post, rewardAccount, transact } from "../ledger/ledger.ts"
import {
  ACHIEVEMENTS,
  type AchievementDefinition,
  AIRDROP_AMOUNT,
  AIRDROP_REQUIREMENTS,
  AIRDROP_SENDING_STALE_MS,
  achievementById,
  achievementProgress,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
  REFERRAL_DAYS,
  type RewardFacts,
} from "../ledger/rewards.ts"
import type { DB } from "../storage/db.ts"
import {
  type AchievementAuditRow,
  auditsOf,
  decideAudit,
  extendTrial,
  findAirdrop,
  findReferralCode,
  finishSending,
  insertReceived,
  insertReferral,
  insertReferralCode,
  listAudits,
  receivedAchievements,
  referralDays,
  referralsOf,
  referrerOfCode,
  rewardFacts,
  startSending,
  submitAudit,
  upsertVerifiedAirdrop,
} from "../storage/rewards.ts"
import { createWallet } from "./wallets.ts"

/** Mints `amount` into the user's reward account under `key`; `replayed` when that key has paid before. */
async function payReward(
  db: DB,
  userId: string,
  input: { key: string; amount: number; type: "mint" | "airdrop"; comment: string; at: Date },
  alsoInTransaction?: (tx: DB, hash: string) => Promise<void>,
) {
  return transact(db, async (tx) => {
    await openUserAccounts(tx, userId)
    const reward = rewardAccount(userId)
    await lockAccounts(tx, [ISSUANCE, reward])
    const posted = await post(
      tx,
      {
        idempotencyKey: input.key,
        type: input.type,
        toUserId: userId,
        amount: input.amount,
        comment: input.comment,
        at: input.at,
      },
      [
        { accountId: ISSUANCE, amount: -input.amount },
        { accountId: reward, amount: input.amount },
      ],
    )
    if (!posted.replayed && alsoInTransaction) await alsoInTransaction(tx, posted.hash)
    return posted
  })
}

// ---- achievements

export type AchievementStatus = "checking" | "completed" | "incomplete" | "audit" | "received"

/** Progress of an achievement: from the user's data, or for an audited one from the admin's decision. */
function progressOf(def: AchievementDefinition, facts: RewardFacts, audit?: AchievementAuditRow) {
  if (def.audit) return audit?.status === "approved" ? def.progressMax : 0
  return achievementProgress(def, facts)
}

function achievementModel(
  userId: string,
  def: AchievementDefinition,
  facts: RewardFacts,
  received?: { hash: string; receivedAt: Date; power: number },
  audit?: AchievementAuditRow,
) {
  const progress = progressOf(def, facts, audit)
  const done = !!received || progress >= def.progressMax
  const type: AchievementStatus = received
    ? "received"
    : done
      ? "completed"
      : audit?.status === "pending"
        ? "audit"
        : "incomplete"
  return {
    id: `${userId}:${def.actionId}`,
    userId,
    type,
    actionId: def.actionId,
    /** The key of the achievement's name and description in the client's translations. */
    key: def.key,
    progress: received ? def.progressMax : progress,
    progressMax: def.progressMax,
    done,
    doneAt: received?.receivedAt.toISOString() ?? null,
    tx: received?.hash ?? null,
    power: String(received?.power ?? def.power),
    /** Whether it is completed by sending proof for an admin to check (POST /achievement/audit). */
    audit: !!def.audit,
    /** The proof last sent, and the admin's note when it was not accepted. */
    auditUrl: audit?.payload.url ?? null,
    auditNote: audit?.status === "rejected" ? (audit.note ?? "") : null,
  }
}

export async function listAchievements(deps: Deps, userId: string, filter: AchievementStatus | "all") {
  const [facts, received, audits] = await Promise.all([
    rewardFacts(deps.db, userId, deps.now()),
    receivedAchievements(deps.db, userId),
    auditsOf(deps.db, userId),
  ])
  const byId = new Map(received.map((r) => [r.actionId, r]))
  const auditById = new Map(audits.map((a) => [a.actionId, a]))
  const all = ACHIEVEMENTS.map((def) =>
    achievementModel(userId, def, facts, byId.get(def.actionId), auditById.get(def.actionId)),
  )
  return {
    data: filter === "all" ? all : all.filter((a) => a.type === filter),
    total: all.length,
    done: all.filter((a) => a.done).length,
  }
}

function definitionOf(actionId: number): AchievementDefinition {
  const def = achievementById(actionId)
  if (!def) throw new AppError(ErrorCode.NotFound, { reason: `There is no achievement ${actionId}` })
  return def
}

/** Whether the achievement is completed now (received ones count as completed). */
export async function checkAchievement(deps: Deps, userId: string, actionId: number) {
  const def = definitionOf(actionId)
  const [facts, audit] = await Promise.all([rewardFacts(deps.db, userId, deps.now()), auditOf(deps, userId, actionId)])
  return { actionId, result: progressOf(def, facts, audit) >= def.progressMax }
}

/** Pays the reward once: 9000 before it is completed, 9001 after it has been received (also for parallel claims). */
export async function claimAchievement(deps: Deps, userId: string, actionId: number) {
  const def = definitionOf(actionId)
  const now = deps.now()
  const facts = await rewardFacts(deps.db, userId, now)
  const received = (await receivedAchievements(deps.db, userId)).some((r) => r.actionId === actionId)
  if (received) throw alreadyReceived()
  const audit = def.audit ? await auditOf(deps, userId, actionId) : undefined
  if (audit?.status === "pending") throw underAudit()
  const progress = progressOf(def, facts, audit)
  if (progress < def.progressMax) {
    throw new AppError(ErrorCode.AchievementNotCompleted, {
      reason: def.audit ? "Send proof for an admin to check first" : `Progress ${progress} of ${def.progressMax}`,
    })
  }
  await createWallet(deps, userId)
  const posted = await payReward(
    deps.db,
    userId,
    {
      key: `achievement:${userId}:${actionId}`,
      amount: def.power,
      type: "mint",
      comment: `achievement ${def.key}`,
      at: now,
    },
    async (tx, hash) => {
      await insertReceived(tx, { userId, actionId, hash, power: def.power, receivedAt: now })
    },
  )
  if (posted.replayed) throw alreadyReceived()
  return { actionId, result: true }
}

const auditOf = async (deps: Deps, userId: string, actionId: number) =>
  (await auditsOf(deps.db, userId)).find((a) => a.actionId === actionId)

/**
 * Sends proof for an achievement an admin checks: 9003 for one computed from the user's data (or already approved),
 * 9001 once received, 9002 while a proof waits for its decision. A rejected proof may be sent again.
 */
export async function auditAchievement(deps: Deps, userId: string, actionId: number, input: unknown) {
  const def = definitionOf(actionId)
  if (!def.audit) {
    throw new AppError(ErrorCode.AchievementAuditNotNeeded, {
      reason: "This achievement is checked from your data; claim it when it is completed",
    })
  }
  const payload = parse(auditPayload, input)
  if ((await receivedAchievements(deps.db, userId)).some((r) => r.actionId === actionId)) throw alreadyReceived()
  if (!(await submitAudit(deps.db, { userId, actionId, payload, at: deps.now() }))) {
    const audit = await auditOf(deps, userId, actionId)
    if (audit?.status === "approved") {
      throw new AppError(ErrorCode.AchievementAuditNotNeeded, { reason: "Your proof was accepted: claim it" })
    }
    throw underAudit()
  }
  return { actionId, result: true }
}

/** The proof: the address of a public page (a post, an article) an admin can open. */
const auditPayload = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .url()
    .refine((url) => /^https?:\/\//i.test(url), "an http or https address"),
})

const underAudit = () => new AppError(ErrorCode.AchievementAuditing)

// ---- the admin's side of audits

export async function achievementAudits(deps: Deps, status: AchievementAuditRow["status"] | undefined) {
  const rows = await listAudits(deps.db, status, 200)
  return rows.map((row) => ({
    ...row,
    url: row.payload.url,
    key: achievementById(row.actionId)?.key ?? String(row.actionId),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }))
}

/** Approves or rejects a pending proof (6 when there is none); an approved one can then be claimed by its user. */
export async function decideAchievementAudit(
  deps: Deps,
  adminId: string,
  input: { userId: string; actionId: number; approved: boolean; note?: string },
) {
  definitionOf(input.actionId)
  if (!(await decideAudit(deps.db, { ...input, adminId, at: deps.now() }))) {
    throw new AppError(ErrorCode.NotFound, { reason: "No proof waits for a decision" })
  }
  return { userId: input.userId, actionId: input.actionId, status: input.approved ? "approved" : "rejected" }
}

const alreadyReceived = () => new AppError(ErrorCode.AchievementAlreadyReceived)

// ---- referrals

/** The header the official client sends on auth calls when it holds a referral code (api-contract). */
export const REFERRAL_HEADER = "folo-referral-code"

function newReferralCode(): string {
  return Array.from(
    { length: REFERRAL_CODE_LENGTH },
    () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)],
  ).join("")
}

/** The user's referral code, drawn on first use. */
export async function referralCodeOf(deps: Deps, userId: string): Promise<string> {
  const existing = await findReferralCode(deps.db, userId)
  if (existing) return existing
  // About 40 random bits; a clash only costs another draw. A parallel first call may win: read back what is stored.
  for (let attempt = 0; attempt < 5; attempt++) {
    await insertReferralCode(deps.db, userId, newReferralCode(), deps.now())
    const stored = await findReferralCode(deps.db, userId)
    if (stored) return stored
  }
  throw new AppError(ErrorCode.InternalError, { reason: "Could not draw an unused referral code" })
}

export function normaliseReferralCode(input: unknown): string | undefined {
  const code = typeof input === "string" ? input.trim().toUpperCase() : ""
  return REFERRAL_CODE_PATTERN.test(code) ? code : undefined
}

export async function getReferrals(deps: Deps, userId: string) {
  const [code, rows] = await Promise.all([referralCodeOf(deps, userId), referralsOf(deps.db, userId)])
  return {
    code,
    referralCycleDays: rows.reduce((sum, r) => sum + r.days, 0),
    invitations: rows.map((r) => ({
      code: r.code,
      createdAt: r.createdAt.toISOString(),
      usedAt: r.createdAt.toISOString(),
      toUserId: r.toUserId,
      user: { id: r.toUserId, name: r.name, image: r.image },
    })),
  }
}

/**
 * Without a code: the extra trial days the caller has earned. With one: the days a sign-up with that code earns its
 * owner (so a sign-up page can say the code is good); an unknown code is 1002.
 */
export async function getReferralDays(deps: Deps, userId: string, code: string | undefined) {
  if (code === undefined) return { referralCycleDays: await referralDays(deps.db, userId) }
  const normal = normaliseReferralCode(code)
  if (!normal || !(await referrerOfCode(deps.db, normal))) {
    throw new AppError(ErrorCode.InvalidParameter, { reason: "Invalid referral code" })
  }
  return { referralCycleDays: REFERRAL_DAYS }
}

/**
 * At sign-up (better-auth's after-create hook): the referral header's code, when it names another user, records who
 * referred whom and moves the referrer's trial end REFERRAL_DAYS later. A bad or unknown code is ignored: sign-up
 * never fails over it.
 */
export async function recordReferral(db: DB, newUserId: string, header: string | null | undefined, at: Date) {
  const code = normaliseReferralCode(header)
  if (!code) return false
  const referrer = await referrerOfCode(db, code)
  if (!referrer || referrer === newUserId) return false
  return transact(db, async (tx) => {
    const recorded = await insertReferral(tx, {
      referredUserId: newUserId,
      referrerUserId: referrer,
      code,
      days: REFERRAL_DAYS,
      createdAt: at,
    })
    if (recorded) await extendTrial(tx, referrer, REFERRAL_DAYS)
    return recorded
  })
}

/** 422 (the catalogue's "unprocessable content"), not 404: the call exists, but nothing here can check a receipt. */
export function verifyReceipt(): never {
  throw new AppError(ErrorCode.UnprocessableContent, {
    message: "No app store is connected to this server",
    reason: "No app store is connected to this server: it takes no payments, so there is no receipt to verify",
  })
}

// ---- the airdrop

function airdropChecks(facts: RewardFacts) {
  return AIRDROP_REQUIREMENTS.map((r) => ({ id: r.id, needed: r.needed, current: r.current(facts) })).map((c) => ({
    ...c,
    met: c.current >= c.needed,
  }))
}

export async function getAirdrop(deps: Deps, userId: string) {
  const [facts, row] = await Promise.all([rewardFacts(deps.db, userId, deps.now()), findAirdrop(deps.db, userId)])
  const checks = airdropChecks(facts)
  const sent = row?.status === "sent"
  return {
    isEligible: !sent && checks.every((c) => c.met),
    amount: String(row?.amount ?? AIRDROP_AMOUNT),
    claimedAt: sent ? row.updatedAt.toISOString() : undefined,
    requirements: checks.filter((c) => !c.met).map((c) => c.id),
    status: row?.status ?? null,
    txHash: row?.hash ?? null,
    checks,
  }
}

/** PUT: checks the rules now and records that the caller is eligible (4010 if not, 4012 once sent). */
export async function verifyAirdrop(deps: Deps, userId: string): Promise<void> {
  const now = deps.now()
  const [facts, row] = await Promise.all([rewardFacts(deps.db, userId, now), findAirdrop(deps.db, userId)])
  if (row?.status === "sent") throw new AppError(ErrorCode.AirdropSent)
  const unmet = airdropChecks(facts).filter((c) => !c.met)
  if (unmet.length) {
    throw new AppError(ErrorCode.AirdropNotEligible, {
      reason: `Not yet: ${unmet.map((c) => `${c.id} ${c.current} of ${c.needed}`).join(", ")}`,
    })
  }
  await upsertVerifiedAirdrop(deps.db, userId, AIRDROP_AMOUNT, now)
}

/**
 * POST: pays the verified airdrop once. 4013 before a verification, 4011 while another claim is paying it, 4012
 * once it is sent. The ledger key `airdrop:<user>` makes even a retried half-done claim pay once.
 */
export async function claimAirdrop(deps: Deps, userId: string) {
  const now = deps.now()
  const row = await findAirdrop(deps.db, userId)
  if (!row) throw new AppError(ErrorCode.AirdropNotVerified, { reason: "Check your eligibility first (PUT)" })
  if (row.status === "sent") throw new AppError(ErrorCode.AirdropSent)
  const amount = await startSending(deps.db, userId, now, new Date(now.getTime() - AIRDROP_SENDING_STALE_MS))
  if (amount === undefined) {
    const again = await findAirdrop(deps.db, userId)
    throw new AppError(again?.status === "sent" ? ErrorCode.AirdropSent : ErrorCode.AirdropSending)
  }
  try {
    await createWallet(deps, userId)
    const posted = await payReward(
      deps.db,
      userId,
      { key: `airdrop:${userId}`, amount, type: "airdrop", comment: "airdrop", at: now },
      (tx, hash) => finishSending(tx, userId, "sent", hash, now),
    )
    if (posted.replayed) await finishSending(deps.db, userId, "sent", posted.hash, now)
    return { txHash: posted.hash, amount: String(amount) }
  } catch (error) {
    await finishSending(deps.db, userId, "verified", null, deps.now())
    throw error
  }
}
