// RSSHub: the routes an instance offers (its /api/namespace listing, cached for an hour as the spec says) and how
// many people here follow each route.

import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { fetchDocument } from "../reader/fetch.ts"
import { rsshubFeedCounts } from "../storage/feeds.ts"
import { fetchOptions } from "./feeds.ts"
import { toFeed } from "./wire.ts"

const CACHE_MS = 60 * 60 * 1000

export interface RouteMeta {
  path: string
  name: string
  example?: string
  parameters?: Record<string, unknown>
  categories?: string[]
  maintainers?: string[]
  location?: string
  description?: string
  view?: number
}

export interface Namespace {
  name: string
  url?: string
  description?: string
  lang?: string
  categories?: string[]
  routes: Record<string, RouteMeta>
}

const cache = new Map<string, { at: number; value: Record<string, Namespace> }>()

async function instanceJson(deps: Deps, path: string): Promise<Record<string, Namespace>> {
  const url = `${deps.config.RSSHUB_URL.replace(/\/+$/, "")}${path}`
  const hit = cache.get(url)
  if (hit && deps.now().getTime() - hit.at < CACHE_MS) return hit.value
  try {
    const trustedOrigin = new URL(deps.config.RSSHUB_URL).origin
    const doc = await fetchDocument(url, { ...fetchOptions(deps), trustedOrigin, accept: "application/json" })
    if (doc.status !== "ok") throw new Error("unexpected 304")
    const value = JSON.parse(Buffer.from(doc.body).toString("utf8")) as Record<string, Namespace>
    cache.set(url, { at: deps.now().getTime(), value })
    return value
  } catch (error) {
    throw new AppError(ErrorCode.RSSHubUnavailable, { reason: error instanceof Error ? error.message : String(error) })
  }
}

/** GET /discover/rsshub: namespaces with their routes, narrowed by namespace, category or language. */
export async function listNamespaces(deps: Deps, filter: { namespace?: string; category?: string; lang?: string }) {
  let all: Record<string, Namespace>
  if (filter.namespace) {
    const one = (await instanceJson(
      deps,
      `/api/namespace/${encodeURIComponent(filter.namespace)}`,
    )) as unknown as Namespace
    all = one?.routes ? { [filter.namespace]: one } : {}
  } else {
    all = await instanceJson(deps, "/api/namespace")
  }
  const wanted = Object.entries(all).filter(
    ([, ns]) =>
      (!filter.lang || !ns.lang || ns.lang === filter.lang) &&
      (!filter.category ||
        ns.categories?.includes(filter.category) ||
        Object.values(ns.routes ?? {}).some((r) => r.categories?.includes(filter.category!))),
  )
  return Object.fromEntries(wanted)
}

/** GET /discover/rsshub-route: one route by its path, e.g. "/github/issue/:user/:repo?". */
export async function findRoute(deps: Deps, route: string) {
  const [namespace, ...rest] = route.replace(/^\/+/, "").split("/")
  if (!namespace) throw new AppError(ErrorCode.RSSHubRouteError)
  const ns = (await listNamespaces(deps, { namespace }))[namespace]
  const path = `/${rest.join("/")}`
  const meta = ns?.routes?.[path]
  if (!ns || !meta) throw new AppError(ErrorCode.RSSHubRouteError)
  return { route: meta, prefix: namespace, name: ns.name, description: ns.description ?? "", url: ns.url ?? "" }
}

/** GET /discover/rsshub-analytics: subscribers per route among the feeds here, with the most followed feeds. */
export async function routeAnalytics(deps: Deps) {
  const rows = await rsshubFeedCounts(deps.db)
  const byRoute: Record<string, { subscriptionCount: number; topFeeds: ReturnType<typeof toFeed>[] }> = {}
  for (const { route, feed } of rows) {
    byRoute[route] ??= { subscriptionCount: 0, topFeeds: [] }
    const entry = byRoute[route]
    entry.subscriptionCount += feed.subscriptionCount
    if (entry.topFeeds.length < 5) entry.topFeeds.push(toFeed(feed))
  }
  return byRoute
}
