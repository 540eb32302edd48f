// Rewards queries: the facts achievements and the airdrop are computed from (one statement), achievements received,
// referral codes and referrals, and the airdrop's row.
import { and, asc, desc, eq, sql } from "drizzle-orm"
import { READS_FOR_ACHIEVEMENT, type RewardFacts } from "../ledger/rewards.ts"
import type { DB } from "./db.ts"
import {
  achievementAudits,
  achievementsReceived,
  airdrops,
  inboxes,
  ledgerTransactions,
  lists,
  referralCodes,
  referrals,
  subscriptions,
  timeline,
  unread,
  user,
} from "./schema.ts"

/**
 * Everything the achievements and the airdrop look at, for one user, in one statement. The claim streak is the
 * longest run of consecutive UTC days among the user's daily claims (gaps and islands: day minus its row number is
 * constant along a run).
 */
export async function rewardFacts(db: DB, userId: string, at: Date): Promise<RewardFacts> {
  const result = await db.execute<Record<keyof RewardFacts, number>>(sql`
    select
      (select count(*)::int from ${subscriptions} where user_id = ${userId}) as "subscriptions",
      (select count(*)::int from ${lists} where owner_user_id = ${userId}) as "lists",
      (select count(*)::int from ${inboxes} where user_id = ${userId}) as "inboxes",
      (select count(*)::int from (
         select 1 from ${timeline} t
         where t.user_id = ${userId}
           and not exists (select 1 from ${unread} u where u.user_id = t.user_id and u.entry_id = t.entry_id)
         limit ${READS_FOR_ACHIEVEMENT}) r) as "reads",
      (select coalesce(max(n), 0)::int from (
         select count(*) as n from (
           select d, d - (row_number() over (order by d))::int as island from (
             select distinct (created_at at time zone 'UTC')::date as d from ${ledgerTransactions}
             where to_user_id = ${userId} and type = 'mint'
               and idempotency_key like ${`claim-daily:${userId}:%`}) days) numbered
         group by island) runs) as "claimStreak",
      (select count(*)::int from ${ledgerTransactions} where from_user_id = ${userId} and type = 'tip') as "tipsGiven",
      (select floor(extract(epoch from (${at}::timestamptz - created_at)) / 86400)::int
         from ${user} where id = ${userId}) as "accountDays"`)
  const row = result.rows[0]!
  return {
    subscriptions: Number(row.subscriptions),
    lists: Number(row.lists),
    inboxes: Number(row.inboxes),
    reads: Number(row.reads),
    claimStreak: Number(row.claimStreak),
    tipsGiven: Number(row.tipsGiven),
    accountDays: Math.max(0, Number(row.accountDays ?? 0)),
  }
}

export async function receivedAchievements(db: DB, userId: string) {
  return db
    .select()
    .from(achievementsReceived)
    .where(eq(achievementsReceived.userId, userId))
    .orderBy(asc(achievementsReceived.actionId))
}

/** False when it was received already (the ledger's key has paid once; this row just records it). */
export async function insertReceived(db: DB, row: typeof achievementsReceived.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(achievementsReceived)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: achievementsReceived.userId })
  return inserted.length > 0
}

// ---- achievement audits

export type AchievementAuditRow = typeof achievementAudits.$inferSelect

export async function auditsOf(db: DB, userId: string): Promise<AchievementAuditRow[]> {
  return db.select().from(achievementAudits).where(eq(achievementAudits.userId, userId))
}

/** Sends (or sends again, after a rejection) a proof; answers false while one is pending or approved. */
export async function submitAudit(
  db: DB,
  row: { userId: string; actionId: number; payload: { url: string }; at: Date },
): Promise<boolean> {
  const stored = await db
    .insert(achievementAudits)
    .values({ ...row, status: "pending", submittedAt: row.at })
    .onConflictDoUpdate({
      target: [achievementAudits.userId, achievementAudits.actionId],
      set: {
        payload: row.payload,
        status: "pending",
        note: null,
        submittedAt: row.at,
        decidedAt: null,
        decidedBy: null,
      },
      setWhere: eq(achievementAudits.status, "rejected"),
    })
    .returning({ userId: achievementAudits.userId })
  return stored.length > 0
}

