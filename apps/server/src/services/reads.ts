// Read state: unread counts (feeds, lists, inboxes), mark read / unread, mark all read within a window.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { withTransaction } from "../storage/db.ts"
import { markInboxAllRead, setInboxEntriesRead } from "../storage/inboxes.ts"
import { findListSubscription, ownedFeedIds } from "../storage/subscriptions.ts"
import { markAllRead, setRead, totalUnreadWithInboxes, unreadCountsJson } from "../storage/timeline.ts"
import { markSavedSearchRead } from "./saved-searches.ts"

/**
 * Unread counts keyed by feed id, list id and inbox handle (zero for followed sources with nothing unread), as JSON
 * text: the most frequent call of all, answered without building the object in between.
 */
export function getUnreadCountsJson(deps: Deps, userId: string, view?: number): Promise<string> {
  return unreadCountsJson(deps.db, userId, view)
}

export function getTotalUnread(deps: Deps, userId: string) {
  return totalUnreadWithInboxes(deps.db, userId)
}

/** All or nothing: an id outside the user's timeline (or inboxes) rejects the whole call. */
export async function markRead(deps: Deps, userId: string, entryIds: string[], read: boolean, isInbox = false) {
  const ids = [...new Set(entryIds)]
  if (!isInbox) {
    // One statement that changes nothing unless every id is the user's.
    if ((await setRead(deps.db, userId, ids, read)) !== ids.length) throw new AppError(ErrorCode.EntryNotFound)
    return
  }
  await withTransaction(deps.db, async (tx) => {
    // Throwing rolls the update back, so a bad id changes nothing.
    if ((await setInboxEntriesRead(tx, userId, ids, read)) !== ids.length) throw new AppError(ErrorCode.EntryNotFound)
  })
}

export interface MarkAllInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  inboxId?: string
  searchId?: string
  excludePrivate?: boolean
  startTime?: Date
  endTime?: Date
  insertedBefore?: Date
}

export async function markAllAsRead(deps: Deps, userId: string, input: MarkAllInput): Promise<Record<string, number>> {
  const window = { publishedFrom: input.startTime, publishedTo: input.endTime, insertedBefore: input.insertedBefore }
  if (input.searchId) return markSavedSearchRead(deps, userId, input.searchId, window)
  if (input.inboxId) {
    const marked = await markInboxAllRead(deps.db, userId, input.inboxId, window)
    if (!marked) throw new AppError(ErrorCode.InboxNotFound)
    return marked
  }
  const feedIds = [...(input.feedIdList ?? []), ...(input.feedId ? [input.feedId] : [])]
  if (feedIds.length && (await ownedFeedIds(deps.db, userId, feedIds)).length !== new Set(feedIds).size) {
    throw new AppError(ErrorCode.FeedNotFound, { reason: "You do not subscribe to this feed" })
  }
  if (input.listId && !(await findListSubscription(deps.db, userId, input.listId))) {
    throw new AppError(ErrorCode.ListNotFound, { reason: "You do not subscribe to this list" })
  }
  const marked = await markAllRead(deps.db, {
    userId,
    view: input.view,
    feedIds: feedIds.length ? feedIds : undefined,
    listId: input.listId,
    excludePrivate: input.excludePrivate,
    ...window,
  })
  // "Everything" (no view, no source) includes the user's inboxes.
  const everything = input.view === undefined && !feedIds.length && !input.listId
  return everything ? { ...marked, ...(await markInboxAllRead(deps.db, userId, undefined, window)) } : marked
}
