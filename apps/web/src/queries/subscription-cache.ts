// Optimistic changes to the cached subscriptions (spec §4): applied locally first, then sent; on failure only the
// feeds the change touched are put back (subscription-changes.ts), with their unread counts.
import type { QueryClient } from "@tanstack/react-query"
import type { FeedSubscription, UnreadCounts } from "@tidings/shared"
import { queryKeys } from "./keys.ts"
import { restoreCounts, restoreFeeds, withoutCounts } from "./subscription-changes.ts"

export interface SubscriptionChange {
  feedIds: string[]
  apply: (subs: FeedSubscription[]) => FeedSubscription[]
  /** Unsubscribing: the feeds' unread counts go with them. */
  dropUnread?: boolean
}

export function patchSubscriptions(
  queryClient: QueryClient,
  update: (subs: FeedSubscription[]) => FeedSubscription[],
): void {
  queryClient.setQueryData<FeedSubscription[]>(queryKeys.subscriptions, (subs) => (subs ? update(subs) : subs))
}

function patchUnread(queryClient: QueryClient, update: (counts: UnreadCounts) => UnreadCounts): void {
  queryClient.setQueryData<UnreadCounts>(queryKeys.unread, (counts) => (counts ? update(counts) : counts))
}

/** Applies the change to the cache and answers the function that takes it back. */
export async function applySubscriptionChange(
  queryClient: QueryClient,
  change: SubscriptionChange,
): Promise<() => void> {
  // A fetch in flight would land on top of the optimistic state with the old one.
  await Promise.all([
    queryClient.cancelQueries({ queryKey: queryKeys.subscriptions, exact: true }),
    queryClient.cancelQueries({ queryKey: queryKeys.unread, exact: true }),
  ])
  const before = queryClient.getQueryData<FeedSubscription[]>(queryKeys.subscriptions) ?? []
  const counts = queryClient.getQueryData<UnreadCounts>(queryKeys.unread) ?? {}
  patchSubscriptions(queryClient, change.apply)
  if (change.dropUnread) patchUnread(queryClient, (current) => withoutCounts(current, change.feedIds))
  return () => {
    patchSubscriptions(queryClient, (current) => restoreFeeds(current, before, change.feedIds))
    if (change.dropUnread) patchUnread(queryClient, (current) => restoreCounts(current, counts, change.feedIds))
  }
}

/** Applies, sends, and rolls back when the server refuses (the error is thrown on). */
export async function runSubscriptionChange(
  queryClient: QueryClient,
  change: SubscriptionChange,
  send: () => Promise<unknown>,
): Promise<void> {
  const rollback = await applySubscriptionChange(queryClient, change)
  try {
    await send()
  } catch (error) {
    rollback()
    throw error
  }
}
