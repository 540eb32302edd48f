// POST /discover: a URL (a feed, or a page that links to its feeds), an rsshub:// route, or words to look for among
// the feeds people follow publicly here (or, with target "lists", among the lists). GET /trending/feeds: what others
// here follow publicly, as recommendations.
import type { Deps } from "../deps.ts"
import { AppError } from "../errors.ts"
import { commonFeedUrls, findFeedLinks } from "../reader/html.ts"
import { isRsshubUrl } from "../reader/rsshub.ts"
import {
  type FeedRow,
  findFeedByUrl,
  trendingFeeds as queryTrendingFeeds,
  searchPublicFeeds,
} from "../storage/feeds.ts"
import { trendingEntries as queryTrendingEntries, trendingUsers as queryTrendingUsers } from "../storage/trending.ts"
import { fetchFeedUrl, normalizeFeedUrl, storeNewFeed } from "./feeds.ts"
import { findLists } from "./lists.ts"
import { toEntry, toFeed, toFeedAnalytics } from "./wire.ts"

const MAX_CANDIDATES = 8

export interface DiscoverInput {
  keyword: string
  target?: "feeds" | "lists"
  /** The client's discoverLanguage: all, eng or cmn (ISO 639-3, as Folo sends it). */
  lang?: string
}

/** What a feed's own language tag starts with, per discover language; "all" (or none) filters nothing. */
const LANGUAGE_PREFIXES: Record<string, string> = { eng: "en", cmn: "zh" }

function toItem(feed: FeedRow) {
  return {
    feed: toFeed(feed),
    subscriptionCount: feed.subscriptionCount,
    updatesPerWeek: feed.updatesPerWeek,
    analytics: toFeedAnalytics(feed),
  }
}

function looksLikeUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/.test(text)
}

export async function discover(deps: Deps, input: DiscoverInput, userId?: string) {
  const keyword = input.keyword.trim()
  // Lists are found by words in their title or description, as GET /lists/discover finds them.
  if (input.target === "lists") return (await findLists(deps, keyword)).map((list) => ({ list }))
  if (isRsshubUrl(keyword) || looksLikeUrl(keyword))
    return (await discoverUrl(deps, normalizeFeedUrl(keyword), userId)).map(toItem)
  const prefix = input.lang ? LANGUAGE_PREFIXES[input.lang] : undefined
  return (await searchPublicFeeds(deps.db, keyword, 20, prefix)).map(toItem)
}

/** A feed at the URL itself, else the feeds its page advertises, else feeds at the usual paths of its site. */
async function discoverUrl(deps: Deps, url: string, userId?: string): Promise<FeedRow[]> {
  const known = await findFeedByUrl(deps.db, url)
  if (known) return [known]
  const now = deps.now()
  const result = await fetchFeedUrl(deps, url, now, { allowHtml: true, userId })
  if (result.kind === "ok") return [await storeNewFeed(deps, url, result, now)]
  if (result.kind !== "html") return []
  const advertised = findFeedLinks(result.html, result.document.url).map((l) => l.url)
  const candidates = advertised.length ? advertised : commonFeedUrls(result.document.url)
  const found = await Promise.all(candidates.slice(0, MAX_CANDIDATES).map((candidate) => tryFeed(deps, candidate)))
  const unique = new Map(found.filter((f): f is FeedRow => Boolean(f)).map((f) => [f.id, f]))
  return [...unique.values()]
}

/** A candidate URL as a stored feed, or undefined when it is not one. */
async function tryFeed(deps: Deps, url: string): Promise<FeedRow | undefined> {
  const known = await findFeedByUrl(deps.db, url)
  if (known) return known
  try {
    const now = deps.now()
    const result = await fetchFeedUrl(deps, url, now)
    return result.kind === "ok" ? await storeNewFeed(deps, url, result, now) : undefined
  } catch (error) {
    if (error instanceof AppError) return undefined
    throw error
  }
}

export const RANGE_DAYS = { "1d": 1, "3d": 3, "7d": 7, "30d": 30 } as const
export type TrendingRange = keyof typeof RANGE_DAYS

/** The start of the window ending now, or undefined for all time. */
export function windowStart(deps: Deps, range: TrendingRange | undefined): Date | undefined {
  return range ? new Date(deps.now().getTime() - RANGE_DAYS[range] * 86_400_000) : undefined
}
const LANGUAGE_PREFIX = { eng: "en", cmn: "zh" } as const

export interface TrendingInput {
  language?: keyof typeof LANGUAGE_PREFIX
  view?: number
  /** Counts only subscriptions made within the range; without it, all of them. */
  range?: keyof typeof RANGE_DAYS
  limit?: number
}

/**
 * GET /trending/feeds: what other people here follow publicly, as recommendations for the viewer (feeds they follow
 * already are left out). The count is of those public subscriptions; nothing says who they are.
 */
export async function trendingFeeds(deps: Deps, viewerId: string, input: TrendingInput) {
  const since = windowStart(deps, input.range)
  const rows = await queryTrendingFeeds(deps.db, viewerId, {
    view: input.view,
    languagePrefix: input.language ? LANGUAGE_PREFIX[input.language] : undefined,
    since,
    limit: input.limit ?? 20,
  })
  return rows.map(({ feed, followers, readers, view }) => ({
    feedId: feed.id,
    view,
    feed: toFeed(feed),
    analytics: { ...toFeedAnalytics(feed), subscriptionCount: followers, view },
    readCount: readers,
  }))
}

export interface WindowInput {
  range?: TrendingRange
  view?: number
  limit?: number
}

/** GET /trending/entries: the entries most read here within the window (readers who follow privately never count). */
export async function trendingEntries(deps: Deps, input: WindowInput) {
  const rows = await queryTrendingEntries(deps.db, {
    since: windowStart(deps, input.range),
    view: input.view,
    limit: input.limit ?? 20,
  })
  return rows.map(({ entry, feed, readers }) => ({ entries: toEntry(entry), feeds: toFeed(feed), readCount: readers }))
}

/** GET /trending/users: people whose lists and claimed feeds gained followers and readers within the window. */
export async function trendingUsers(deps: Deps, input: WindowInput) {
  const rows = await queryTrendingUsers(deps.db, windowStart(deps, input.range), input.limit ?? 20)
  return rows.map(({ user, followers, readers }) => ({ user, subscriptionCount: followers, readCount: readers }))
}
