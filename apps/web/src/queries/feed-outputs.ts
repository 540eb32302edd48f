import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { createFeedOutput, listFeedOutputs, revokeFeedOutput } from "../api/feed-outputs.ts"
import { queryKeys } from "./keys.ts"

export const useFeedOutputs = () => useQuery({ queryKey: queryKeys.feedOutputs, queryFn: listFeedOutputs })

export function useCreateFeedOutput() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createFeedOutput,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.feedOutputs }),
  })
}

export function useRevokeFeedOutput() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: revokeFeedOutput,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.feedOutputs }),
  })
}
