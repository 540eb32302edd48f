// Own RSSHub instances as server state: the list refreshes after an instance is added, chosen or deleted; a probe
// refreshes it too (the server records the instance's answer on it).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  addRsshubInstance,
  chooseRsshubInstance,
  deleteRsshubInstance,
  listRsshubInstances,
  probeRsshubInstance,
} from "../../api/rsshub.ts"

const KEY = ["rsshub-instances"] as const

export const useRsshubInstances = () => useQuery({ queryKey: KEY, queryFn: listRsshubInstances })

function useInstanceMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: KEY }) })
}

export const useAddRsshubInstance = () => useInstanceMutation(addRsshubInstance)
export const useChooseRsshubInstance = () => useInstanceMutation(chooseRsshubInstance)
export const useDeleteRsshubInstance = () => useInstanceMutation(deleteRsshubInstance)
export const useProbeRsshubInstance = () => useInstanceMutation(probeRsshubInstance)
