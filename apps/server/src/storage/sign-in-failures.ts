// Failed sign-ins per account (see schema.signInFailures): one upsert per failure, one delete per success.
import { eq, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { signInFailures } from "./schema.ts"

export interface LockoutPolicy {
  /** Failures allowed before the first lock. */
  failures: number
  /** The first lock; each further failure doubles it, up to maxSeconds. */
  seconds: number
  maxSeconds: number
}

/** Failures older than this no longer count: a forgotten password months ago does not shorten today's allowance. */
const FORGET_AFTER = sql`interval '1 day'`

export async function findSignInLock(db: DB, emailHash: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.emailHash, emailHash))
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined
}

/** Counts one failure atomically and returns the lock it earns, if any. */
export async function recordSignInFailure(
  db: DB,
  emailHash: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | undefined> {
  const t = signInFailures
  const count = sql`(case when ${t.updatedAt} < ${now.toISOString()}::timestamptz - ${FORGET_AFTER} then 0 else ${t.failures} end + 1)`
  const lockSeconds = (failures: unknown) =>
    sql`least(${policy.maxSeconds}::float8, ${policy.seconds}::float8 * power(2, ${failures} - ${policy.failures}))`
  const lockAt = (failures: unknown) =>
    sql`case when ${failures} >= ${policy.failures} then ${now.toISOString()}::timestamptz + make_interval(secs => ${lockSeconds(failures)}) end`
  const [row] = await db
    .insert(t)
    .values({ emailHash, failures: 1, lockedUntil: sql`${lockAt(sql`1`)}`, updatedAt: now })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: { failures: count, lockedUntil: lockAt(count), updatedAt: now },
    })
    .returning({ lockedUntil: t.lockedUntil })
  return row?.lockedUntil ?? undefined
}

export async function clearSignInFailures(db: DB, emailHash: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.emailHash, emailHash))
}
