// Subscriptions: follow a feed (by URL) or a list, edit, move many at once, unfollow. Each change also shapes the
// user's timeline. Inboxes are subscribed by creating them (services/inboxes.ts).
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { lockUser, withTransaction } from "../storage/db.ts"
import { refreshSubscriptionCounts } from "../storage/feeds.ts"
import {
  countSubscriptions,
  deleteFeedSubscriptions,
  findFeedByUrlForUser,
  listFeedSubscriptions,
  type SubscriptionChanges,
  subscriptionsJson,
  updateFeedSubscription,
  updateFeedSubscriptions,
  upsertSubscription,
} from "../storage/subscriptions.ts"
import {
  backfill,
  followFeedAtOnce,
  moveFeedToView,
  removeFeedsFromTimeline,
  unreadCountOf,
} from "../storage/timeline.ts"
import { applyRulesToArrivals } from "./arrivals.ts"
import { findOrCreateFeed, normalizeFeedUrl } from "./feeds.ts"
import { subscribeList, unsubscribeList, updateListSubscriptionFor } from "./list-subscriptions.ts"
import type { SessionInfo } from "./session.ts"
import { kickWebSub } from "./websub.ts"
import { toFeed, toSubscription } from "./wire.ts"

/** GET /subscriptions: feeds, lists and inboxes, told apart by their `feeds` / `lists` / `inboxes` key. Another
 * user's are their public feed and list subscriptions only. */
/** GET /subscriptions: the data array as JSON text (one statement; the shapes of services/wire.ts). */
export async function listSubscriptionsJson(
  deps: Deps,
  viewerId: string,
  input: { view?: number; userId?: string },
): Promise<string> {
  const userId = input.userId ?? viewerId
  return subscriptionsJson(deps.db, userId, input.view, userId !== viewerId)
}

export interface SubscribeInput {
  url?: string
  listId?: string
  view: number
  category?: string | null
  title?: string | null
  isPrivate?: boolean
}

/** Entries a new subscriber gets per statement on the embedded database, which runs them on the event loop. */
const EMBEDDED_BACKFILL_CHUNK = 100

export async function subscribe(deps: Deps, session: SessionInfo, input: SubscribeInput) {
  if (input.listId) return subscribeList(deps, session, { ...input, listId: input.listId })
  const answer = await subscribeFeed(deps, session, input)
  // A feed whose hub is known is subscribed to there as soon as someone follows it (services/websub.ts).
  kickWebSub(deps, [answer.feed.id])
  return answer
}

async function subscribeFeed(deps: Deps, session: SessionInfo, input: SubscribeInput) {
  if (!input.url) throw new AppError(ErrorCode.FeedMissingId)
  const url = normalizeFeedUrl(input.url)
  const userId = session.userId
  const limit = session.feedSubscriptionLimit
  const followed = limit !== null && Boolean(await findFeedByUrlForUser(deps.db, userId, url))
  // Checked before the fetch (no fetch for a user at the limit) and again, exactly, before the commit.
  if (limit !== null && !followed && (await countSubscriptions(deps.db, userId, "feed")) >= limit) {
    throw new AppError(ErrorCode.TrialUserMaxFeedSubscriptionExceeded)
  }
  const feed = await findOrCreateFeed(deps, url, userId)
  const answer = (unread: number) => ({ feed: toFeed(feed), list: null, unread: { [feed.id]: unread } })
  const subscription = {
    id: newId(),
    userId,
    feedId: feed.id,
    view: input.view,
    category: cleanText(input.category),
    title: cleanText(input.title),
    isPrivate: input.isPrivate ?? false,
  }
  // Most subscribes are one statement: nothing to enforce (no limit), nothing acting on arriving entries and, on the
  // embedded database, a feed small enough to copy without holding the event loop.
  if (limit === null) {
    const done = await followFeedAtOnce(deps.db, {
      ...subscription,
      backfill: deps.config.FEED_MAX_ENTRIES_PER_FETCH,
      copyAtMost: deps.config.DATABASE_URL ? null : EMBEDDED_BACKFILL_CHUNK,
    })
    if (done.applied) {
      if (!done.created) await moveFeedToView(deps.db, userId, feed.id, input.view)
      return answer(done.unread)
    }
  }
  await withTransaction(deps.db, async (tx) => {
    const saved = await upsertSubscription(tx, { ...subscription, type: "feed" })
    // A repeat subscribe may move the feed to another view; backfill adds only the rows that are missing.
    if (!saved.created) await moveFeedToView(tx, userId, feed.id, input.view)
    // As many as one fetch keeps, so a new subscriber sees everything a capped fetch stored, not a smaller slice.
    const chunk = deps.config.DATABASE_URL ? undefined : EMBEDDED_BACKFILL_CHUNK
    const arrived = await backfill(tx, userId, feed.id, deps.config.FEED_MAX_ENTRIES_PER_FETCH, chunk)
    await refreshSubscriptionCounts(tx, [feed.id])
    // A copy announces nothing to webhooks (see ArrivalKind), so nothing is owed after the commit.
    await applyRulesToArrivals(deps, tx, arrived, "copy")
    // The limit last, under the user's lock, which is then held only until the commit: a user's subscriptions made
    // in parallel copy their entries in parallel, and still cannot pass the limit together.
    if (limit !== null && !followed) {
      await lockUser(tx, userId)
      if ((await countSubscriptions(tx, userId, "feed")) > limit) {
        throw new AppError(ErrorCode.TrialUserMaxFeedSubscriptionExceeded)
      }
    }
  })
  return answer(await unreadCountOf(deps.db, userId, feed.id))
}

