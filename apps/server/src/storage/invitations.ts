// Invitation codes: created by one user, used once by another, who becomes pro.
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { invitations, user } from "./schema.ts"

export type InvitationRow = typeof invitations.$inferSelect

export async function countInvitationsFrom(db: DB, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.fromUserId, userId))
  return row?.n ?? 0
}

/** The user's own codes, newest first, with who used each. */
export async function listInvitationsFrom(db: DB, userId: string) {
  return db
    .select({
      code: invitations.code,
      createdAt: invitations.createdAt,
      usedAt: invitations.usedAt,
      toUserId: invitations.toUserId,
      usedBy: { id: user.id, name: user.name, image: user.image },
    })
    .from(invitations)
    .leftJoin(user, eq(user.id, invitations.toUserId))
    .where(eq(invitations.fromUserId, userId))
    .orderBy(desc(invitations.createdAt), desc(invitations.code))
}

/** False when the code already exists (the caller draws another). */
export async function insertInvitation(db: DB, row: { code: string; fromUserId: string; createdAt: Date }) {
  const saved = await db.insert(invitations).values(row).onConflictDoNothing().returning({ code: invitations.code })
  return saved.length > 0
}

export async function findInvitation(db: DB, code: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.code, code))
  return row
}

/** Marks the code used by `userId` if it is still unused and not theirs; answers whether it did. */
export async function claimInvitation(db: DB, code: string, userId: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(invitations)
    .set({ usedAt: at, toUserId: userId })
    .where(and(eq(invitations.code, code), isNull(invitations.usedAt), ne(invitations.fromUserId, userId)))
    .returning({ code: invitations.code })
  return claimed.length > 0
}

export async function setUserRole(db: DB, userId: string, role: string, roleEndAt: Date | null, at: Date) {
  await db.update(user).set({ role, roleEndAt, updatedAt: at }).where(eq(user.id, userId))
}
