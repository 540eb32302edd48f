// Rows to wire shapes (spec field names, ISO dates). One place, so every call answers the same shape.
import type { EntryListItem, Feed, FeedSubscription, Subscription } from "@tidings/shared"
import type { EntryRow } from "../storage/entries.ts"
import type { FeedRow } from "../storage/feeds.ts"
import type { ListRow } from "../storage/lists.ts"
import type { inboxes } from "../storage/schema.ts"
import type { SubscriptionRow } from "../storage/subscriptions.ts"

type InboxRow = typeof inboxes.$inferSelect

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

export function toFeed(row: FeedRow): Feed {
  return {
    type: "feed",
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    siteUrl: row.siteUrl,
    image: row.image,
    ownerUserId: row.ownerUserId,
    errorAt: iso(row.errorAt),
    errorMessage: row.errorMessage,
    language: row.language,
    checkedAt: iso(row.checkedAt),
    updatedAt: (row.sourceUpdatedAt ?? row.updatedAt).getTime(),
    // A claimed feed's tips go to its owner (services/feed-claims.ts).
    tipUserIds: row.ownerUserId ? [row.ownerUserId] : null,
    droppedEntryCount: row.droppedEntryCount,
  }
}

export function toFeedAnalytics(row: FeedRow) {
  return {
    feedId: row.id,
    subscriptionCount: row.subscriptionCount,
    updatesPerWeek: row.updatesPerWeek,
    latestEntryPublishedAt: iso(row.latestEntryPublishedAt),
    view: null,
  }
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    type: row.type,
    userId: row.userId,
    feedId: row.feedId,
    listId: row.listId,
    inboxId: row.inboxId,
    view: row.view,
    category: row.category,
    title: row.title,
    isPrivate: row.isPrivate,
    hideFromTimeline: row.hideFromTimeline,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toFeedSubscription(row: SubscriptionRow, feed: FeedRow): FeedSubscription {
  return { ...toSubscription(row), type: "feed", feedId: feed.id, feeds: toFeed(feed) }
}

type EntryColumns = Omit<EntryRow, "feedId" | "content" | "contentHash" | "readabilityContent"> & {
  content?: string | null
}

export function toEntry(e: EntryColumns) {
  return {
    id: e.id,
    guid: e.guid,
    title: e.title,
    url: e.url,
    description: e.description,
    summary: e.summary ?? null,
    author: e.author,
    authorUrl: e.authorUrl,
    authorAvatar: e.authorAvatar,
    language: e.language,
    categories: e.categories,
    media: e.media,
    attachments: e.attachments,
    extra: e.extra,
    publishedAt: e.publishedAt.toISOString(),
    updatedAt: iso(e.updatedAt),
    insertedAt: e.insertedAt.toISOString(),
    readabilityUpdatedAt: iso(e.readabilityUpdatedAt),
    ...(e.content !== undefined ? { content: e.content } : {}),
  }
}

export function toEntryListItem(row: {
  entry: EntryColumns
  feed: FeedRow
  read: boolean | null
  view: number | null
  sources: string[] | null
  starredAt: Date | null
}): EntryListItem {
  const item: EntryListItem = {
    entries: toEntry(row.entry),
    feeds: toFeed(row.feed),
    read: row.read ?? true,
    view: row.view ?? 0,
    from: row.sources ?? [],
  }
  // The client treats a missing key as "not starred"; null would not do.
  if (row.starredAt) item.collections = { createdAt: row.starredAt.toISOString() }
  return item
}

/** The List target (spec: id, title, description, image, view, fee, ownerUserId, feedIds, subscriptionCount). */
export function toList(row: ListRow, feedIds: string[], extra: { subscriptionCount?: number; feeds?: FeedRow[] } = {}) {
  return {
    type: "list" as const,
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    view: row.view,
    fee: row.fee,
    ownerUserId: row.ownerUserId,
    feedIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(extra.subscriptionCount !== undefined
      ? { subscriptionCount: extra.subscriptionCount, purchaseAmount: "0" }
      : {}),
    ...(extra.feeds ? { feeds: extra.feeds.map(toFeed) } : {}),
  }
}

export function toInbox(row: InboxRow) {
  return {
    type: "inbox" as const,
    id: row.handle,
    title: row.title,
    description: null,
    image: null,
    ownerUserId: row.userId,
    secret: row.secret,
  }
}
