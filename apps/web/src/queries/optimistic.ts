// Snapshots of cached queries so an optimistic change can be rolled back when the server refuses it (spec §4).
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query"

export type Snapshot = [QueryKey, unknown][]

/**
 * Cancels in-flight fetches (so they cannot overwrite the optimistic state) and copies the current data. A fetch
 * cancelled here is asked again once no change is on its way to the server: otherwise the query would keep what it
 * had before (e.g. the local copy shown at start) until something else refetched it.
 */
export async function takeSnapshot(queryClient: QueryClient, keys: QueryKey[]): Promise<Snapshot> {
  const interrupted = keys.flatMap((queryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey, fetchStatus: "fetching" })
      .filter((query) => !fetchingMore(query)),
  )
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })))
  if (interrupted.length) refetchWhenSettled(queryClient, interrupted)
  return keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }))
}

/**
 * A list loading its next page. Its cancelled page is asked for again by the list itself (which asks whenever it is
 * near its end and no page is loading); invalidating it instead would load every page again, and an unread-only list
 * would lose the entries just marked read from under the reader, every slot below them moving up.
 */
function fetchingMore(query: Query): boolean {
  const meta = query.state.fetchMeta as { fetchMore?: unknown } | null
  return meta?.fetchMore !== undefined && query.state.data !== undefined
}

function refetchWhenSettled(queryClient: QueryClient, queries: Query[]): void {
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() > 0) return
    unsubscribe()
    for (const query of queries) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })
  })
}

/** Writes back only what changed since the snapshot, so untouched queries keep their freshness. */
export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) {
    if (queryClient.getQueryData(key) !== data) queryClient.setQueryData(key, data)
  }
}
