// Reads for the data export (GET /data/g): everything one user owns, each query scoped to that user.
import { asc, eq, inArray } from "drizzle-orm"
import type { DB } from "./db.ts"
import { actions, collections, entries, feeds, inboxes, listFeeds, lists, subscriptions, user } from "./schema.ts"

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

export async function exportCollections(db: DB, userId: string) {
  return db
    .select({
      entryId: collections.entryId,
      view: collections.view,
      createdAt: collections.createdAt,
      feedId: feeds.id,
      feedUrl: feeds.url,
      url: entries.url,
      title: entries.title,
    })
    .from(collections)
    .innerJoin(entries, eq(entries.id, collections.entryId))
    .innerJoin(feeds, eq(feeds.id, collections.feedId))
    .where(eq(collections.userId, userId))
    .orderBy(asc(collections.createdAt))
}

export async function exportActions(db: DB, userId: string) {
  const [row] = await db
    .select({ rules: actions.rules, updatedAt: actions.updatedAt })
    .from(actions)
    .where(eq(actions.userId, userId))
  return row
}
