import { and, asc, eq } from "drizzle-orm"
import type { DB } from "./db.ts"
import { feedOutputs } from "./schema.ts"

export type FeedOutputRow = typeof feedOutputs.$inferSelect

export async function listFeedOutputs(db: DB, userId: string): Promise<FeedOutputRow[]> {
  return db.select().from(feedOutputs).where(eq(feedOutputs.userId, userId)).orderBy(asc(feedOutputs.createdAt))
}

/** The user's output for this target, created with `row`'s token when there is none yet (one URL per target). */
export async function findOrInsertFeedOutput(db: DB, row: typeof feedOutputs.$inferInsert): Promise<FeedOutputRow> {
  await db.insert(feedOutputs).values(row).onConflictDoNothing()
  const [found] = await db
    .select()
    .from(feedOutputs)
    .where(and(eq(feedOutputs.userId, row.userId), eq(feedOutputs.kind, row.kind), eq(feedOutputs.target, row.target)))
  return found!
}

export async function findFeedOutputByToken(db: DB, token: string): Promise<FeedOutputRow | undefined> {
  const [found] = await db.select().from(feedOutputs).where(eq(feedOutputs.token, token))
  return found
}

export async function deleteFeedOutput(db: DB, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(feedOutputs)
    .where(and(eq(feedOutputs.id, id), eq(feedOutputs.userId, userId)))
    .returning({ id: feedOutputs.id })
  return gone.length > 0
}

/** Revokes the user's output of a target that is gone (a deleted saved search). */
export async function deleteFeedOutputsOf(db: DB, userId: string, kind: string, target: string): Promise<void> {
  await db
    .delete(feedOutputs)
    .where(and(eq(feedOutputs.userId, userId), eq(feedOutputs.kind, kind), eq(feedOutputs.target, target)))
}
