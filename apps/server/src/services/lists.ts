// Lists: shareable bundles of feeds. Anyone may look at a list and follow it; only its owner changes it (8001).
// Following a list brings its feeds' entries into the timeline with `from` naming the list.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import type { FeedQueue } from "../jobs/queue.ts"
import { buildOpml, parseOpml } from "../reader/opml.ts"
import { lockUser, withTransaction } from "../storage/db.ts"
import { ensureFeeds, findFeedsByIds, visibleFeedIds } from "../storage/feeds.ts"
import {
  addListFeeds,
  backfillListEntries,
  countListsOwnedBy,
  countOtherSubscribers,
  deleteList,
  feedIdsOfLists,
  feedsOfList,
  findList,
  insertList,
  type ListRow,
  latestListEntries,
  listsOwnedBy,
  removeListFeed,
  subscriberCounts,
  updateList,
  withdrawListEntries,
} from "../storage/lists.ts"
import { findListSubscription } from "../storage/subscriptions.ts"
import { rankedLists } from "../storage/trending.ts"
import { applyRulesToArrivals } from "./arrivals.ts"
import { normalizeFeedUrl } from "./feeds.ts"
import type { SessionInfo } from "./session.ts"
import { toEntry, toFeed, toList, toSubscription } from "./wire.ts"

export interface ListFields {
  title?: string
  description?: string | null
  image?: string | null
  view?: number
  fee?: number
}

async function ownedList(deps: Deps, userId: string, listId: string): Promise<ListRow> {
  const list = await findList(deps.db, listId)
  if (!list) throw new AppError(ErrorCode.ListNotFound)
  if (list.ownerUserId !== userId) throw new AppError(ErrorCode.ListPermissionDenied)
  return list
}

/** Lists with their feed ids and subscriber counts, two queries for any number of lists. */
async function describe(deps: Deps, rows: ListRow[], withFeeds = false) {
  const ids = rows.map((r) => r.id)
  const [feedIds, counts] = await Promise.all([feedIdsOfLists(deps.db, ids), subscriberCounts(deps.db, ids)])
  const allFeeds = withFeeds ? await findFeedsByIds(deps.db, [...new Set([...feedIds.values()].flat())]) : []
  return rows.map((row) => {
    const own = feedIds.get(row.id) ?? []
    const feeds = withFeeds ? allFeeds.filter((f) => own.includes(f.id)) : undefined
    return toList(row, own, { subscriptionCount: counts.get(row.id) ?? 0, feeds })
  })
}

export async function createList(
  deps: Deps,
  session: SessionInfo,
  fields: Required<Pick<ListFields, "title" | "view">> & ListFields,
) {
  const row = await withTransaction(deps.db, async (tx) => {
    await lockUser(tx, session.userId)
    if ((await countListsOwnedBy(tx, session.userId)) >= deps.config.MAX_LISTS)
      throw new AppError(ErrorCode.ListLimitExceeded)
    return insertList(tx, {
      id: newId(),
      ownerUserId: session.userId,
      title: fields.title.trim(),
      description: fields.description ?? null,
      image: fields.image ?? null,
      view: fields.view,
      fee: fields.fee ?? 0,
    })
  })
  return toList(row, [])
}

export async function editList(deps: Deps, userId: string, listId: string, fields: ListFields) {
  await ownedList(deps, userId, listId)
  await updateList(deps.db, listId, {
    ...fields,
    ...(fields.title ? { title: fields.title.trim() } : {}),
    updatedAt: deps.now(),
  })
}

/** Refused while others follow it (8004); the owner's own subscription goes with it. */
export async function removeList(deps: Deps, userId: string, listId: string) {
  const list = await ownedList(deps, userId, listId)
  if ((await countOtherSubscribers(deps.db, listId, list.ownerUserId)) > 0)
    throw new AppError(ErrorCode.ListCannotDeleteForSub)
  await withTransaction(deps.db, async (tx) => {
    await withdrawListEntries(tx, listId, undefined, userId)
    await deleteList(tx, listId)
  })
}

/** GET /lists: one list with its feeds, the caller's subscription and its latest entries. */
export async function getList(deps: Deps, userId: string, listId: string, noExtras = false) {
  const list = await findList(deps.db, listId)
  if (!list) throw new AppError(ErrorCode.ListNotFound)
  const [feeds, subscription, counts] = await Promise.all([
    feedsOfList(deps.db, listId),
    findListSubscription(deps.db, userId, listId),
    subscriberCounts(deps.db, [listId]),
  ])
  const entries = noExtras ? [] : await latestListEntries(deps.db, listId, 20)
  const subscriptionCount = counts.get(listId) ?? 0
  return {
    list: toList(
      list,
      feeds.map((f) => f.id),
      { feeds },
    ),
    subscription: subscription ? toSubscription(subscription) : undefined,
    subscriptionCount,
    readCount: 0,
    feedCount: feeds.length,
    entries: entries.map(({ entry, feed }) => ({ ...toEntry(entry), feeds: toFeed(feed) })),
    analytics: { listId, subscriptionCount },
  }
}

