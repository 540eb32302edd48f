// TanStack Query defaults from the spec: stale time 10 minutes, no refetch on focus, and the retry rule of the
// error catalogue (no retry for 400/401/403/404/422 or an unknown status, else up to 3 retries 1 s apart).

import { QueryClient } from "@tanstack/react-query"
import { QUERY_STALE_MS } from "@tidings/shared"
import { shouldRetryQuery } from "../api/api-error.ts"

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
