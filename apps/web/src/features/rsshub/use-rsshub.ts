// The RSSHub catalogue as the screens use it: the namespaces and routes of the instance the server uses (cached an
// hour by the server; the spec's RSSHub cache), followers here per route, and which instance it is.
import { useQuery } from "@tanstack/react-query"
import { rsshubAnalytics, rsshubInstance, rsshubNamespaces } from "../../api/discover.ts"

const HOUR = 60 * 60 * 1000

export function useRsshubCatalogue(category?: string) {
  return useQuery({
    queryKey: ["rsshub-catalogue", category ?? ""],
    queryFn: () => rsshubNamespaces(category ? { category } : {}),
    staleTime: HOUR,
    retry: false,
  })
}

export function useRsshubAnalytics() {
  return useQuery({ queryKey: ["rsshub-analytics"], queryFn: rsshubAnalytics, staleTime: 5 * 60_000 })
}

export function useRsshubInstance() {
  return useQuery({ queryKey: ["rsshub-instance"], queryFn: rsshubInstance, staleTime: HOUR })
}
