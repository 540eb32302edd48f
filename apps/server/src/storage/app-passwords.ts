// App passwords of sync apps (schema.appPasswords), each query scoped to one user or found by its credential's hash.
import { and, asc, eq, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { appPasswords, user } from "./schema.ts"

export type AppPasswordRow = typeof appPasswords.$inferSelect

const listed = {
  id: appPasswords.id,
  name: appPasswords.name,
  createdAt: appPasswords.createdAt,
  lastUsedAt: appPasswords.lastUsedAt,
}

export async function insertAppPassword(db: DB, row: typeof appPasswords.$inferInsert) {
  const [saved] = await db.insert(appPasswords).values(row).returning(listed)
  return saved!
}

export function listAppPasswords(db: DB, userId: string) {
  return db
    .select(listed)
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id))
}

export async function countAppPasswords(db: DB, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
  return row?.n ?? 0
}

export async function deleteAppPassword(db: DB, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(appPasswords)
    .where(and(eq(appPasswords.userId, userId), eq(appPasswords.id, id)))
    .returning({ id: appPasswords.id })
  return rows.length > 0
}

export async function findUserEmail(db: DB, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId))
  return row?.email
}

/** The password whose Fever key (md5 of "email:password") hashes to `feverKeyHash`, with its owner's e-mail. */
export function findByFeverKey(db: DB, feverKeyHash: string) {
  return passwordWithOwner(db, eq(appPasswords.feverKeyHash, feverKeyHash))
}

export function findAppPassword(db: DB, id: string) {
  return passwordWithOwner(db, eq(appPasswords.id, id))
}

/** One app password with what signing in as its owner needs. */
async function passwordWithOwner(db: DB, where: SQL) {
  const [row] = await db
    .select({ password: appPasswords, email: user.email, role: user.role, roleEndAt: user.roleEndAt })
    .from(appPasswords)
    .innerJoin(user, eq(user.id, appPasswords.userId))
    .where(where)
  return row
}

/** Marks a password used; at most once a minute, so a syncing app does not write on every call. */
export async function touchAppPassword(db: DB, id: string, now: Date) {
  await db
    .update(appPasswords)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(appPasswords.id, id),
        sql`(${appPasswords.lastUsedAt} is null or ${appPasswords.lastUsedAt} < ${now.toISOString()}::timestamptz - interval '1 minute')`,
      ),
    )
}
