// The user's own lists, one list as anyone sees it, and following a list. Updating and deleting a list, and taking
// a feed out of it, are optimistic with rollback (spec §4); creating one and adding feeds wait for the server.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { ListDetail, ListTarget } from "@tidings/shared"
import {
  addFeedsToList,
  addFeedUrlToList,
  createList,
  deleteList,
  getList,
  getProfile,
  type ListFields,
  listOwnedLists,
  removeFeedFromList,
  subscribeToList,
  updateList,
} from "../api/lists.ts"
import { queryKeys } from "./keys.ts"
import { listSubscriptionsKey } from "./list-subscriptions.ts"
import { restoreSnapshot, takeSnapshot } from "./optimistic.ts"

/** A feed added by its address is fetched in the background: asked again until each has been fetched once. */
const FIRST_FETCH_POLL_MS = 5000

export function useOwnedLists() {
  return useQuery({
    queryKey: queryKeys.ownedLists,
    queryFn: listOwnedLists,
    refetchInterval: (query) =>
      query.state.data?.some((list) => list.feeds?.some((feed) => !feed.checkedAt)) ? FIRST_FETCH_POLL_MS : false,
  })
}

export function useListDetail(listId: string) {
  return useQuery({ queryKey: queryKeys.list(listId), queryFn: () => getList(listId) })
}

export function useProfile(userId: string | undefined) {
  return useQuery({
    queryKey: ["profile", userId ?? ""],
    queryFn: () => getProfile(userId ?? ""),
    enabled: Boolean(userId),
  })
}

function patchOwned(queryClient: QueryClient, update: (lists: ListTarget[]) => ListTarget[]) {
  queryClient.setQueryData<ListTarget[]>(queryKeys.ownedLists, (lists) => (lists ? update(lists) : lists))
}

function patchDetail(queryClient: QueryClient, listId: string, update: (detail: ListDetail) => ListDetail) {
  queryClient.setQueryData<ListDetail>(queryKeys.list(listId), (detail) => (detail ? update(detail) : detail))
}

/** Patch both caches of one list, send, and put both back when the server refuses. */
function useOptimisticList<Input extends { listId: string }>(
  send: (input: Input) => Promise<unknown>,
  apply: (queryClient: QueryClient, input: Input) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onMutate: async (input: Input) => {
      const snapshot = await takeSnapshot(queryClient, [queryKeys.ownedLists, queryKeys.list(input.listId)])
      apply(queryClient, input)
      return { snapshot }
    },
    onError: (_error, _input, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSettled: (_answer, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.list(input.listId) })
      void queryClient.invalidateQueries({ queryKey: listSubscriptionsKey })
    },
  })
}

export function useCreateList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createList,
    onSuccess: (list) => {
      patchOwned(queryClient, (lists) => [...lists, { ...list, feeds: [] }])
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownedLists })
    },
  })
}

export function useUpdateList() {
  return useOptimisticList(
    ({ listId, fields }: { listId: string; fields: ListFields }) => updateList(listId, fields),
    (queryClient, { listId, fields }) => {
      patchOwned(queryClient, (lists) => lists.map((list) => (list.id === listId ? { ...list, ...fields } : list)))
      patchDetail(queryClient, listId, (detail) => ({ ...detail, list: { ...detail.list, ...fields } }))
    },
  )
}

/** Refused with 8004 while others follow the list: the row comes back and the toast says why. */
export function useDeleteList() {
  return useOptimisticList(
    ({ listId }: { listId: string }) => deleteList(listId),
    (queryClient, { listId }) => patchOwned(queryClient, (lists) => lists.filter((list) => list.id !== listId)),
  )
}

export function useRemoveListFeed() {
  return useOptimisticList(
    ({ listId, feedId }: { listId: string; feedId: string }) => removeFeedFromList(listId, feedId),
    (queryClient, { listId, feedId }) =>
      patchOwned(queryClient, (lists) =>
        lists.map((list) =>
          list.id === listId
            ? {
                ...list,
                feedIds: list.feedIds.filter((id) => id !== feedId),
                feeds: list.feeds?.filter((feed) => feed.id !== feedId),
              }
            : list,
        ),
      ),
  )
}

export function useAddListFeeds() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { listId: string } & ({ feedIds: string[] } | { url: string })) =>
      "url" in input ? addFeedUrlToList(input.listId, input.url) : addFeedsToList(input.listId, input.feedIds),
    onSettled: (_feeds, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownedLists })
      void queryClient.invalidateQueries({ queryKey: queryKeys.list(input.listId) })
    },
  })
}

/** Following a list brings its feeds' entries into the timeline, so those caches are refetched. */
export function useSubscribeList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listId, view }: { listId: string; view: number }) => subscribeToList(listId, view),
    onSuccess: (_answer, { listId }) => {
      for (const queryKey of [queryKeys.list(listId), listSubscriptionsKey, queryKeys.unread, queryKeys.entriesRoot]) {
        void queryClient.invalidateQueries({ queryKey })
      }
    },
  })
}
