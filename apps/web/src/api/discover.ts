// Finding sources: POST /discover (a feed URL, a website, an rsshub:// route or words), POST /entries/preview (the
// latest entries of a found feed, before subscribing), GET /lists/discover (lists by words), GET /trending/feeds
// (what others here follow publicly), the trending entries, lists and people over 1 / 7 / 30 days, and the RSSHub
// catalogue of the instance the server uses.
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

/** The windows trending counts over (the SDK's range; the screen offers 1, 7 and 30 days). */
export const TRENDING_RANGES = ["1d", "7d", "30d"] as const
export type TrendingRange = (typeof TRENDING_RANGES)[number]

/** Feeds others here followed publicly within the window, most followed first. */
export async function trendingFeeds(range: TrendingRange = "7d"): Promise<FoundFeed[]> {
  const answer = await request<Ok<TrendingItem[]>>("/trending/feeds", { query: { limit: 12, range }, quiet: true })
  return (answer.data ?? []).map(({ feed, analytics }) => ({
    feed,
    subscriptionCount: analytics.subscriptionCount,
    updatesPerWeek: analytics.updatesPerWeek,
  }))
}

export interface TrendingEntry {
  entries: Entry
  feeds: Feed
  readCount: number
}

/** GET /trending/entries: the entries most read here within the window. */
export async function trendingEntries(range: TrendingRange): Promise<TrendingEntry[]> {
  const answer = await request<Ok<TrendingEntry[]>>("/trending/entries", { query: { limit: 10, range }, quiet: true })
  return answer.data ?? []
}

export type TrendingList = ListTarget & { recentSubscriptionCount?: number }

/** GET /lists/trending: lists by new followers within the window, then by all their followers. */
export async function trendingLists(range: TrendingRange): Promise<TrendingList[]> {
  const answer = await request<Ok<TrendingList[]>>("/lists/trending", { query: { limit: 6, range }, quiet: true })
  return answer.data ?? []
}

export interface TrendingPerson {
  user: { id: string; name: string; handle: string | null; image: string | null }
  subscriptionCount: number
  readCount: number
}

/** GET /trending/users: people whose lists and claimed feeds gained followers and readers within the window. */
export async function trendingUsers(range: TrendingRange): Promise<TrendingPerson[]> {
  const answer = await request<Ok<TrendingPerson[]>>("/trending/users", { query: { limit: 8, range }, quiet: true })
  return answer.data ?? []
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
