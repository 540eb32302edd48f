// Reads for the data export (GET /data/g): everything one user owns, each query scoped to that user. The sections
// that grow with reading (stars, read state, inbox entries) are read in pages, keyset-ordered, for streaming.
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import {
  actions,
  collections,
  entries,
  feeds,
  inboxEntries,
  inboxes,
  listFeeds,
  lists,
  subscriptions,
  timeline,
  unread,
  user,
} from "./schema.ts"

export const EXPORT_PAGE = 500

export async function exportAccount(db: DB, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      handle: user.handle,
      bio: user.bio,
      website: user.website,
      socialLinks: user.socialLinks,
      role: user.role,
      roleEndAt: user.roleEndAt,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId))
  return row
}

/** Feed, list and inbox subscriptions with what each points at. */
export async function exportSubscriptions(db: DB, userId: string) {
  return db
    .select({
      subscription: subscriptions,
      feedUrl: feeds.url,
      feedTitle: feeds.title,
      listTitle: lists.title,
      inboxTitle: inboxes.title,
    })
    .from(subscriptions)
    .leftJoin(feeds, eq(feeds.id, subscriptions.feedId))
    .leftJoin(lists, eq(lists.id, subscriptions.listId))
    .leftJoin(inboxes, eq(inboxes.handle, subscriptions.inboxId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt))
}

export async function exportOwnedLists(db: DB, userId: string) {
  return db.select().from(lists).where(eq(lists.ownerUserId, userId)).orderBy(asc(lists.createdAt))
}

export async function exportListFeeds(db: DB, listIds: string[]) {
  if (!listIds.length) return []
  return db
    .select({ listId: listFeeds.listId, feedId: feeds.id, url: feeds.url, title: feeds.title })
    .from(listFeeds)
    .innerJoin(feeds, eq(feeds.id, listFeeds.feedId))
    .where(inArray(listFeeds.listId, listIds))
    .orderBy(asc(listFeeds.createdAt))
}

/** The user's inboxes without their secrets (see services/data.ts). */
export async function exportInboxes(db: DB, userId: string) {
  return db
    .select({ handle: inboxes.handle, title: inboxes.title, createdAt: inboxes.createdAt })
    .from(inboxes)
    .where(eq(inboxes.userId, userId))
    .orderBy(asc(inboxes.createdAt))
}

/** Starred entries after the cursor (createdAt, entryId), oldest first, as feed URL + guid. */
export async function exportCollectionsPage(db: DB, userId: string, after?: { createdAt: Date; entryId: string }) {
  return db
    .select({
      entryId: collections.entryId,
      view: collections.view,
      createdAt: collections.createdAt,
      feedId: feeds.id,
      feedUrl: feeds.url,
      guid: entries.guid,
      url: entries.url,
      title: entries.title,
    })
    .from(collections)
    .innerJoin(entries, eq(entries.id, collections.entryId))
    .innerJoin(feeds, eq(feeds.id, collections.feedId))
    .where(
      and(
        eq(collections.userId, userId),
        after
          ? or(
              gt(collections.createdAt, after.createdAt),
              and(eq(collections.createdAt, after.createdAt), gt(collections.entryId, after.entryId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(collections.createdAt), asc(collections.entryId))
    .limit(EXPORT_PAGE)
}

/** Read timeline rows after the cursor (entry id), as feed URL + guid. */
export async function exportReadsPage(db: DB, userId: string, afterEntryId?: string) {
  return db
    .select({ entryId: timeline.entryId, feedUrl: feeds.url, guid: entries.guid })
    .from(timeline)
    .innerJoin(entries, eq(entries.id, timeline.entryId))
    .innerJoin(feeds, eq(feeds.id, timeline.feedId))
    .where(
      and(
        eq(timeline.userId, userId),
        sql`not exists (select 1 from ${unread} u where u.user_id = ${userId} and u.entry_id = ${timeline.entryId})`,
        afterEntryId ? gt(timeline.entryId, afterEntryId) : undefined,
      ),
    )
    .orderBy(asc(timeline.entryId))
    .limit(EXPORT_PAGE)
}

/** Entries of the user's inboxes after the cursor (entry id), whole. */
export async function exportInboxEntriesPage(db: DB, userId: string, afterId?: string) {
  return db
    .select({ entry: inboxEntries })
    .from(inboxEntries)
    .innerJoin(inboxes, eq(inboxes.handle, inboxEntries.inboxHandle))
    .where(and(eq(inboxes.userId, userId), afterId ? gt(inboxEntries.id, afterId) : undefined))
    .orderBy(asc(inboxEntries.id))
    .limit(EXPORT_PAGE)
}

export async function exportActions(db: DB, userId: string) {
  const [row] = await db
    .select({ rules: actions.rules, updatedAt: actions.updatedAt })
    .from(actions)
    .where(eq(actions.userId, userId))
  return row
}

/** The imported settings of the user's subscription to their inbox. */
export async function updateInboxSubscription(
  db: DB,
  userId: string,
  handle: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
) {
  await db
    .update(subscriptions)
    .set(changes)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.inboxId, handle)))
}
