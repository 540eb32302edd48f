// Entry lists (infinite, newest first) and single entries with content.

import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { ENTRY_PAGE_STALE_MS } from "@tidings/shared"
import { getEntry, listEntries, listInboxEntries } from "../api/entries.ts"
import { AI_SORT_LIMIT, ENTRY_PAGE_LIMIT, type EntryFilter, nextPageCursor } from "./entry-filter.ts"
import { queryKeys } from "./keys.ts"

function fetchPage(filter: EntryFilter, cursor: string | undefined, signal: AbortSignal) {
  const { inboxId, ...rest } = filter
  if (inboxId) {
    return listInboxEntries({ inboxId, read: filter.read, limit: ENTRY_PAGE_LIMIT, publishedAfter: cursor }, signal)
  }
  if (rest.aiSort) return listEntries({ ...rest, read: false, limit: AI_SORT_LIMIT }, signal)
  return listEntries({ ...rest, limit: ENTRY_PAGE_LIMIT, publishedAfter: cursor }, signal)
}

/** While the server is still scoring an AI-sorted list, it is asked again every few seconds. */
const AI_SORT_POLL_MS = 4000
/** …but not forever: a model that never gives some entry a score must not keep the list asking. */
const AI_SORT_POLL_MAX = 30

export function useEntryList(filter: EntryFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.entries(filter),
    queryFn: ({ pageParam, signal }) => fetchPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => nextPageCursor(lastPage, filter),
    staleTime: ENTRY_PAGE_STALE_MS,
    enabled,
    refetchInterval: (query) =>
      filter.aiSort &&
      query.state.dataUpdateCount < AI_SORT_POLL_MAX &&
      query.state.data?.pages.some((page) => page.some((item) => item.aiScore == null))
        ? AI_SORT_POLL_MS
        : false,
  })
}

export function useEntry(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.entry(id ?? ""),
    queryFn: ({ signal }) => getEntry(id ?? "", signal),
    enabled: Boolean(id),
    staleTime: ENTRY_PAGE_STALE_MS,
  })
}
