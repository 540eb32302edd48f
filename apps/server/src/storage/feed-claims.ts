// Feed claims: a verified owner is written on the feed (feeds.owner_user_id), which is what tips follow.
import { and, desc, eq, isNull, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { feeds, ledgerTransactions } from "./schema.ts"

/** Sets the owner only where there is none yet, so two claims racing cannot both win; false when already owned. */
export async function setFeedOwner(db: DB, feedId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(feeds)
    .set({ ownerUserId: userId, updatedAt: now })
    .where(and(eq(feeds.id, feedId), isNull(feeds.ownerUserId)))
    .returning({ id: feeds.id })
  return rows.length > 0
}

/** The user's claimed feeds with the POWER tipped to each (to the feed or, once claimed, to them through it). */
export async function claimedFeeds(db: DB, userId: string) {
  // Per feed through the ledger's to_feed_id index; the pool handed over at claim time (no sender) is not a tip.
  const tipAmount = sql<string>`(select coalesce(sum(t.amount), 0)::text from ${ledgerTransactions} t
    where t.to_feed_id = ${feeds.id} and t.type = 'tip' and t.from_user_id is not null)`
  return db
    .select({ feed: feeds, tipAmount })
    .from(feeds)
    .where(eq(feeds.ownerUserId, userId))
    .orderBy(desc(feeds.updatedAt))
}
