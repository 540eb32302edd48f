// Entry lists (infinite, newest first) and single entries with content.

import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { ENTRY_PAGE_STALE_MS } from "@tidings/shared"
import { getEntry, listEntries, listInboxEntries } from "../api/entries.ts"
import { ENTRY_PAGE_LIMIT, type EntryFilter, nextPageCursor } from "./entry-filter.ts"
import { queryKeys } from "./keys.ts"

function fetchPage(filter: EntryFilter, cursor: string | undefined, signal: AbortSignal) {
  const { inboxId, ...rest } = filter
  if (inboxId) {
    return listInboxEntries({ inboxId, read: filter.read, limit: ENTRY_PAGE_LIMIT, publishedAfter: cursor }, signal)
  }
  return listEntries({ ...rest, limit: ENTRY_PAGE_LIMIT, publishedAfter: cursor }, signal)
}

export function useEntryList(filter: EntryFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.entries(filter),
    queryFn: ({ pageParam, signal }) => fetchPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => nextPageCursor(lastPage, filter),
    staleTime: ENTRY_PAGE_STALE_MS,
    enabled,
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
