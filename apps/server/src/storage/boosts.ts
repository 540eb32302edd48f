// Boosts: what a feed holds now (unexpired), the caller's latest, and who boosted it.
import { and, desc, eq, gt, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { boosts, user } from "./schema.ts"

export async function insertBoost(db: DB, row: typeof boosts.$inferInsert): Promise<void> {
  await db.insert(boosts).values(row)
}

/** Unexpired boost units of the feed. */
export async function activeBoostCount(db: DB, feedId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${boosts.units}), 0)::int` })
    .from(boosts)
    .where(and(eq(boosts.feedId, feedId), gt(boosts.expiresAt, now)))
  return Number(row?.n ?? 0)
}

export async function lastActiveBoostOf(db: DB, feedId: string, userId: string, now: Date) {
  const [row] = await db
    .select({ hash: boosts.hash, expiresAt: boosts.expiresAt })
    .from(boosts)
    .where(and(eq(boosts.feedId, feedId), eq(boosts.userId, userId), gt(boosts.expiresAt, now)))
    .orderBy(desc(boosts.expiresAt))
    .limit(1)
  return row
}

/** The users with an unexpired boost on the feed, most units first (public fields only). */
export async function activeBoosters(db: DB, feedId: string, now: Date) {
  return db
    .select({ id: user.id, name: user.name, handle: user.handle, image: user.image })
    .from(boosts)
    .innerJoin(user, eq(user.id, boosts.userId))
    .where(and(eq(boosts.feedId, feedId), gt(boosts.expiresAt, now)))
    .groupBy(user.id, user.name, user.handle, user.image)
    .orderBy(desc(sql`sum(${boosts.units})`), user.id)
    .limit(100)
}
