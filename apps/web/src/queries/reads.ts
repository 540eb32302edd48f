// Read and unread, one entry or all at once. Optimistic: caches change first, the server is told, and the change
// is rolled back if it refuses (spec §4). Unread counts never go below 0. Marks of single entries go through the
// offline write queue (offline-writes.ts): made offline, they stay applied and are sent when the client is back.
// Mark-all is not queued: what it covers is decided by the server when it runs, and its answer is shown.

import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { UnreadCounts } from "@tidings/shared"
import { type MarkAllReadInput, markAllRead } from "../api/reads.ts"
import type { KnownEntry } from "./entry-cache.ts"
import { lookupEntry, setEntryRead, setFeedsRead } from "./entry-state.ts"
import { queryKeys } from "./keys.ts"
import { rollBack, submitWrite } from "./offline-writes.ts"
import { restoreSnapshot, takeSnapshot } from "./optimistic.ts"
import { updateUnread } from "./unread.ts"
import { adjustUnread, clearUnread } from "./unread-counts.ts"

const readCaches = [queryKeys.entriesRoot, ["entry"], queryKeys.unread]

/** The ids an entry's read mark changes: it and its copies in other feeds (the server reads a group together). */
const groupIds = (id: string, known: KnownEntry | undefined) => [id, ...(known?.alsoIn ?? []).map((c) => c.entryId)]
/** The feeds whose unread counts an entry's read mark moves: its own and its copies'. */
const groupFeeds = (known: KnownEntry) => [known.feedId, ...(known.alsoIn ?? []).map((c) => c.feedId)]

/** Marks one entry read or unread; only a real change moves the unread count. */
export function useSetEntryRead() {
  const queryClient = useQueryClient()
  return useMutation({
    // Run offline too (TanStack would hold it back): the queue keeps the change.
    networkMode: "always",
    mutationFn: ({ id, read }: { id: string; read: boolean }) => {
      const inbox = lookupEntry(queryClient, id)?.inbox ?? false
      return submitWrite(
        queryClient,
        read ? { kind: "read", entryIds: [id], inbox } : { kind: "unread", entryId: id, inbox },
      )
    },
    onMutate: async ({ id, read }) => {
      await takeSnapshot(queryClient, readCaches)
      const known = lookupEntry(queryClient, id)
      setEntryRead(queryClient, new Set(groupIds(id, known)), read)
      const changed = Boolean(known && known.read !== read)
      if (known && changed)
        updateUnread(queryClient, (counts) =>
          groupFeeds(known).reduce((next, feedId) => adjustUnread(next, feedId, read ? -1 : 1), counts),
        )
      return { changed, inbox: known?.inbox ?? false }
    },
    onError: (_error, { id, read }, context) => {
      if (!context?.changed) return
      const { inbox } = context
      rollBack(queryClient, read ? { kind: "read", entryIds: [id], inbox } : { kind: "unread", entryId: id, inbox })
    },
    // Which saved searches the entry matched only the server knows: their counts are asked for again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}

/**
 * Marks a batch of entries read in one POST /reads (scroll, hover or render marking). Optimistic like one entry:
 * each entry still unread locally lowers its feed's count by one.
 */
export function useMarkEntriesRead() {
  const queryClient = useQueryClient()
  return useMutation({
    networkMode: "always",
    mutationFn: (ids: string[]) => {
      // The server marks feed and inbox entries by separate calls (isInbox).
      const inboxIds = ids.filter((id) => lookupEntry(queryClient, id)?.inbox)
      const feedIds = ids.filter((id) => !inboxIds.includes(id))
      return Promise.all([
        feedIds.length ? submitWrite(queryClient, { kind: "read", entryIds: feedIds, inbox: false }) : undefined,
        inboxIds.length ? submitWrite(queryClient, { kind: "read", entryIds: inboxIds, inbox: true }) : undefined,
      ])
    },
    onMutate: async (ids) => {
      await takeSnapshot(queryClient, readCaches)
      const unreadIds = ids.filter((id) => lookupEntry(queryClient, id)?.read === false)
      const unreadFeeds = unreadIds.map((id) => lookupEntry(queryClient, id))
      setEntryRead(queryClient, new Set(ids.flatMap((id) => groupIds(id, lookupEntry(queryClient, id)))), true)
      if (unreadFeeds.length > 0) {
        updateUnread(queryClient, (counts) =>
          unreadFeeds
            .flatMap((known) => (known ? groupFeeds(known) : []))
            .reduce((next, feedId) => adjustUnread(next, feedId, -1), counts),
        )
      }
      return { unreadIds }
    },
    onError: (_error, _ids, context) => {
      if (context?.unreadIds.length) rollBack(queryClient, { kind: "read", entryIds: context.unreadIds, inbox: false })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}

export interface MarkAllReadRequest {
  input: MarkAllReadInput
  /** The feeds the request covers, to clear their counts locally before the answer. */
  feedIds: string[]
  /** Part of the list only (above / below an entry): counts come from the server, not cleared locally. */
  partial?: boolean
}

export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input }: MarkAllReadRequest): Promise<UnreadCounts> => markAllRead(input),
    onMutate: async ({ feedIds, partial }) => {
      const snapshot = await takeSnapshot(queryClient, readCaches)
      if (partial) return { snapshot }
      const ids = new Set(feedIds)
      setFeedsRead(queryClient, ids)
      updateUnread(queryClient, (counts) => clearUnread(counts, ids))
      return { snapshot }
    },
    onError: (_error, _input, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot })
      void queryClient.invalidateQueries({ queryKey: queryKeys.unread })
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches })
    },
  })
}