/** The admin's queue (or its history), with who sent each proof. */
export async function listAudits(db: DB, status: AchievementAuditRow["status"] | undefined, limit: number) {
  return db
    .select({
      userId: achievementAudits.userId,
      actionId: achievementAudits.actionId,
      payload: achievementAudits.payload,
      status: achievementAudits.status,
      note: achievementAudits.note,
      submittedAt: achievementAudits.submittedAt,
      decidedAt: achievementAudits.decidedAt,
      userName: user.name,
      userEmail: user.email,
    })
    .from(achievementAudits)
    .innerJoin(user, eq(user.id, achievementAudits.userId))
    .where(status ? eq(achievementAudits.status, status) : undefined)
    .orderBy(status === "pending" ? asc(achievementAudits.submittedAt) : desc(achievementAudits.submittedAt))
    .limit(limit)
}

/** Decides a pending proof; false when there is none (never sent, or decided already). */
export async function decideAudit(
  db: DB,
  input: { userId: string; actionId: number; approved: boolean; note?: string; adminId: string; at: Date },
): Promise<boolean> {
  const decided = await db
    .update(achievementAudits)
    .set({
      status: input.approved ? "approved" : "rejected",
      note: input.note ?? null,
      decidedAt: input.at,
      decidedBy: input.adminId,
    })
    .where(
      and(
        eq(achievementAudits.userId, input.userId),
        eq(achievementAudits.actionId, input.actionId),
        eq(achievementAudits.status, "pending"),
      ),
    )
    .returning({ userId: achievementAudits.userId })
  return decided.length > 0
}

// ---- referrals

export async function findReferralCode(db: DB, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId))
  return row?.code
}

/** False when the code is taken (by anyone) or the user has one already. */
export async function insertReferralCode(db: DB, userId: string, code: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(referralCodes)
    .values({ userId, code, createdAt: at })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code })
  return inserted.length > 0
}

export async function referrerOfCode(db: DB, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code))
  return row?.userId
}

/** Records the referral once (a user has one referrer); false when they had one already. */
export async function insertReferral(db: DB, row: typeof referrals.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(referrals)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: referrals.referredUserId })
  return inserted.length > 0
}

/** Pushes a trial account's end later by `days` (other roles have no end to move). */
export async function extendTrial(db: DB, userId: string, days: number): Promise<void> {
  await db.execute(sql`update ${user} set role_end_at = role_end_at + make_interval(days => ${days}),
    updated_at = now() where id = ${userId} and role in ('trial', 'pre_pro_trial') and role_end_at is not null`)
}

export async function referralsOf(db: DB, referrerUserId: string) {
  return db
    .select({
      code: referrals.code,
      createdAt: referrals.createdAt,
      toUserId: referrals.referredUserId,
      days: referrals.days,
      name: user.name,
      image: user.image,
    })
    .from(referrals)
    .innerJoin(user, eq(user.id, referrals.referredUserId))
    .where(eq(referrals.referrerUserId, referrerUserId))
    .orderBy(asc(referrals.createdAt), asc(referrals.referredUserId))
}

export async function referralDays(db: DB, referrerUserId: string): Promise<number> {
  const [row] = await db
    .select({ days: sql<number>`coalesce(sum(${referrals.days}), 0)::int` })
    .from(referrals)
    .where(eq(referrals.referrerUserId, referrerUserId))
  return Number(row?.days ?? 0)
}

// ---- the airdrop

export async function findAirdrop(db: DB, userId: string) {
  const [row] = await db.select().from(airdrops).where(eq(airdrops.userId, userId))
  return row
}

/** Records (or renews) a verification; a row already sending or sent is left alone. */
export async function upsertVerifiedAirdrop(db: DB, userId: string, amount: number, at: Date): Promise<void> {
  await db
    .insert(airdrops)
    .values({ userId, status: "verified", amount, verifiedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: airdrops.userId,
      set: { amount, verifiedAt: at, updatedAt: at },
      setWhere: sql`${airdrops.status} = 'verified'`,
    })
}

/**
 * Takes the airdrop from verified (or a sending that went stale) to sending, conditionally, so of parallel claims
 * exactly one goes on to pay; answers the amount to pay, or undefined when another claim holds it.
 */
export async function startSending(db: DB, userId: string, at: Date, staleBefore: Date) {
  const [row] = await db
    .update(airdrops)
    .set({ status: "sending", updatedAt: at })
    .where(
      and(
        eq(airdrops.userId, userId),
        sql`(${airdrops.status} = 'verified' or (${airdrops.status} = 'sending' and ${airdrops.updatedAt} < ${staleBefore}))`,
      ),
    )
    .returning({ amount: airdrops.amount })
  return row?.amount
}

export async function finishSending(
  db: DB,
  userId: string,
  status: "sent" | "verified",
  hash: string | null,
  at: Date,
) {
  await db.update(airdrops).set({ status, hash, updatedAt: at }).where(eq(airdrops.userId, userId))
}
