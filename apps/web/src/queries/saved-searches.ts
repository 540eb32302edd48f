// Saved searches with their unread counts. Which entries a search matches only the server knows: marking read
// (queries/reads.ts) asks for them again once the server has the change, and they refresh every minute for arrivals.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  type SavedSearch,
  updateSavedSearch,
} from "../api/saved-searches.ts"
import { queryKeys } from "./keys.ts"

export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: queryKeys.savedSearches,
    queryFn: ({ signal }) => listSavedSearches(signal),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}

export function useCreateSavedSearch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: (created) =>
      client.setQueryData<SavedSearch[]>(queryKeys.savedSearches, (old) => [...(old ?? []), created]),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}

export function useUpdateSavedSearch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateSavedSearch,
    onMutate: ({ id, title }) => {
      if (title === undefined) return
      client.setQueryData<SavedSearch[]>(queryKeys.savedSearches, (old) =>
        old?.map((item) => (item.id === id ? { ...item, title } : item)),
      )
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}

export function useDeleteSavedSearch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteSavedSearch,
    onMutate: (id) =>
      client.setQueryData<SavedSearch[]>(queryKeys.savedSearches, (old) => old?.filter((item) => item.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}
