// TanStack Query defaults from the spec (client §8, §9): stale times per kind of query, no refetch on focus, the
// retry rule of the error catalogue (no retry for 400/401/403/404/422 or an unknown status, else up to 3 retries
// 1 s apart), and the cache kept in local storage between visits (queries/persisted-cache.ts).

import { QueryClient, type QueryKey } from "@tanstack/react-query"
import {
  ENTRY_PAGE_STALE_MS,
  QUERY_STALE_MS,
  READ_HISTORY_STALE_MS,
  SUBSCRIPTION_CACHE_MS,
  UNREAD_STALE_MS,
  USER_STALE_MS,
} from "@tidings/shared"
import { shouldRetryQuery } from "../api/api-error.ts"
import { queryKeys } from "../queries/keys.ts"
import { persistQueryCache, restorePersistedCache } from "../queries/persisted-cache.ts"

/** Stale times by query kind (the key's first part); everything else is QUERY_STALE_MS. */
export const STALE_TIMES: [QueryKey, number][] = [
  [queryKeys.unread, UNREAD_STALE_MS],
  [["read-histories"], READ_HISTORY_STALE_MS],
  [queryKeys.entriesRoot, ENTRY_PAGE_STALE_MS],
  [queryKeys.entry(""), ENTRY_PAGE_STALE_MS],
  [queryKeys.session, USER_STALE_MS],
  [["users"], USER_STALE_MS],
]

/** The subscription lists stay cached this long unused (spec: subscription list cache 30 minutes). */
export const SUBSCRIPTION_CACHES: QueryKey[] = [
  queryKeys.subscriptions,
  queryKeys.subscriptionTargets,
  queryKeys.listSubscriptions,
]

export function createQueryClient(storage = globalThis.localStorage): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: 1000,
      },
      mutations: { retry: false },
    },
  })
  for (const [key, staleTime] of STALE_TIMES) queryClient.setQueryDefaults([key[0]], { staleTime })
  for (const key of SUBSCRIPTION_CACHES) queryClient.setQueryDefaults(key, { gcTime: SUBSCRIPTION_CACHE_MS })
  if (storage) keepInStorage(queryClient, storage)
  return queryClient
}

function keepInStorage(queryClient: QueryClient, storage: Storage) {
  const deps = {
    storage,
    now: Date.now,
    later: (run: () => void, ms: number) => {
      const timer = setTimeout(run, ms)
      return () => clearTimeout(timer)
    },
  }
  const restoredUser = restorePersistedCache(queryClient, deps)
  const writeNow = persistQueryCache(queryClient, deps, restoredUser)
  globalThis.addEventListener?.("pagehide", writeNow)
}
