// The RSSHub catalogue worked over for the screens: routes with their namespace, routes per category, and the
// followers here of a route or a namespace.
import type { RsshubNamespace, RsshubRoute } from "../../api/discover.ts"

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
