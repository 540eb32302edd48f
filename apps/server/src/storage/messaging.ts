// Push registrations: a user's devices, one row per token.
import { and, desc, eq, inArray, notInArray } from "drizzle-orm"
import type { DB } from "./db.ts"
import { type MessagingChannel, messaging } from "./schema.ts"

export type MessagingRow = typeof messaging.$inferSelect

export function listMessagingTokens(db: DB, userId: string): Promise<MessagingRow[]> {
  return db.select().from(messaging).where(eq(messaging.userId, userId)).orderBy(desc(messaging.updatedAt))
}

/** Stores the token (or refreshes its time) and keeps only the `keep` newest of the user's tokens on that channel. */
export async function saveMessagingToken(
  db: DB,
  row: { id: string; userId: string; token: string; channel: MessagingChannel; now: Date },
  keep: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(messaging)
      .values({
        id: row.id,
        userId: row.userId,
        token: row.token,
        channel: row.channel,
        createdAt: row.now,
        updatedAt: row.now,
      })
      .onConflictDoUpdate({
        target: [messaging.userId, messaging.token],
        set: { channel: row.channel, updatedAt: row.now },
      })
    const newest = tx
      .select({ id: messaging.id })
      .from(messaging)
      .where(and(eq(messaging.userId, row.userId), eq(messaging.channel, row.channel)))
      .orderBy(desc(messaging.updatedAt))
      .limit(keep)
    await tx
      .delete(messaging)
      .where(
        and(eq(messaging.userId, row.userId), eq(messaging.channel, row.channel), notInArray(messaging.id, newest)),
      )
  })
}

/** Deletes the user's tokens on a channel, or only the one given. */
export async function deleteMessagingTokens(
  db: DB,
  userId: string,
  channel: MessagingChannel,
  token?: string,
): Promise<void> {
  const mine = and(eq(messaging.userId, userId), eq(messaging.channel, channel))
  await db.delete(messaging).where(token === undefined ? mine : and(mine, eq(messaging.token, token)))
}

/** The web channel's registrations of these users (one statement however many users). */
export function listWebTokensOf(db: DB, userIds: string[]): Promise<MessagingRow[]> {
  if (!userIds.length) return Promise.resolve([])
  return db
    .select()
    .from(messaging)
    .where(and(inArray(messaging.userId, userIds), eq(messaging.channel, "web")))
}

/** Forgets registrations by id (push subscriptions their push service says are gone). */
export async function deleteMessagingByIds(db: DB, ids: string[]): Promise<void> {
  if (!ids.length) return
  await db.delete(messaging).where(inArray(messaging.id, ids))
}