export interface UpdateInput {
  feedId?: string
  listId?: string
  view?: number
  category?: string | null
  title?: string | null
  isPrivate?: boolean
  hideFromTimeline?: boolean
}

export function changesOf(input: Omit<UpdateInput, "feedId" | "listId">): SubscriptionChanges {
  return {
    ...(input.view !== undefined ? { view: input.view } : {}),
    ...(input.category !== undefined ? { category: cleanText(input.category) } : {}),
    ...(input.title !== undefined ? { title: cleanText(input.title) } : {}),
    ...(input.isPrivate !== undefined ? { isPrivate: input.isPrivate } : {}),
    ...(input.hideFromTimeline !== undefined ? { hideFromTimeline: input.hideFromTimeline } : {}),
  }
}

export async function updateSubscription(deps: Deps, userId: string, input: UpdateInput) {
  if (input.listId) return updateListSubscriptionFor(deps, userId, input.listId, changesOf(input))
  if (!input.feedId) throw new AppError(ErrorCode.FeedMissingId)
  const feedId = input.feedId
  const changes = changesOf(input)
  const row = await withTransaction(deps.db, async (tx) => {
    const updated = Object.keys(changes).length
      ? await updateFeedSubscription(tx, userId, feedId, changes)
      : (await listFeedSubscriptions(tx, userId)).find((r) => r.subscription.feedId === feedId)?.subscription
    if (!updated) throw new AppError(ErrorCode.FeedNotFound, { reason: "You do not subscribe to this feed" })
    if (input.view !== undefined) await moveFeedToView(tx, userId, feedId, input.view)
    return updated
  })
  return toSubscription(row)
}

/** PATCH /subscriptions/batch: move many feeds to a view or category at once (all must be the user's). */
export async function batchUpdate(
  deps: Deps,
  userId: string,
  feedIds: string[],
  input: Omit<UpdateInput, "feedId" | "listId">,
) {
  const ids = [...new Set(feedIds)]
  const changes = changesOf(input)
  if (!Object.keys(changes).length) return
  await withTransaction(deps.db, async (tx) => {
    const changed = await updateFeedSubscriptions(tx, userId, ids, changes)
    if (changed.length !== ids.length)
      throw new AppError(ErrorCode.FeedNotFound, { reason: "You do not subscribe to every feed" })
    if (input.view !== undefined) await moveFeedToView(tx, userId, ids, input.view)
  })
}

export async function unsubscribe(
  deps: Deps,
  userId: string,
  input: { feedId?: string; feedIdList?: string[]; url?: string; listId?: string },
) {
  if (input.listId && !input.feedId && !input.feedIdList && !input.url)
    return unsubscribeList(deps, userId, input.listId)
  const feedIds = [...(input.feedIdList ?? []), ...(input.feedId ? [input.feedId] : [])]
  if (input.url) {
    const feed = await findFeedByUrlForUser(deps.db, userId, normalizeFeedUrl(input.url))
    if (!feed) throw new AppError(ErrorCode.FeedNotFound, { reason: "You do not subscribe to this feed" })
    feedIds.push(feed.id)
  }
  if (!feedIds.length) throw new AppError(ErrorCode.FeedMissingId)
  await withTransaction(deps.db, async (tx) => {
    const removed = await deleteFeedSubscriptions(tx, userId, feedIds)
    if (removed.length !== new Set(feedIds).size) {
      throw new AppError(ErrorCode.FeedNotFound, { reason: "You do not subscribe to this feed" })
    }
    await removeFeedsFromTimeline(tx, userId, feedIds)
    await refreshSubscriptionCounts(tx, feedIds)
  })
  // The last follower gone, the hub is told to stop pushing.
  kickWebSub(deps, feedIds)
}

export function cleanText(value: string | null | undefined): string | null {
  const text = value?.trim()
  return text ? text : null
}
