// Star and unstar (collections), optimistic with rollback; through the offline write queue (offline-writes.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { isStarredListKey, lookupEntry, setEntryStar } from "./entry-state.ts"
import { queryKeys } from "./keys.ts"
import { rollBack, submitWrite } from "./offline-writes.ts"
import { takeSnapshot } from "./optimistic.ts"

export function useSetEntryStar() {
  const queryClient = useQueryClient()
  return useMutation({
    // Run offline too (TanStack would hold it back): the queue keeps the change.
    networkMode: "always",
    mutationFn: ({ id, star, view }: { id: string; star: boolean; view: number }) =>
      submitWrite(queryClient, star ? { kind: "star", entryId: id, view } : { kind: "unstar", entryId: id }),
    onMutate: async ({ id, star }) => {
      await takeSnapshot(queryClient, [queryKeys.entriesRoot, queryKeys.entry(id)])
      const changed = lookupEntry(queryClient, id)?.starred !== star
      setEntryStar(queryClient, id, star ? new Date().toISOString() : null)
      return { changed }
    },
    // Only this change is undone (see rollBack), then the server is asked.
    onError: (_error, { id, star, view }, context) => {
      if (context?.changed)
        rollBack(queryClient, star ? { kind: "star", entryId: id, view } : { kind: "unstar", entryId: id })
    },
    // The starred list is ordered by star time on the server; fetch it again rather than guess its order (once the
    // server has the change: a queued one would not be in it yet).
    onSettled: (outcome) =>
      outcome === "queued"
        ? undefined
        : queryClient.invalidateQueries({ predicate: (query) => isStarredListKey(query.queryKey) }),
  })
}
