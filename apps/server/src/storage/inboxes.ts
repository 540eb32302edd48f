// Inbox SQL: inboxes, their owner's subscription row, their entries and read state. Every user call is owner-scoped.
import { and, count, desc, eq, getTableColumns, inArray, lt, not, type SQL, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { inboxEntries, inboxes, subscriptions } from "./schema.ts"

export type InboxRow = typeof inboxes.$inferSelect
export type InboxEntryRow = typeof inboxEntries.$inferSelect
export type InboxEntryInsert = Omit<typeof inboxEntries.$inferInsert, "read"> & { read?: boolean }

const ownedBy = (userId: string) => sql`(select ${inboxes.handle} from ${inboxes} where ${inboxes.userId} = ${userId})`

// ---- inboxes

export async function countInboxes(db: DB, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inboxes).where(eq(inboxes.userId, userId))
  return row?.n ?? 0
}

/** Creates the inbox and its owner's subscription; undefined when the handle is taken (by anyone). */
export async function insertInbox(
  db: DB,
  inbox: Pick<InboxRow, "handle" | "userId" | "title" | "secret"> & { createdAt?: Date },
  subscriptionId: string,
): Promise<InboxRow | undefined> {
  const [row] = await db.insert(inboxes).values(inbox).onConflictDoNothing().returning()
  if (!row) return undefined
  await db
    .insert(subscriptions)
    .values({ id: subscriptionId, userId: inbox.userId, type: "inbox", inboxId: row.handle, view: 0 })
  return row
}

/** The user's own inbox with this handle. */
export async function findInbox(db: DB, userId: string, handle: string): Promise<InboxRow | undefined> {
  const [row] = await db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.handle, handle), eq(inboxes.userId, userId)))
  return row
}

/** Any user's inbox: only for the ingress calls, which then prove they hold its secret. */
export async function findInboxForIngress(db: DB, handle: string): Promise<InboxRow | undefined> {
  const [row] = await db.select().from(inboxes).where(eq(inboxes.handle, handle))
  return row
}

export async function listInboxes(db: DB, userId: string): Promise<InboxRow[]> {
  return db.select().from(inboxes).where(eq(inboxes.userId, userId)).orderBy(inboxes.createdAt, inboxes.handle)
}

export async function updateInboxTitle(db: DB, userId: string, handle: string, title: string | null) {
  const [row] = await db
    .update(inboxes)
    .set({ title })
    .where(and(eq(inboxes.handle, handle), eq(inboxes.userId, userId)))
    .returning()
  return row
}

/** Deletes the inbox; its entries and subscriptions go with it through the foreign keys. */
export async function deleteInbox(db: DB, userId: string, handle: string): Promise<boolean> {
  const rows = await db
    .delete(inboxes)
    .where(and(eq(inboxes.handle, handle), eq(inboxes.userId, userId)))
    .returning({ handle: inboxes.handle })
  return rows.length > 0
}

// ---- entries

