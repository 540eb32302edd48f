// Refetch after a long absence (spec client "Visibility"): when the window becomes visible after 10 minutes or
// more away, every query except entry lists is refetched. Window focus alone refetches nothing.

import type { QueryClient } from "@tanstack/react-query"
import { VISIBILITY_REFETCH_MS } from "@tidings/shared"

export function shouldRefetchOnVisible(hiddenAt: number | undefined, now: number): boolean {
  return hiddenAt !== undefined && now - hiddenAt >= VISIBILITY_REFETCH_MS
}

export function installVisibilityRefetch(queryClient: QueryClient): () => void {
  let hiddenAt: number | undefined
  const onChange = () => {
    if (document.visibilityState === "hidden") {
      hiddenAt = Date.now()
      return
    }
    if (shouldRefetchOnVisible(hiddenAt, Date.now())) {
      void queryClient.refetchQueries({ predicate: (query) => query.queryKey[0] !== "entries" })
    }
    hiddenAt = undefined
  }
  document.addEventListener("visibilitychange", onChange)
  return () => document.removeEventListener("visibilitychange", onChange)
}
