// Finding sources: POST /discover (a feed URL, a website, an rsshub:// route or words), POST /entries/preview (the
// latest entries of a found feed, before subscribing), GET /lists/discover (lists by words), GET /trending/feeds
// (what others here follow publicly) and the RSSHub catalogue of the instance the server uses.
import type { Entry, Feed, ListTarget, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface DiscoverItem {
  feed?: Feed
  subscriptionCount?: number
  updatesPerWeek?: number | null
}

/** A found feed with what is known of its readers here and how often it updates. */
export interface FoundFeed {
  feed: Feed
  subscriptionCount: number | null
  updatesPerWeek: number | null
}

/** `lang`: the user's discoverLanguage (all, eng, cmn); word searches keep feeds in that language. */
export async function discoverFeeds(keyword: string, lang?: string): Promise<Feed[]> {
  return (await discoverItems(keyword, lang)).map((item) => item.feed)
}

export async function discoverItems(keyword: string, lang?: string): Promise<FoundFeed[]> {
  // The screens show the failure themselves.
  const answer = await request<Ok<DiscoverItem[]>>("/discover", {
    method: "POST",
    body: { keyword, lang },
    quiet: true,
  })
  return (answer.data ?? []).flatMap((item) =>
    item.feed
      ? [
          {
            feed: item.feed,
            subscriptionCount: item.subscriptionCount ?? null,
            updatesPerWeek: item.updatesPerWeek ?? null,
          },
        ]
      : [],
  )
}

export async function previewFeed(feedId: string): Promise<Entry[]> {
  const answer = await request<Ok<Entry[]>>("/entries/preview", {
    method: "POST",
    body: { id: feedId, limit: 5 },
    quiet: true,
  })
  return answer.data ?? []
}

export async function searchLists(keyword: string): Promise<ListTarget[]> {
  const answer = await request<Ok<ListTarget[]>>("/lists/discover", { query: { keyword, limit: 30 }, quiet: true })
  return answer.data ?? []
}

interface TrendingItem {
  feed: Feed
  analytics: { subscriptionCount: number; updatesPerWeek: number | null }
}

export async function trendingFeeds(): Promise<FoundFeed[]> {
  const answer = await request<Ok<TrendingItem[]>>("/trending/feeds", { query: { limit: 12 }, quiet: true })
  return (answer.data ?? []).map(({ feed, analytics }) => ({
    feed,
    subscriptionCount: analytics.subscriptionCount,
    updatesPerWeek: analytics.updatesPerWeek,
  }))
}

export interface RsshubRoute {
  path: string
  name: string
  example?: string
  parameters?: Record<string, unknown>
  categories?: string[]
  maintainers?: string[]
  description?: string
  /** The view RSSHub suggests for the route's feeds. */
  view?: number
}

export interface RsshubNamespace {
  name: string
  url?: string
  description?: string
  lang?: string
  categories?: string[]
  routes: Record<string, RsshubRoute>
}

export async function rsshubNamespaces(filter: { category?: string } = {}): Promise<Record<string, RsshubNamespace>> {
  const answer = await request<Ok<Record<string, RsshubNamespace>>>("/discover/rsshub", {
    query: filter,
    quiet: true,
  })
  return answer.data ?? {}
}

/** Public subscriptions here per route prefix ("/namespace/first-segment"). */
export async function rsshubAnalytics(): Promise<Record<string, { subscriptionCount: number }>> {
  const answer = await request<Ok<Record<string, { subscriptionCount: number }>>>("/discover/rsshub-analytics", {
    quiet: true,
  })
  return answer.data ?? {}
}

/** The RSSHub instance behind rsshub:// routes, from GET /status/configs. */
export async function rsshubInstance(): Promise<string | null> {
  const answer = await request<Ok<{ RSSHUB_URL?: string }>>("/status/configs")
  return answer.data?.RSSHUB_URL ?? null
}
