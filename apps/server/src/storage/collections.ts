// Starred entries (collections), scoped to one user.
import { and, eq } from "drizzle-orm"
import type { DB } from "./db.ts"
import { collections } from "./schema.ts"

export async function isCollected(db: DB, userId: string, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ entryId: collections.entryId })
    .from(collections)
    .where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)))
  return Boolean(row)
}

export async function addCollection(db: DB, row: typeof collections.$inferInsert) {
  await db.insert(collections).values(row).onConflictDoNothing()
}

export async function removeCollection(db: DB, userId: string, entryId: string): Promise<boolean> {
  const removed = await db
    .delete(collections)
    .where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)))
    .returning({ entryId: collections.entryId })
  return removed.length > 0
}

/** The most a page grows to finish a run of equal times (bounds the answer; ingest keeps runs short). */
export const RUN_LIMIT = 1000
