// Unread counts of every subscription in one map (GET /reads without a view; per-view totals are sums).

import { type QueryClient, useQuery } from "@tanstack/react-query"
import { UNREAD_STALE_MS, type UnreadCounts } from "@tidings/shared"
import { getUnreadCounts } from "../api/reads.ts"
import { queryKeys } from "./keys.ts"

export function useUnreadCounts() {
  return useQuery({ queryKey: queryKeys.unread, queryFn: () => getUnreadCounts(), staleTime: UNREAD_STALE_MS })
}

export function updateUnread(queryClient: QueryClient, update: (counts: UnreadCounts) => UnreadCounts): void {
  queryClient.setQueryData<UnreadCounts>(queryKeys.unread, (counts) => (counts ? update(counts) : counts))
}
