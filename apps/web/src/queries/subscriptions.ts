// The user's subscriptions and the changes to them. Edits, unsubscribing and category changes are optimistic with
// rollback (spec §4); adding a feed waits for the server, which has to fetch the feed first.

import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type Feed, type FeedSubscription, SUBSCRIPTION_CACHE_MS } from "@tidings/shared"
import {
  type BatchUpdateInput,
  batchUpdateSubscriptions,
  type CreateSubscriptionInput,
  createSubscription,
  deleteCategory,
  deleteSubscriptions,
  listOtherSubscriptions,
  listSubscriptions,
  refreshFeed,
  renameCategory,
  type UpdateSubscriptionInput,
  updateSubscription,
} from "../api/subscriptions.ts"
import { track } from "../lib/analytics.ts"
import { useSidebarStore } from "../stores/sidebar-store.ts"
import { queryKeys } from "./keys.ts"
import {
  applySubscriptionChange,
  patchSubscriptions,
  runSubscriptionChange,
  type SubscriptionChange,
} from "./subscription-cache.ts"
import { moveToCategory, moveToView, restoreFeeds, withoutFeeds } from "./subscription-changes.ts"
import { updateUnread } from "./unread.ts"
import { mergeUnread } from "./unread-counts.ts"

export function useSubscriptions() {
  return useQuery({
    queryKey: queryKeys.subscriptions,
    queryFn: () => listSubscriptions(),
    gcTime: SUBSCRIPTION_CACHE_MS,
  })
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

/** Shared shape of the optimistic subscription changes: patch, send, put the touched feeds back on failure. */
function useOptimisticSubscriptions<Input>(
  send: (input: Input) => Promise<unknown>,
  changeOf: (input: Input) => SubscriptionChange,
  extra?: { before?: (input: Input) => () => void },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onMutate: async (input: Input) => {
      const rollback = await applySubscriptionChange(queryClient, changeOf(input))
      const undoExtra = extra?.before?.(input)
      return { rollback, undoExtra }
    },
    onError: (_error, _input, context) => {
      context?.rollback()
      context?.undoExtra?.()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot }),
  })
}

export function useUpdateSubscription() {
  return useOptimisticSubscriptions(updateSubscription, (input: UpdateSubscriptionInput) => ({
    feedIds: [input.feedId],
    apply: (subs) =>
      subs.map((sub) =>
        sub.feedId === input.feedId ? { ...sub, view: input.view, category: input.category, title: input.title } : sub,
      ),
  }))
}

/** Unsubscribing also drops the feeds' unread counts locally (spec: their records go with them). */
export function useDeleteSubscriptions() {
  return useOptimisticSubscriptions(deleteSubscriptions, (feedIds: string[]) => ({
    feedIds,
    apply: (subs) => withoutFeeds(subs, feedIds),
    dropUnread: true,
  }))
}

/** Many feeds to one category (null: none) or view, as a drag, the sidebar selection or the settings table asks. */
export function useBatchUpdate() {
  return useOptimisticSubscriptions(batchUpdateSubscriptions, (input: BatchUpdateInput) => ({
    feedIds: input.feedIds,
    apply: (subs) => {
      const moved = input.category === undefined ? subs : moveToCategory(subs, input.feedIds, input.category)
      return input.view === undefined ? moved : moveToView(moved, input.feedIds, input.view)
    },
  }))
}

export interface RenameCategoryInput {
  feedIdList: string[]
  category: string
  /** The folder being renamed, whose open or closed state moves to the new name (and back on failure). */
  folder?: { view: number; from: string }
}

export function useRenameCategory() {
  return useOptimisticSubscriptions(
    (input: RenameCategoryInput) => renameCategory(input.feedIdList, input.category),
    (input) => ({ feedIds: input.feedIdList, apply: (subs) => moveToCategory(subs, input.feedIdList, input.category) }),
    {
      before: ({ folder, category }) => {
        if (!folder) return () => {}
        const store = useSidebarStore.getState()
        const wasOpen = { from: store.isOpen(folder.view, folder.from), to: store.isOpen(folder.view, category) }
        store.rename(folder.view, folder.from, category)
        return () => {
          useSidebarStore.getState().setOpen(folder.view, folder.from, wasOpen.from)
          useSidebarStore.getState().setOpen(folder.view, category, wasOpen.to)
        }
      },
    },
  )
}

export function useDeleteCategory() {
  return useOptimisticSubscriptions(deleteCategory, (feedIdList: string[]) => ({
    feedIds: feedIdList,
    apply: (subs) => moveToCategory(subs, feedIdList, null),
  }))
}

/** Retry of a failing feed: the server fetches it now; either way the list is fetched again for its new state. */
export function useRefreshFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshFeed,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.unread, exact: true }),
      ]),
  })
}

/** Undo of an unsubscribe: the same feeds back with their view, category, title, privacy and timeline setting. */
export async function resubscribe(queryClient: QueryClient, gone: FeedSubscription[]): Promise<void> {
  const feedIds = gone.map((sub) => sub.feedId)
  const change = { feedIds, apply: (subs: FeedSubscription[]) => restoreFeeds(subs, gone, feedIds) }
  try {
    await runSubscriptionChange(queryClient, change, async () => {
      const answers = await Promise.allSettled(gone.map((sub) => createSubscription(resubscribeInput(sub))))
      for (const answer of answers) {
        if (answer.status === "fulfilled")
          updateUnread(queryClient, (counts) => mergeUnread(counts, answer.value.unread))
      }
      const failed = answers.find((answer) => answer.status === "rejected")
      if (failed) throw failed.reason
    })
  } finally {
    // Some may have come back even when one failed: the server's list is the truth either way.
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions, exact: true })
    void queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot })
  }
}

export function resubscribeInput(sub: FeedSubscription): CreateSubscriptionInput {
  return {
    url: sub.feeds.url,
    view: sub.view,
    category: sub.category,
    title: sub.title,
    isPrivate: sub.isPrivate,
    hideFromTimeline: sub.hideFromTimeline,
  }
}

export function useOtherSubscriptions() {
  return useQuery({
    queryKey: queryKeys.subscriptionTargets,
    queryFn: listOtherSubscriptions,
    gcTime: SUBSCRIPTION_CACHE_MS,
  })
}
