// A user's AI memories. Every read and write names the user, so one user's id never reaches another's row.
import { and, desc, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { aiMemories } from "./schema.ts"

export type AiMemoryRow = typeof aiMemories.$inferSelect
export type AiMemoryInsert = typeof aiMemories.$inferInsert

export interface MemoryFilter {
  before?: Date
  importanceGte?: number
  importanceLte?: number
}

const live = (now: Date) => or(isNull(aiMemories.expiresAt), gt(aiMemories.expiresAt, now))

/** Newest first, expired ones left out. */
export async function listAiMemories(
  db: DB,
  userId: string,
  f: MemoryFilter,
  limit: number,
  now = new Date(),
): Promise<AiMemoryRow[]> {
  const where: (SQL | undefined)[] = [eq(aiMemories.userId, userId), live(now)]
  if (f.before) where.push(lt(aiMemories.createdAt, f.before))
  if (f.importanceGte !== undefined) where.push(gte(aiMemories.importance, f.importanceGte))
  if (f.importanceLte !== undefined) where.push(lte(aiMemories.importance, f.importanceLte))
  return db
    .select()
    .from(aiMemories)
    .where(and(...where))
    .orderBy(desc(aiMemories.createdAt), desc(aiMemories.id))
    .limit(limit)
}

/** The most important live memories, for the chat's instructions; marks them accessed in the same statement. */
export async function recallAiMemories(db: DB, userId: string, limit: number, now = new Date()): Promise<string[]> {
  const rows = await db
    .update(aiMemories)
    .set({ lastAccessedAt: now })
    .where(
      sql`${aiMemories.id} in (select id from ${aiMemories} where ${and(eq(aiMemories.userId, userId), live(now))}
        order by importance desc, created_at desc limit ${limit})`,
    )
    .returning({ memory: aiMemories.memory, importance: aiMemories.importance })
  return rows.sort((a, b) => b.importance - a.importance).map((r) => r.memory)
}

export async function insertAiMemory(db: DB, row: AiMemoryInsert): Promise<AiMemoryRow> {
  const [created] = await db.insert(aiMemories).values(row).returning()
  return created!
}

export async function updateAiMemory(
  db: DB,
  userId: string,
  id: string,
  set: Partial<Omit<AiMemoryInsert, "id" | "userId" | "createdAt">>,
): Promise<AiMemoryRow | undefined> {
  const [row] = await db
    .update(aiMemories)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(aiMemories.userId, userId), eq(aiMemories.id, id)))
    .returning()
  return row
}

export async function deleteAiMemory(db: DB, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(aiMemories)
    .where(and(eq(aiMemories.userId, userId), eq(aiMemories.id, id)))
    .returning({ id: aiMemories.id })
  return rows.length > 0
}
