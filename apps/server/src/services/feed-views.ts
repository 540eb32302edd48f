// Looking at feeds: one feed with its latest entries, previews of feeds not yet followed, analytics, and the
// admin's refresh and reset.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { latestEntries } from "../storage/entries.ts"
import {
  type FeedRow,
  feedIsFollowed,
  findFeedById,
  findFeedsByIds,
  updateFeed,
  visibleFeedIds,
} from "../storage/feeds.ts"
import { findFeedSubscription } from "../storage/subscriptions.ts"
import { findOrCreateFeed, normalizeFeedUrl, refreshFeed } from "./feeds.ts"
import type { SessionInfo } from "./session.ts"
import { toEntry, toFeed, toFeedAnalytics, toSubscription } from "./wire.ts"

async function entriesOf(deps: Deps, feedId: string, limit: number) {
  const rows = await latestEntries(deps.db, feedId, Math.min(Math.max(limit, 1), 100))
  return rows.map(({ content: _content, ...entry }) => toEntry(entry))
}

/**
 * GET /feeds. By id: a feed the user follows. By URL: any feed, fetched and stored now if the server does not
 * know it yet, so a user can look at a feed before subscribing.
 */
export async function getFeed(deps: Deps, userId: string, input: { id?: string; url?: string; entriesLimit?: number }) {
  if (!input.id && !input.url) throw new AppError(ErrorCode.FeedMissingId)
  const feed = input.id
    ? await findFeedById(deps.db, input.id)
    : await findOrCreateFeed(deps, normalizeFeedUrl(input.url!), userId)
  const subscription = feed && (await findFeedSubscription(deps.db, userId, feed.id))
  if (!feed || (input.id && !subscription)) throw new AppError(ErrorCode.FeedNotFound)
  return {
    feed: toFeed(feed),
    entries: await entriesOf(deps, feed.id, input.entriesLimit ?? 20),
    subscription: subscription ? toSubscription(subscription) : undefined,
    subscriptionCount: feed.subscriptionCount,
    readCount: 0,
    analytics: toFeedAnalytics(feed),
  }
}

/**
 * POST /entries/preview: the latest entries of a feed the user follows, that someone follows publicly, or that
 * nobody follows yet (just found by POST /discover, so the add dialog can show it before subscribing). A feed
 * followed only privately stays hidden from everyone else.
 */
export async function previewEntries(deps: Deps, userId: string, feedId: string, limit = 20) {
  const visible = (await visibleFeedIds(deps.db, userId, [feedId])).has(feedId)
  const previewable =
    visible || ((await findFeedById(deps.db, feedId)) !== undefined && !(await feedIsFollowed(deps.db, feedId)))
  if (!previewable) throw new AppError(ErrorCode.FeedNotFound)
  return entriesOf(deps, feedId, limit)
}

/** POST /feeds/analytics: keyed by feed id, for the feeds among `ids` the user may look at. */
export async function feedAnalytics(deps: Deps, userId: string, ids: string[]) {
  const visible = await visibleFeedIds(deps.db, userId, ids)
  const rows = await findFeedsByIds(deps.db, [...visible])
  return { analytics: Object.fromEntries(rows.map((f) => [f.id, toFeedAnalytics(f)])) }
}

/** The spec: "Only admins can refresh feeds" (2000 for anyone else). */
async function feedForAdmin(deps: Deps, session: SessionInfo, id: string): Promise<FeedRow> {
  if (session.role !== "admin") throw new AppError(ErrorCode.FeedRefreshNoPermission)
  const feed = await findFeedById(deps.db, id)
  if (!feed) throw new AppError(ErrorCode.FeedNotFound)
  return feed
}

/** Admins fetch a feed now, outside its schedule. */
export async function refreshNow(deps: Deps, session: SessionInfo, id: string) {
  const result = await refreshFeed(deps, await feedForAdmin(deps, session, id))
  if (result.error) throw new AppError(ErrorCode.FeedFetchError, { reason: result.error })
}

/** Forgets the feed's validators and error history, then fetches it whole. */
export async function resetFeed(deps: Deps, session: SessionInfo, id: string) {
  const feed = await feedForAdmin(deps, session, id)
  const reset = { etag: null, lastModified: null, errorAt: null, errorMessage: null, errorCount: 0 }
  await updateFeed(deps.db, feed.id, reset)
  await refreshNow(deps, session, feed.id)
}
