// The server's public configuration: it changes only when the server restarts, so one fetch per page load.
import { useQuery } from "@tanstack/react-query"
import { getStatusConfigs } from "../api/status.ts"

export const statusConfigsKey = ["status", "configs"] as const

export function useStatusConfigs() {
  return useQuery({ queryKey: statusConfigsKey, queryFn: getStatusConfigs, staleTime: Number.POSITIVE_INFINITY })
}
