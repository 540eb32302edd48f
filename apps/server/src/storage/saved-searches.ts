// Saved searches (smart feeds, schema.savedSearches): each statement scoped to one user.
import { and, asc, eq, inArray, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { savedSearches } from "./schema.ts"

export type SavedSearchRow = typeof savedSearches.$inferSelect

export function listSavedSearches(db: DB, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
}

/** The given saved searches of several users at once (action rules at ingest); ids of other users are not found. */
export async function findSavedSearchesOf(db: DB, pairs: { userId: string; id: string }[]): Promise<SavedSearchRow[]> {
  if (!pairs.length) return []
  const rows = await db
    .select()
    .from(savedSearches)
    .where(inArray(savedSearches.id, [...new Set(pairs.map((p) => p.id))]))
  const wanted = new Set(pairs.map((p) => `${p.userId} ${p.id}`))
  return rows.filter((row) => wanted.has(`${row.userId} ${row.id}`))
}

export async function findSavedSearch(db: DB, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
  return row
}

/** Inserts the row unless the user has `max` saved searches already (one statement, so two calls cannot pass both). */
export async function insertSavedSearch(
  db: DB,
  row: { id: string; userId: string; title: string; query: string },
  max: number,
): Promise<SavedSearchRow | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    insert into ${savedSearches} (id, user_id, title, query)
    select ${row.id}, ${row.userId}, ${row.title}, ${row.query}
    where (select count(*) from ${savedSearches} where user_id = ${row.userId}) < ${max}
    returning id`)
  if (!result.rows.length) return undefined
  return findSavedSearch(db, row.userId, row.id)
}

export async function updateSavedSearch(
  db: DB,
  userId: string,
  id: string,
  change: { title?: string; query?: string },
): Promise<SavedSearchRow | undefined> {
  if (change.title === undefined && change.query === undefined) return findSavedSearch(db, userId, id)
  const [row] = await db
    .update(savedSearches)
    .set(change)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning()
  return row
}

export async function deleteSavedSearch(db: DB, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning({ id: savedSearches.id })
  return gone.length > 0
}
