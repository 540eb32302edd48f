// AI tasks and daily digests. Every read and write of a task names its user, so one user's id never reaches another's
// row; the scheduler's claims are the only statements that look across users.
import { and, asc, count, desc, eq, gte, lt, lte, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { aiDailyDigests, aiTasks, entries, feeds, settings, timeline, user } from "./schema.ts"

export type AiTaskRow = typeof aiTasks.$inferSelect
export type AiTaskInsert = typeof aiTasks.$inferInsert
export type AiDigestRow = typeof aiDailyDigests.$inferSelect

export async function listAiTasks(db: DB, userId: string): Promise<AiTaskRow[]> {
  return db.select().from(aiTasks).where(eq(aiTasks.userId, userId)).orderBy(asc(aiTasks.createdAt), asc(aiTasks.id))
}

export async function findAiTask(db: DB, userId: string, id: string): Promise<AiTaskRow | undefined> {
  const [row] = await db
    .select()
    .from(aiTasks)
    .where(and(eq(aiTasks.userId, userId), eq(aiTasks.id, id)))
  return row
}

export async function countAiTasks(db: DB, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aiTasks).where(eq(aiTasks.userId, userId))
  return row?.n ?? 0
}

export async function insertAiTask(db: DB, row: AiTaskInsert): Promise<AiTaskRow> {
  const [inserted] = await db.insert(aiTasks).values(row).returning()
  return inserted!
}

export async function updateAiTask(
  db: DB,
  userId: string,
  id: string,
  set: Partial<Omit<AiTaskInsert, "id" | "userId">>,
): Promise<AiTaskRow | undefined> {
  const [row] = await db
    .update(aiTasks)
    .set(set)
    .where(and(eq(aiTasks.userId, userId), eq(aiTasks.id, id)))
    .returning()
  return row
}

export async function deleteAiTask(db: DB, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(aiTasks)
    .where(and(eq(aiTasks.userId, userId), eq(aiTasks.id, id)))
    .returning({ id: aiTasks.id })
  return rows.length > 0
}

/**
 * Claims the enabled tasks due at `now`: their next run is pushed out by the lease, so another scheduler (or the
 * next tick) does not take them while the run is under way; the run then writes the real next time.
 */
export async function claimDueTasks(db: DB, now: Date, limit: number, leaseMs: number): Promise<AiTaskRow[]> {
  const due = db
    .select({ id: aiTasks.id })
    .from(aiTasks)
    .where(and(eq(aiTasks.isEnabled, true), lte(aiTasks.nextRunAt, now)))
    .orderBy(asc(aiTasks.nextRunAt))
    .limit(limit)
    .for("update", { skipLocked: true })
  return db
    .update(aiTasks)
    .set({ nextRunAt: new Date(now.getTime() + leaseMs) })
    .where(sql`${aiTasks.id} in (${due})`)
    .returning()
}

/**
 * Stores a run's outcome, only while the task still holds the claim (`claimedNext`): a task the user edited or
 * deleted meanwhile keeps what they saved. Undefined claimedNext (a test run) writes unconditionally.
 */
export async function finishAiTaskRun(
  db: DB,
  userId: string,
  id: string,
  claimedNext: Date | null | undefined,
  set: Partial<Omit<AiTaskInsert, "id" | "userId">> & { addRun?: boolean },
): Promise<AiTaskRow | undefined> {
  const { addRun, ...rest } = set
  const [row] = await db
    .update(aiTasks)
    .set({ ...rest, ...(addRun ? { runCount: sql`${aiTasks.runCount} + 1` } : {}) })
    .where(
      and(eq(aiTasks.userId, userId), eq(aiTasks.id, id), claimedNext ? eq(aiTasks.nextRunAt, claimedNext) : undefined),
    )
    .returning()
  return row
}

export async function userForJob(db: DB, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, roleEndAt: user.roleEndAt })
    .from(user)
    .where(eq(user.id, userId))
  return row
}

/** The time zone a user chose (settings › general `timeZone`), or undefined. */
export async function timeZoneSetting(db: DB, userId: string): Promise<unknown> {
  const [row] = await db
    .select({ zone: sql<unknown>`${settings.payload} -> 'timeZone'` })
    .from(settings)
    .where(and(eq(settings.userId, userId), eq(settings.tab, "general")))
  return row?.zone
}

// ---- daily digests

export interface DigestEntry {
  id: string
  title: string | null
  description: string | null
  content: string | null
  url: string | null
  author: string | null
  feedTitle: string | null
  publishedAt: Date
}

/** The entries of a view published in a window, newest first (at most `limit`). */
export async function entriesInWindow(
  db: DB,
  userId: string,
  view: number,
  start: Date,
  end: Date,
  limit: number,
): Promise<DigestEntry[]> {
  return db
    .select({
      id: entries.id,
      title: entries.title,
      description: entries.description,
      content: sql<string | null>`left(${entries.content}, 4000)`,
      url: entries.url,
      author: entries.author,
      feedTitle: feeds.title,
      publishedAt: timeline.publishedAt,
    })
    .from(timeline)
    .innerJoin(entries, eq(entries.id, timeline.entryId))
    .innerJoin(feeds, eq(feeds.id, timeline.feedId))
    .where(
      and(
        eq(timeline.userId, userId),
        eq(timeline.view, view),
        gte(timeline.publishedAt, start),
        lt(timeline.publishedAt, end),
      ),
    )
    .orderBy(desc(timeline.publishedAt), desc(timeline.entryId))
    .limit(limit)
}

/**
 * Users with entries of these views published since `since`: the candidates for a digest. Asked per user and view
 * (the timeline's user-view-published index answers each), not by scanning the whole timeline every tick.
 */
export async function usersWithRecentEntries(db: DB, views: number[], since: Date) {
  const rows = await db.execute<{ userId: string; view: number }>(sql`
    select u.id as "userId", v.view as "view"
    from ${user} u cross join unnest(${`{${views.join(",")}}`}::smallint[]) as v(view)
    where exists (
      select 1 from ${timeline} t
      where t.user_id = u.id and t.view = v.view and t.published_at >= ${since.toISOString()}
    )`)
  return rows.rows.map((r) => ({ userId: r.userId, view: Number(r.view) }))
}

export async function findDigest(db: DB, userId: string, view: number, windowStart: Date) {
  const [row] = await db
    .select()
    .from(aiDailyDigests)
    .where(
      and(
        eq(aiDailyDigests.userId, userId),
        eq(aiDailyDigests.view, view),
        eq(aiDailyDigests.windowStart, windowStart),
      ),
    )
  return row
}

export async function saveDigest(db: DB, row: typeof aiDailyDigests.$inferInsert) {
  await db.insert(aiDailyDigests).values(row).onConflictDoNothing()
}
