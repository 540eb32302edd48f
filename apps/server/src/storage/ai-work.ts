// What a background AI job needs to know about the user it works for.
import { eq } from "drizzle-orm"
import type { DB } from "./db.ts"
import { user } from "./schema.ts"

/** The user's role (the daily token budget is per role), or undefined when the user is gone. */
export async function findUserRole(db: DB, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId))
  return row?.role
}
