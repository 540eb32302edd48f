// Invitations: admins and pro users create up to INVITATION_LIMIT codes; using someone else's unused code makes the
// caller pro (spec §4). A code that does not exist is 5003 and a spent one 5002 (the catalogue's own codes); any other
// refusal is 1003, which sends the client to /invitation, with a reason saying why.
import { randomInt } from "node:crypto"
import { mayInvite } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { BURNED, earnedAccount, lockAccounts, post, rewardAccount } from "../ledger/ledger.ts"
import { type DB, lockUser, withTransaction } from "../storage/db.ts"
import {
  claimInvitation,
  countInvitationsFrom,
  findInvitation,
  insertInvitation,
  listInvitationsFrom,
  setUserRole,
} from "../storage/invitations.ts"
import type { SessionInfo } from "./session.ts"

/** Digits and capitals without the look-alikes 0/O and 1/I/L, so a code read aloud or retyped survives. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
export const INVITATION_CODE_LENGTH = 10
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`)

/** How many more codes the user may create: none for roles that may not invite. */
export async function invitationAllowance(deps: Deps, session: SessionInfo): Promise<number> {
  if (!mayInvite(session.role)) return 0
  return Math.max(0, deps.config.INVITATION_LIMIT - (await countInvitationsFrom(deps.db, session.userId)))
}

export async function listInvitations(deps: Deps, userId: string) {
  const rows = await listInvitationsFrom(deps.db, userId)
  return rows.map((r) => ({
    code: r.code,
    createdAt: r.createdAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
    toUserId: r.toUserId,
    users: r.usedBy?.id ? r.usedBy : null,
  }))
}

export async function createInvitation(deps: Deps, session: SessionInfo): Promise<string> {
  if (!mayInvite(session.role)) {
    throw new AppError(ErrorCode.TrialUserNoPermission, { reason: "Invitations are for pro users" })
  }
  return withTransaction(deps.db, async (tx) => {
    await lockUser(tx, session.userId)
    if ((await countInvitationsFrom(tx, session.userId)) >= deps.config.INVITATION_LIMIT) {
      throw new AppError(ErrorCode.InvitationLimitExceeded)
    }
    // About 49 random bits: a clash is all but impossible, but a retry costs nothing.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newCode()
      if (await insertInvitation(tx, { code, fromUserId: session.userId, createdAt: deps.now() })) {
        await payForInvitation(tx, deps, session.userId, code)
        return code
      }
    }
    throw new AppError(ErrorCode.InternalError, { reason: "Could not draw an unused invitation code" })
  })
}

export async function useInvitation(deps: Deps, session: SessionInfo, input: unknown): Promise<void> {
  const code = typeof input === "string" ? input.trim().toUpperCase() : ""
  if (!CODE_PATTERN.test(code)) throw invalid("This is not an invitation code")
  const userId = session.userId
  await withTransaction(deps.db, async (tx) => {
    const found = await findInvitation(tx, code)
    if (!found) throw new AppError(ErrorCode.InvitationNotFound, { reason: "This invitation code does not exist" })
    if (found.fromUserId === userId) throw invalid("You cannot use your own invitation code")
    if (found.usedAt) throw alreadyUsed()
    // An admin would lose rights and a pro user gain nothing, while the code would be spent.
    if (session.role === "admin" || session.role === "pro") throw invalid("Your account already has pro access")
    const now = deps.now()
    // The claim is conditional, so of two people using one code at once only one gets it.
    if (!(await claimInvitation(tx, code, userId, now))) throw alreadyUsed()
    await setUserRole(tx, userId, "pro", null, now)
  })
  deps.sessions.evictUser(userId)
}

/**
 * With INVITATION_PRICE_POWER set, a new code costs that much POWER, burned in the same transaction as the code is
 * stored (reward balance first, then earned): without enough, 4002 and no code.
 */
async function payForInvitation(tx: DB, deps: Deps, userId: string, code: string): Promise<void> {
  const price = deps.config.INVITATION_PRICE_POWER
  if (price <= 0) return
  const reward = rewardAccount(userId)
  const earned = earnedAccount(userId)
  const balances = await lockAccounts(tx, [reward, earned, BURNED])
  const fromReward = Math.min(price, balances.get(reward) ?? 0)
  const fromEarned = price - fromReward
  if (fromEarned > (balances.get(earned) ?? 0)) {
    throw new AppError(ErrorCode.WalletInsufficientBalance, {
      reason: `An invitation code costs ${price} POWER on this server`,
    })
  }
  await post(
    tx,
    {
      idempotencyKey: `invitation:${userId}:${code}`,
      type: "purchase",
      fromUserId: userId,
      amount: price,
      comment: "invitation code",
      at: deps.now(),
    },
    [
      { accountId: reward, amount: -fromReward },
      { accountId: earned, amount: -fromEarned },
      { accountId: BURNED, amount: price },
    ],
  )
}

function newCode(): string {
  return Array.from({ length: INVITATION_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("")
}

// No `data` on purpose: a 400 with data becomes the SDK's validation error and loses code 1003.
const invalid = (reason: string) => new AppError(ErrorCode.AuthInvalidInvitation, { reason })
const alreadyUsed = () =>
  new AppError(ErrorCode.InvitationAlreadyUsed, { reason: "This invitation code has already been used" })
