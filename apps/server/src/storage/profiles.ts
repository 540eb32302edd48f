// Public user profiles: only the columns anyone may see (never e-mail, role or security flags).
import { eq, inArray, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { user } from "./schema.ts"

const publicColumns = {
  id: user.id,
  name: user.name,
  image: user.image,
  handle: user.handle,
  bio: user.bio,
  website: user.website,
  socialLinks: user.socialLinks,
}

export type ProfileRow = Pick<
  typeof user.$inferSelect,
  "id" | "name" | "image" | "handle" | "bio" | "website" | "socialLinks"
>

export async function findProfileById(db: DB, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select(publicColumns).from(user).where(eq(user.id, id))
  return row
}

/** Handles are unique regardless of case (the lower(handle) index), so lookups ignore case too. */
export async function findProfileByHandle(db: DB, handle: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select(publicColumns).from(user).where(sql`lower(${user.handle}) = lower(${handle})`)
  return row
}

export async function findProfilesByIds(db: DB, ids: string[]): Promise<ProfileRow[]> {
  if (!ids.length) return []
  return db.select(publicColumns).from(user).where(inArray(user.id, ids))
}

/** Whether anyone already holds the handle, in any letter case. */
export async function isHandleTaken(db: DB, handle: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.handle}) = lower(${handle})`)
    .limit(1)
  return Boolean(row)
}

/**
 * Gives `userId` the handle, or answers false when someone else holds it. The unique index decides, so two
 * accounts racing for one handle cannot both pass a check made before their writes.
 */
export async function claimHandle(db: DB, userId: string, handle: string): Promise<boolean> {
  try {
    await db.update(user).set({ handle }).where(eq(user.id, userId))
    return true
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string })
    if (cause?.code === "23505") return false
    throw error
  }
}