/** Inserts the entry, or updates the stored one with the same (inbox, guid); answers its id and whether it is new. */
export async function upsertInboxEntry(db: DB, row: InboxEntryInsert): Promise<{ id: string; inserted: boolean }> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`)
  const [saved] = await db
    .insert(inboxEntries)
    .values(row)
    .onConflictDoUpdate({
      target: [inboxEntries.inboxHandle, inboxEntries.guid],
      set: {
        title: excluded("title"),
        url: excluded("url"),
        content: excluded("content"),
        description: excluded("description"),
        summary: excluded("summary"),
        author: excluded("author"),
        authorUrl: excluded("author_url"),
        authorAvatar: excluded("author_avatar"),
        language: excluded("language"),
        categories: excluded("categories"),
        media: excluded("media"),
        attachments: excluded("attachments"),
        extra: excluded("extra"),
        publishedAt: excluded("published_at"),
        // A repeat without `read` keeps the reader's state.
        ...(row.read === undefined ? {} : { read: row.read }),
      },
    })
    .returning({ id: inboxEntries.id, inserted: sql<boolean>`(xmax = 0)` })
  return saved!
}

const { content: _content, ...listColumns } = getTableColumns(inboxEntries)

export interface InboxEntryFilter {
  userId: string
  handle: string
  unreadOnly?: boolean
  /** Exclusive upper bound on publishedAt (the SDK's misnamed `publishedAfter`). */
  before?: Date
}

export function inboxPageQuery(db: DB, f: InboxEntryFilter, extra: SQL[] = []) {
  return db
    .select(listColumns)
    .from(inboxEntries)
    .innerJoin(inboxes, and(eq(inboxes.handle, inboxEntries.inboxHandle), eq(inboxes.userId, f.userId)))
    .where(
      and(
        eq(inboxEntries.inboxHandle, f.handle),
        f.unreadOnly ? not(inboxEntries.read) : undefined,
        f.before ? lt(inboxEntries.publishedAt, f.before) : undefined,
        ...extra,
      ),
    )
    .orderBy(desc(inboxEntries.publishedAt), desc(inboxEntries.id))
}

export type InboxEntryListRow = Awaited<ReturnType<typeof inboxPageQuery>>[number]

/** A page, newest first; one that ends inside a run of equal timestamps is extended to the end of the run. */
export async function inboxEntryPage(db: DB, f: InboxEntryFilter, limit: number): Promise<InboxEntryListRow[]> {
  const rows = await inboxPageQuery(db, f).limit(limit)
  const last = rows.at(-1)
  if (rows.length < limit || !last) return rows
  const tail = await inboxPageQuery(db, f, [
    eq(inboxEntries.publishedAt, last.publishedAt),
    lt(inboxEntries.id, last.id),
  ])
  return rows.concat(tail)
}

/** One of the user's inbox entries, with its inbox. */
export async function findInboxEntry(db: DB, userId: string, entryId: string) {
  const [row] = await db
    .select({ entry: inboxEntries, inbox: inboxes })
    .from(inboxEntries)
    .innerJoin(inboxes, eq(inboxes.handle, inboxEntries.inboxHandle))
    .where(and(eq(inboxEntries.id, entryId), eq(inboxes.userId, userId)))
  return row
}

export async function deleteInboxEntry(db: DB, userId: string, entryId: string): Promise<boolean> {
  const rows = await db
    .delete(inboxEntries)
    .where(and(eq(inboxEntries.id, entryId), sql`${inboxEntries.inboxHandle} in ${ownedBy(userId)}`))
    .returning({ id: inboxEntries.id })
  return rows.length > 0
}

// ---- read state (the reads service calls these)

/** Sets the read flag on the user's inbox entries; answers how many of `entryIds` were the user's (all or nothing). */
export async function setInboxEntriesRead(db: DB, userId: string, entryIds: string[], read: boolean): Promise<number> {
  if (!entryIds.length) return 0
  const rows = await db
    .update(inboxEntries)
    .set({ read })
    .where(and(inArray(inboxEntries.id, entryIds), sql`${inboxEntries.inboxHandle} in ${ownedBy(userId)}`))
    .returning({ id: inboxEntries.id })
  return rows.length
}

const bound = (test: string, at: Date | undefined) =>
  at ? sql`and ${sql.raw(test)} ${at.toISOString()}::timestamptz` : sql``

export interface InboxReadWindow {
  publishedFrom?: Date
  publishedTo?: Date
  insertedBefore?: Date
}

/** Marks the user's inbox (or all their inboxes) read; answers counts keyed by handle. Undefined for another's inbox. */
export async function markInboxAllRead(
  db: DB,
  userId: string,
  handle: string | undefined,
  window: InboxReadWindow,
): Promise<Record<string, number> | undefined> {
  const one = handle === undefined ? sql`` : sql`and handle = ${handle.toLowerCase()}`
  const bounds = [
    bound("e.published_at >=", window.publishedFrom),
    bound("e.published_at <=", window.publishedTo),
    bound("e.inserted_at <", window.insertedBefore),
  ]
  // One statement: the owned inboxes (to tell "not yours" from "nothing unread") and the update.
  const result = await db.execute<{ handle: string; n: number }>(sql`
    with owned as (select handle from ${inboxes} where user_id = ${userId} ${one}),
    marked as (
      update ${inboxEntries} e set read = true
      where e.inbox_handle in (select handle from owned) and not e.read ${sql.join(bounds, sql` `)}
      returning e.inbox_handle
    )
    select o.handle, count(m.inbox_handle)::int as n from owned o
    left join marked m on m.inbox_handle = o.handle group by o.handle`)
  if (handle !== undefined && !result.rows.length) return undefined
  return Object.fromEntries(result.rows.filter((r) => r.n > 0).map((r) => [r.handle, r.n]))
}

/** Many entries at once (a data import); an entry already there (same inbox and guid) is left as it is. */
export async function insertInboxEntries(db: DB, rows: InboxEntryInsert[]): Promise<void> {
  if (!rows.length) return
  await db.insert(inboxEntries).values(rows).onConflictDoNothing()
}

/** A new inbox entry with what the owner's rules read: the owner, the inbox, and the owner's subscription to it. */
export async function findInboxArrival(db: DB, handle: string, entryId: string) {
  const [row] = await db
    .select({ entry: inboxEntries, inbox: inboxes, view: subscriptions.view, category: subscriptions.category })
    .from(inboxEntries)
    .innerJoin(inboxes, eq(inboxes.handle, inboxEntries.inboxHandle))
    .leftJoin(subscriptions, and(eq(subscriptions.inboxId, inboxes.handle), eq(subscriptions.userId, inboxes.userId)))
    .where(and(eq(inboxEntries.id, entryId), eq(inboxEntries.inboxHandle, handle)))
  return row
}
