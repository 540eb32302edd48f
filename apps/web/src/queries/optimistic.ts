// Snapshots of cached queries so an optimistic change can be rolled back when the server refuses it (spec §4).
import type { QueryClient, QueryKey } from "@tanstack/react-query"

export type Snapshot = [QueryKey, unknown][]

/** Cancels in-flight fetches (so they cannot overwrite the optimistic state) and copies the current data. */
export async function takeSnapshot(queryClient: QueryClient, keys: QueryKey[]): Promise<Snapshot> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })))
  return keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }))
}

/** Writes back only what changed since the snapshot, so untouched queries keep their freshness. */
export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) {
    if (queryClient.getQueryData(key) !== data) queryClient.setQueryData(key, data)
  }
}
