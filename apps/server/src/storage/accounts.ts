// Removing an account: everything of the user's goes in one transaction, so a failure part-way leaves the account
// whole. Most of it follows the user row through foreign keys (subscriptions, timeline, collections, lists, inboxes,
// settings, AI data, messaging tokens, sessions, accounts, two-factor); what has no key to the user is removed here.
import { eq } from "drizzle-orm"
import { type DB, withTransaction } from "./db.ts"
import { feeds, unread, unreadCounts, user, verification } from "./schema.ts"

export async function deleteAccount(db: DB, userId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    // Claimed feeds stay for their other subscribers; they only lose their owner.
    await tx.update(feeds).set({ ownerUserId: null }).where(eq(feeds.ownerUserId, userId))
    // Pending sign-in challenges and trusted devices carry the user id as their value.
    await tx.delete(verification).where(eq(verification.value, userId))
    await tx.delete(user).where(eq(user.id, userId))
    // Kept by triggers from the timeline's cascade; removed outright in case a trigger left a row behind.
    await tx.delete(unread).where(eq(unread.userId, userId))
    await tx.delete(unreadCounts).where(eq(unreadCounts.userId, userId))
  })
}
