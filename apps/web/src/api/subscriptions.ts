// Subscriptions (/subscriptions) and categories (/categories).
import type { Feed, FeedSubscription, Ok, UnreadCounts } from "@tidings/shared"
import { request } from "./request.ts"

/** GET /subscriptions also lists list and inbox subscriptions; only feed ones (with a `feeds` key) are kept. */
export async function listSubscriptions(view?: number): Promise<FeedSubscription[]> {
  const answer = await request<Ok<unknown[]>>("/subscriptions", { query: { view } })
  return (answer.data ?? []).filter(isFeedSubscription)
}

function isFeedSubscription(item: unknown): item is FeedSubscription {
  return typeof item === "object" && item !== null && "feeds" in item && "feedId" in item
}

export interface CreateSubscriptionInput {
  url: string
  view: number
  category?: string | null
  title?: string | null
  isPrivate?: boolean
  hideFromTimeline?: boolean
}

export interface CreateSubscriptionAnswer {
  code: 0
  feed: Feed | null
  unread?: UnreadCounts
}

export async function createSubscription(input: CreateSubscriptionInput): Promise<CreateSubscriptionAnswer> {
  const { hideFromTimeline, ...create } = input
  // The add dialog shows the failure itself (e.g. 2003 feed fetch error), so no toast on top.
  const answer = await request<CreateSubscriptionAnswer>("/subscriptions", {
    method: "POST",
    body: create,
    quiet: true,
  })
  // Subscribing takes no hideFromTimeline; the update right after sets it.
  if (hideFromTimeline && answer.feed) {
    await request("/subscriptions", { method: "PATCH", body: { feedId: answer.feed.id, hideFromTimeline: true } })
  }
  return answer
}

export interface UpdateSubscriptionInput {
  feedId: string
  view: number
  category: string | null
  title: string | null
}

export function updateSubscription(input: UpdateSubscriptionInput): Promise<unknown> {
  return request("/subscriptions", { method: "PATCH", body: input })
}

export function deleteSubscription(feedId: string): Promise<unknown> {
  return request("/subscriptions", { method: "DELETE", body: { feedId } })
}

/** DELETE /subscriptions with feedIdList: all or none (the server refuses a list holding a feed not followed). */
export function deleteSubscriptions(feedIdList: string[]): Promise<unknown> {
  return request("/subscriptions", { method: "DELETE", body: { feedIdList } })
}

export interface BatchUpdateInput {
  feedIds: string[]
  /** null or "" clears the category. */
  category?: string | null
  view?: number
}

/** PATCH /subscriptions/batch: many feeds to one category or view in one transaction. */
export function batchUpdateSubscriptions(input: BatchUpdateInput): Promise<unknown> {
  return request("/subscriptions/batch", { method: "PATCH", body: input })
}

/** POST /feeds/refresh (admins only, 2000 otherwise): fetches the feed now; a failed fetch is 2003 and is recorded
 * on the feed. Quiet: the caller shows the feed's new state rather than a toast. */
export function refreshFeed(id: string): Promise<unknown> {
  return request("/feeds/refresh", { method: "POST", body: { id }, quiet: true })
}

export function renameCategory(feedIdList: string[], category: string): Promise<unknown> {
  return request("/categories", { method: "PATCH", body: { feedIdList, category } })
}

/** Clears the category on its feeds; the subscriptions stay (spec). */
export function deleteCategory(feedIdList: string[]): Promise<unknown> {
  return request("/categories", { method: "DELETE", body: { feedIdList, deleteSubscriptions: false } })
}

/** A list the user follows, as GET /subscriptions gives it (an item with a `lists` key). */
export interface ListSubscription {
  listId: string
  view: number
  title: string | null
  category?: string | null
  createdAt?: string
  lists: { id: string; title: string | null; description?: string | null }
}

export async function listListSubscriptions(): Promise<ListSubscription[]> {
  const answer = await request<Ok<unknown[]>>("/subscriptions")
  return (answer.data ?? []).filter(isListSubscription)
}

export function isListSubscription(item: unknown): item is ListSubscription {
  return typeof item === "object" && item !== null && "lists" in item && "listId" in item
}

/** An inbox the user has, as GET /subscriptions gives it (an item with an `inboxes` key). */
export interface InboxSubscription {
  inboxId: string
  view: number
  title: string | null
  createdAt?: string
  inboxes: { id: string; title: string | null }
}

function isInboxSubscription(item: unknown): item is InboxSubscription {
  return typeof item === "object" && item !== null && "inboxes" in item && "inboxId" in item
}

/** The list and inbox subscriptions, for the settings table that shows them beside the feeds. */
export async function listOtherSubscriptions(): Promise<{ lists: ListSubscription[]; inboxes: InboxSubscription[] }> {
  const items = (await request<Ok<unknown[]>>("/subscriptions")).data ?? []
  return { lists: items.filter(isListSubscription), inboxes: items.filter(isInboxSubscription) }
}
