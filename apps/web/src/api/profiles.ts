// Other users: their public profile (POST /profiles/batch, GET /profiles?handle=), public subscriptions and lists.
import type { FeedSubscription, ListTarget, Ok, UserProfile } from "@tidings/shared"
import { request } from "./request.ts"
import { isListSubscription, type ListSubscription } from "./subscriptions.ts"

export function getProfilesBatch(ids: string[]): Promise<Record<string, UserProfile>> {
  return request<Ok<Record<string, UserProfile>>>("/profiles/batch", {
    method: "POST",
    body: { ids },
    quiet: true,
  }).then((answer) => answer.data ?? {})
}

export async function getProfileByHandle(handle: string): Promise<UserProfile | null> {
  const answer = await request<Ok<UserProfile | null>>("/profiles", { query: { handle }, quiet: true })
  return answer.data ?? null
}

/** What another user follows publicly: the server leaves their private subscriptions and inboxes out. */
export async function listUserSubscriptions(
  userId: string,
): Promise<{ feeds: FeedSubscription[]; lists: ListSubscription[] }> {
  const answer = await request<Ok<unknown[]>>("/subscriptions", { query: { userId } })
  const items = answer.data ?? []
  const feeds = items.filter(
    (item): item is FeedSubscription => typeof item === "object" && item !== null && "feeds" in item,
  )
  return { feeds, lists: items.filter(isListSubscription) }
}

export async function listUserLists(userId: string): Promise<ListTarget[]> {
  const answer = await request<Ok<ListTarget[]>>("/lists/list", { query: { userId } })
  return answer.data ?? []
}
