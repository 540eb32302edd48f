// The user's inboxes and their entries. Creating, renaming and deleting an inbox and deleting an inbox entry are
// optimistic with rollback (spec §4, client "optimistic inbox create/update/delete").
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { InboxTarget } from "@tidings/shared"
import {
  createInbox,
  deleteInbox,
  deleteInboxEntry,
  getInboxEmailDomain,
  getInboxEntry,
  listInboxes,
  renameInbox,
} from "../api/inboxes.ts"
import { dropEntry, type EntryPages } from "./entry-cache.ts"
import { queryKeys } from "./keys.ts"
import { restoreSnapshot, takeSnapshot } from "./optimistic.ts"

export function useInboxes(enabled = true) {
  return useQuery({ queryKey: queryKeys.inboxes, queryFn: listInboxes, enabled })
}

export function useInboxEmailDomain() {
  return useQuery({
    queryKey: queryKeys.inboxEmailDomain,
    queryFn: getInboxEmailDomain,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useInboxEntry(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inboxEntry(id ?? ""),
    queryFn: ({ signal }) => getInboxEntry(id ?? "", signal),
    enabled: Boolean(id),
  })
}

/** Patch the inbox list, send, roll back on failure; the list is fetched again either way (the secret is new). */
function useOptimisticInboxes<Input>(
  send: (input: Input) => Promise<unknown>,
  apply: (inboxes: InboxTarget[], input: Input) => InboxTarget[],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onMutate: async (input: Input) => {
      const snapshot = await takeSnapshot(queryClient, [queryKeys.inboxes])
      queryClient.setQueryData<InboxTarget[]>(queryKeys.inboxes, (inboxes) =>
        inboxes ? apply(inboxes, input) : inboxes,
      )
      return { snapshot }
    },
    onError: (_error, _input, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.inboxes }),
  })
}

/** Until the server answers, the new inbox has no secret: the page shows it as pending. */
export function useCreateInbox() {
  return useOptimisticInboxes(
    ({ handle, title }: { handle: string; title: string | null }) => createInbox(handle, title),
    (inboxes, { handle, title }) => [
      ...inboxes,
      {
        type: "inbox",
        id: handle.trim().toLowerCase(),
        title,
        description: null,
        image: null,
        ownerUserId: "",
        secret: "",
      },
    ],
  )
}

export function useRenameInbox() {
  return useOptimisticInboxes(
    ({ handle, title }: { handle: string; title: string | null }) => renameInbox(handle, title),
    (inboxes, { handle, title }) => inboxes.map((inbox) => (inbox.id === handle ? { ...inbox, title } : inbox)),
  )
}

export function useDeleteInbox() {
  return useOptimisticInboxes(deleteInbox, (inboxes, handle: string) => inboxes.filter((inbox) => inbox.id !== handle))
}

export function useDeleteInboxEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteInboxEntry,
    onMutate: async (entryId: string) => {
      const snapshot = await takeSnapshot(queryClient, [queryKeys.entriesRoot, queryKeys.inboxEntry(entryId)])
      queryClient.setQueriesData<EntryPages>({ queryKey: queryKeys.entriesRoot }, (data) => dropEntry(data, entryId))
      return { snapshot }
    },
    onError: (_error, _entryId, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.unread }),
  })
}