/** GET /lists/list: a user's lists (the caller's by default). Lists are public, so another user's are shown too. */
export async function userLists(deps: Deps, userId: string) {
  return describe(deps, await listsOwnedBy(deps.db, userId), true)
}

export async function addFeedsToList(deps: Deps, userId: string, listId: string, feedIds: string[]) {
  await ownedList(deps, userId, listId)
  // Only feeds the owner can see: their own, or ones someone follows publicly.
  const visible = await visibleFeedIds(deps.db, userId, [...new Set(feedIds)])
  const known = await findFeedsByIds(deps.db, [...visible])
  if (known.length !== new Set(feedIds).size) throw new AppError(ErrorCode.FeedNotFound)
  const added = await withTransaction(deps.db, async (tx) => {
    const fresh = await addListFeeds(
      tx,
      listId,
      known.map((f) => f.id),
    )
    if (!fresh.length && feedIds.length === 1) throw new AppError(ErrorCode.FeedAlreadyAdded)
    // Every subscriber of the list gets the new feeds' recent entries at once.
    if (fresh.length) await applyRulesToArrivals(deps, tx, await backfillListEntries(tx, listId, fresh), "copy")
    return fresh
  })
  return known.filter((f) => added.includes(f.id)).map(toFeed)
}

export async function removeFeedFromList(deps: Deps, userId: string, listId: string, feedId: string) {
  await ownedList(deps, userId, listId)
  await withTransaction(deps.db, async (tx) => {
    if (!(await removeListFeed(tx, listId, feedId))) throw new AppError(ErrorCode.FeedNotFound)
    await withdrawListEntries(tx, listId, [feedId])
  })
}

/** GET /lists/discover and /lists/trending: lists by words in title or description, or the most followed. */
export async function findLists(deps: Deps, keyword: string | undefined, limit = 20, since?: Date) {
  const rows = await rankedLists(deps.db, keyword?.trim() || undefined, since, limit)
  const described = await describe(
    deps,
    rows.map((r) => r.list),
  )
  // How many followed each list within the window (all time without one): the number it is ranked by.
  return described.map((list, i) => ({ ...list, recentSubscriptionCount: rows[i]!.recent }))
}

export async function listAnalytics(deps: Deps, listId: string) {
  if (!(await findList(deps.db, listId))) throw new AppError(ErrorCode.ListNotFound)
  const counts = await subscriberCounts(deps.db, [listId])
  return { listId, subscriptionCount: counts.get(listId) ?? 0 }
}

/** POST /lists/import: the feeds of an OPML file into one of the user's lists (unknown feeds fetched in the
 * background). Adding by URL needs no visibility check: whoever knows a URL may follow it. */
export async function importListOpml(deps: Deps, userId: string, queue: FeedQueue, listId: string, bytes: Uint8Array) {
  await ownedList(deps, userId, listId)
  let urls: string[]
  try {
    urls = [...new Set(parseOpml(new TextDecoder().decode(bytes)).map((f) => normalizeFeedUrl(f.url)))]
  } catch {
    throw new AppError(ErrorCode.UploadInvalidFile, { reason: "Not an OPML file with valid feed URLs" })
  }
  const byUrl = await withTransaction(deps.db, async (tx) => {
    const feeds = await ensureFeeds(tx, urls, deps.now())
    const fresh = await addListFeeds(
      tx,
      listId,
      [...feeds.values()].map((f) => f.id),
    )
    if (fresh.length) await applyRulesToArrivals(deps, tx, await backfillListEntries(tx, listId, fresh), "copy")
    return feeds
  })
  await queue.add([...byUrl.values()].filter((f) => !f.checkedAt).map((f) => f.id))
  return [...byUrl.values()].map(toFeed)
}

/** GET /lists/{id}/export: the list's feeds as OPML. */
export async function exportListOpml(deps: Deps, listId: string) {
  const list = await findList(deps.db, listId)
  if (!list) throw new AppError(ErrorCode.ListNotFound)
  const feeds = await feedsOfList(deps.db, listId)
  const items = feeds.map((f) => ({ url: f.url, title: f.title, siteUrl: f.siteUrl, category: null, view: list.view }))
  return { title: list.title, opml: buildOpml(list.title, items) }
}
