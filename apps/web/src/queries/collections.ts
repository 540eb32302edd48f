// Star and unstar (collections), optimistic with rollback.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { starEntry, unstarEntry } from "../api/collections.ts"
import { isStarredListKey, setEntryStar } from "./entry-state.ts"
import { queryKeys } from "./keys.ts"
import { restoreSnapshot, takeSnapshot } from "./optimistic.ts"

export function useSetEntryStar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, star, view }: { id: string; star: boolean; view: number }) =>
      star ? starEntry(id, view) : unstarEntry(id),
    onMutate: async ({ id, star }) => {
      const snapshot = await takeSnapshot(queryClient, [queryKeys.entriesRoot, queryKeys.entry(id)])
      setEntryStar(queryClient, id, star ? new Date().toISOString() : null)
      return { snapshot }
    },
    onError: (_error, _input, context) => restoreSnapshot(queryClient, context?.snapshot),
    // The starred list is ordered by star time on the server; fetch it again rather than guess its order.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isStarredListKey(query.queryKey) }),
  })
}
