// The user's subscriptions and the changes to them. Edits, unsubscribing and category changes are optimistic with
// rollback (spec §4); adding a feed waits for the server, which has to fetch the feed first.

import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type Feed, type FeedSubscription, SUBSCRIPTION_CACHE_MS } from "@tidings/shared"
import {
  type CreateSubscriptionInput,
  createSubscription,
  deleteCategory,
  deleteSubscription,
  listSubscriptions,
  renameCategory,
  type UpdateSubscriptionInput,
  updateSubscription,
} from "../api/subscriptions.ts"
import { track } from "../lib/analytics.ts"
import { queryKeys } from "./keys.ts"
import { restoreSnapshot, takeSnapshot } from "./optimistic.ts"
import { updateUnread } from "./unread.ts"
import { mergeUnread } from "./unread-counts.ts"

export function useSubscriptions() {
  return useQuery({
    queryKey: queryKeys.subscriptions,
    queryFn: () => listSubscriptions(),
    gcTime: SUBSCRIPTION_CACHE_MS,
  })
}

function patchSubscriptions(queryClient: QueryClient, update: (subs: FeedSubscription[]) => FeedSubscription[]) {
  queryClient.setQueryData<FeedSubscription[]>(queryKeys.subscriptions, (subs) => (subs ? update(subs) : subs))
}

/** The subscription as the list would show it, built from the create answer until the list is fetched again. */
function newSubscription(feed: Feed, input: CreateSubscriptionInput): FeedSubscription {
  return {
    type: "feed",
    userId: "",
    feedId: feed.id,
    listId: null,
    inboxId: null,
    view: input.view,
    category: input.category || null,
    title: input.title || null,
    isPrivate: input.isPrivate ?? false,
    hideFromTimeline: input.hideFromTimeline ?? false,
    createdAt: new Date().toISOString(),
    feeds: feed,
  }
}

export function useCreateSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: (answer, input) => {
      track("subscribe", { view: input.view })
      const feed = answer.feed
      if (feed) {
        patchSubscriptions(queryClient, (subs) => [
          ...subs.filter((sub) => sub.feedId !== feed.id),
          newSubscription(feed, input),
        ])
      }
      updateUnread(queryClient, (counts) => mergeUnread(counts, answer.unread))
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions })
      void queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot })
    },
  })
}

/** Shared shape of the optimistic subscription changes: patch, send, roll back on failure. */
function useOptimisticSubscriptions<Input>(
  send: (input: Input) => Promise<unknown>,
  apply: (subs: FeedSubscription[], input: Input) => FeedSubscription[],
  applyElsewhere?: (queryClient: QueryClient, input: Input) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onMutate: async (input: Input) => {
      const snapshot = await takeSnapshot(queryClient, [queryKeys.subscriptions, queryKeys.unread])
      patchSubscriptions(queryClient, (subs) => apply(subs, input))
      applyElsewhere?.(queryClient, input)
      return { snapshot }
    },
    onError: (_error, _input, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot }),
  })
}

export function useUpdateSubscription() {
  return useOptimisticSubscriptions(updateSubscription, (subs, input: UpdateSubscriptionInput) =>
    subs.map((sub) =>
      sub.feedId === input.feedId ? { ...sub, view: input.view, category: input.category, title: input.title } : sub,
    ),
  )
}

/** Unsubscribing also drops the feed's unread count locally (spec: its records go with it). */
export function useDeleteSubscription() {
  return useOptimisticSubscriptions(
    deleteSubscription,
    (subs, feedId: string) => subs.filter((sub) => sub.feedId !== feedId),
    (queryClient, feedId) =>
      updateUnread(queryClient, (counts) => Object.fromEntries(Object.entries(counts).filter(([id]) => id !== feedId))),
  )
}

export function useRenameCategory() {
  return useOptimisticSubscriptions(
    (input: { feedIdList: string[]; category: string }) => renameCategory(input.feedIdList, input.category),
    (subs, input) =>
      subs.map((sub) => (input.feedIdList.includes(sub.feedId) ? { ...sub, category: input.category } : sub)),
  )
}

export function useDeleteCategory() {
  return useOptimisticSubscriptions(deleteCategory, (subs, feedIdList: string[]) =>
    subs.map((sub) => (feedIdList.includes(sub.feedId) ? { ...sub, category: null } : sub)),
  )
}
