// The user's action rules: read once per visit of the rules page, replaced whole on save.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { ActionRule } from "@tidings/shared"
import { getActionRules, saveActionRules } from "../api/actions.ts"
import { queryKeys } from "./keys.ts"

export function useActionRules() {
  return useQuery({ queryKey: queryKeys.actions, queryFn: getActionRules })
}

/** Entry pages carry each entry's rule results (`settings`), so they are fetched again after a save. */
export function useSaveActionRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rules: ActionRule[]) => saveActionRules(rules),
    onSuccess: (_answer, rules) => {
      queryClient.setQueryData(queryKeys.actions, rules)
      void queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot })
    },
  })
}
