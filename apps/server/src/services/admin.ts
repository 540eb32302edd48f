// The admin call group: feature flags (and the effective flags every user's session carries), purging old entries,
// minting POWER, and the mails a server without SMTP kept. Every call but isFeatureEnabled is admin-only (1004).
import { randomBytes } from "node:crypto"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { ISSUANCE, lockAccounts, openUserAccounts, post, rewardAccount, transact } from "../ledger/ledger.ts"
import { mailerFor } from "../mail.ts"
import {
  type AffectedQuery,
  affectedUsers,
  deleteOverride,
  type FeatureFlagRow,
  findFlag,
  findUserId,
  flagStats,
  flagsForUser,
  listFlags,
  purgeEntries,
  upsertFlag,
  upsertOverride,
} from "../storage/admin.ts"
import { findFeedById } from "../storage/feeds.ts"
import { insertWallet } from "../storage/wallets.ts"
import type { SessionInfo } from "./session.ts"

export function requireAdmin(session: SessionInfo) {
  if (session.role !== "admin") throw new AppError(ErrorCode.NoPermission)
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

function flagModel(row: FeatureFlagRow) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

// ---- feature flags

/** Whether `flag` is on for the user (a live override, else the rollout); an unknown flag is off. */
export async function isFeatureEnabled(deps: Deps, userId: string, flag: string): Promise<boolean> {
  return (await flagsForUser(deps.db, userId, deps.now()))[flag] ?? false
}

/** Every flag's state for the user: what their session carries for the client. */
export function effectiveFlags(deps: Deps, userId: string): Promise<Record<string, boolean>> {
  return flagsForUser(deps.db, userId, deps.now())
}

export async function listFeatureFlags(deps: Deps, session: SessionInfo) {
  requireAdmin(session)
  return (await listFlags(deps.db)).map(flagModel)
}

export interface FlagUpdate {
  description?: string
  enabled?: boolean
  rolloutType?: "whitelist" | "percentage"
  rolloutValue?: 0 | 1
  rolloutPercentage?: number
  rolloutSeed?: string
}

/** Creates the flag on first use of its name, otherwise changes the given fields. */
export async function updateFeatureFlag(deps: Deps, session: SessionInfo, name: string, patch: FlagUpdate) {
  requireAdmin(session)
  return flagModel(await upsertFlag(deps.db, name, patch, deps.now()))
}

/** The user named by id or e-mail address (the SDK sends ids; the admin screen lets an admin type either). */
async function requireUser(deps: Deps, idOrEmail: string): Promise<string> {
  const userId = await findUserId(deps.db, idOrEmail)
  if (!userId) throw new AppError(ErrorCode.UserNotFound)
  return userId
}

async function requireFlag(deps: Deps, name: string) {
  const flag = await findFlag(deps.db, name)
  if (!flag) throw new AppError(ErrorCode.NotFound, { reason: `No feature flag named ${name}` })
  return flag
}

export async function overrideFeatureFlag(
  deps: Deps,
  session: SessionInfo,
  name: string,
  input: { userId: string; forceEnabled: boolean; reason?: string; expiresAt?: Date },
) {
  requireAdmin(session)
  await requireFlag(deps, name)
  const userId = await requireUser(deps, input.userId)
  await upsertOverride(deps.db, {
    featureName: name,
    userId,
    forceEnabled: input.forceEnabled,
    reason: input.reason ?? null,
    expiresAt: input.expiresAt ?? null,
    createdBy: session.userId,
    createdAt: deps.now(),
  })
  return { message: "Override saved" }
}

export async function removeFeatureOverride(deps: Deps, session: SessionInfo, name: string, userId: string) {
  requireAdmin(session)
  if (!(await deleteOverride(deps.db, name, userId))) {
    throw new AppError(ErrorCode.NotFound, { reason: "No such override" })
  }
  return { message: "Override removed" }
}

export async function featureFlagStats(deps: Deps, session: SessionInfo, name: string) {
  requireAdmin(session)
  const flag = await requireFlag(deps, name)
  const counts = await flagStats(deps.db, name, deps.now())
  return {
    ...counts,
    enabledByOverride: counts.enabledOverrides ?? 0,
    rolloutType: flag.rolloutType,
    rolloutPercentage: flag.rolloutPercentage,
    enabled: flag.enabled,
  }
}

export async function featureFlagAffectedUsers(deps: Deps, session: SessionInfo, name: string, q: AffectedQuery) {
  requireAdmin(session)
  await requireFlag(deps, name)
  const rows = await affectedUsers(deps.db, name, q, deps.now())
  const total = rows[0]?.total ?? 0
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      handle: r.handle,
      image: r.image,
      createdAt: iso(r.createdAt)!,
      status: r.is_on ? ("enabled" as const) : ("disabled" as const),
      reason: r.forced === null ? ("rollout" as const) : ("override" as const),
      overrideReason: r.reason,
      overrideExpiresAt: iso(r.expiresAt),
      overrideCreatedBy: r.createdBy,
    })),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  }
}

// ---- clean, mint, mails

/** Removes entries published more than `retentionDays` ago (of one feed, or all), never starred ones. */
export async function cleanEntries(
  deps: Deps,
  session: SessionInfo,
  input: { retentionDays: number; feedId?: string },
) {
  requireAdmin(session)
  if (input.feedId && !(await findFeedById(deps.db, input.feedId))) throw new AppError(ErrorCode.FeedNotFound)
  const cutoff = new Date(deps.now().getTime() - input.retentionDays * 86_400_000)
  const removed = await purgeEntries(deps.db, cutoff, input.feedId)
  deps.log.info("entries purged", { removed, retentionDays: input.retentionDays, feedId: input.feedId })
  return { removed }
}

/** New POWER into a user's wallet (opened if they had none), from the issuance account; answers the tx hash. */
export async function mintPower(
  deps: Deps,
  session: SessionInfo,
  input: { userId: string; amount: number; key: string; comment?: string },
): Promise<string> {
  requireAdmin(session)
  const userId = await requireUser(deps, input.userId)
  const now = deps.now()
  const posted = await transact(deps.db, async (tx) => {
    await insertWallet(tx, userId, `power:${randomBytes(20).toString("hex")}`, now)
    await openUserAccounts(tx, userId)
    const reward = rewardAccount(userId)
    await lockAccounts(tx, [ISSUANCE, reward])
    return post(
      tx,
      {
        idempotencyKey: `admin-mint:${input.key}`,
        type: "mint",
        fromUserId: null,
        toUserId: userId,
        amount: input.amount,
        comment: input.comment ?? `minted by admin ${session.userId}`,
        at: now,
      },
      [
        { accountId: ISSUANCE, amount: -input.amount },
        { accountId: reward, amount: input.amount },
      ],
    )
  })
  return posted.hash
}

/** The mails this process wrote to the log instead of sending (SMTP off), newest first. */
export function recentMails(deps: Deps, session: SessionInfo) {
  requireAdmin(session)
  const mailer = mailerFor(deps.config, deps.log)
  return { transport: mailer.transport, mails: mailer.recent() }
}
