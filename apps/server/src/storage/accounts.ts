// Removing an account: everything of the user's goes in one transaction, so a failure part-way leaves the account
// whole. Most of it follows the user row through foreign keys (subscriptions, timeline, collections, lists, inboxes,
// settings, AI data, messaging tokens, sessions, accounts, two-factor); what has no key to the user is removed here.
// The wallet's POWER is burned through the ledger, so the sum of all balances stays what the ledger says it is,
// and its history stays whole for the other side of each movement; then the user's ledger accounts go.
import { eq } from "drizzle-orm"
import { BURNED, lockAccounts, post } from "../ledger/ledger.ts"
import { type DB, withTransaction } from "./db.ts"
import { feeds, ledgerAccounts, unread, unreadCounts, user, verification } from "./schema.ts"

export async function deleteAccount(db: DB, userId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    // Claimed feeds stay for their other subscribers; they only lose their owner.
    await tx.update(feeds).set({ ownerUserId: null }).where(eq(feeds.ownerUserId, userId))
    // Pending sign-in challenges and trusted devices carry the user id as their value.
    await tx.delete(verification).where(eq(verification.value, userId))
    await burnBalances(tx, userId)
    await tx.delete(user).where(eq(user.id, userId))
    // Kept by triggers from the timeline's cascade; removed outright in case a trigger left a row behind.
    await tx.delete(unread).where(eq(unread.userId, userId))
    await tx.delete(unreadCounts).where(eq(unreadCounts.userId, userId))
  })
}

async function burnBalances(tx: DB, userId: string): Promise<void> {
  const held = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId))
  if (!held.length) return
  const balances = await lockAccounts(tx, [...held.map((a) => a.id), BURNED])
  const legs = held.flatMap((a) => {
    const balance = balances.get(a.id) ?? 0
    return balance > 0 ? [{ accountId: a.id, amount: -balance }] : []
  })
  const total = legs.reduce((sum, leg) => sum - leg.amount, 0)
  if (total > 0)
    await post(
      tx,
      {
        idempotencyKey: `account-deleted:${userId}`,
        type: "burn",
        // Nobody's: the user is gone, and the row must not tie the account's history to them.
        fromUserId: null,
        amount: total,
        comment: "account deleted",
        at: new Date(),
      },
      [...legs, { accountId: BURNED, amount: total }],
    )
  await tx.delete(ledgerAccounts).where(eq(ledgerAccounts.userId, userId))
}
