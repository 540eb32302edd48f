// The RSSHub catalogue as the screens use it: the namespaces and routes of the instance the server uses (cached an
// hour by the server; the spec's RSSHub cache), followers here per route, and which instance it is.
import { useQuery } from "@tanstack/react-query"
import {
  type RsshubNamespace,
  type RsshubRoute,
  rsshubAnalytics,
  rsshubInstance,
  rsshubNamespaces,
} from "../../api/discover.ts"

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

/** One route with the namespace it belongs to, as the lists show it. */
export interface RouteItem {
  namespace: string
  ns: RsshubNamespace
  route: RsshubRoute
}

export function routeItems(catalogue: Record<string, RsshubNamespace>, category?: string): RouteItem[] {
  return Object.entries(catalogue).flatMap(([namespace, ns]) =>
    Object.values(ns.routes ?? {})
      .filter((route) => !category || route.categories?.includes(category) || ns.categories?.includes(category))
      .map((route) => ({ namespace, ns, route })),
  )
}

/** Routes per category across the catalogue, most first. */
export function categoryCounts(catalogue: Record<string, RsshubNamespace>): [string, number][] {
  const counts = new Map<string, number>()
  for (const { route, ns } of routeItems(catalogue))
    for (const category of new Set([...(route.categories ?? []), ...(ns.categories ?? [])]))
      counts.set(category, (counts.get(category) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
}

/**
 * Followers here of a route: the server counts per "/namespace/first-segment" of the feeds' rsshub:// URLs, so a
 * route whose first segment is fixed gets its own number and one starting with a parameter gets none.
 */
export function routeFollowers(
  analytics: Record<string, { subscriptionCount: number }> | undefined,
  namespace: string,
  path: string,
): number | undefined {
  const first = path.split("/").filter(Boolean)[0]
  if (!analytics || !first || first.startsWith(":")) return undefined
  return analytics[`/${namespace}/${first}`]?.subscriptionCount ?? 0
}

export function namespaceFollowers(
  analytics: Record<string, { subscriptionCount: number }> | undefined,
  namespace: string,
): number {
  return Object.entries(analytics ?? {})
    .filter(([key]) => key.startsWith(`/${namespace}/`))
    .reduce((sum, [, value]) => sum + value.subscriptionCount, 0)
}
