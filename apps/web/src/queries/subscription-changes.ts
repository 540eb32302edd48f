// Pure edits of the cached subscription list and unread counts, and their per-feed rollback. A failed change puts
// back only the feeds it touched, so another change made meanwhile (a second drag, an undo) is not lost with it.
import type { FeedSubscription, UnreadCounts } from "@tidings/shared"

type Ids = Iterable<string>

export function moveToCategory(subs: FeedSubscription[], feedIds: Ids, category: string | null): FeedSubscription[] {
  const ids = new Set(feedIds)
  const name = category?.trim() || null
  return subs.map((sub) => (ids.has(sub.feedId) ? { ...sub, category: name } : sub))
}

export function moveToView(subs: FeedSubscription[], feedIds: Ids, view: number): FeedSubscription[] {
  const ids = new Set(feedIds)
  return subs.map((sub) => (ids.has(sub.feedId) ? { ...sub, view } : sub))
}

export function withoutFeeds(subs: FeedSubscription[], feedIds: Ids): FeedSubscription[] {
  const ids = new Set(feedIds)
  return subs.filter((sub) => !ids.has(sub.feedId))
}

export function withoutCounts(counts: UnreadCounts, ids: Ids): UnreadCounts {
  const drop = new Set(ids)
  return Object.fromEntries(Object.entries(counts).filter(([id]) => !drop.has(id)))
}

/** Each feed of `feedIds` as it was in `before`: edited back, added back where it stood, or removed again. */
export function restoreFeeds(
  current: FeedSubscription[],
  before: readonly FeedSubscription[],
  feedIds: Ids,
): FeedSubscription[] {
  const ids = new Set(feedIds)
  const old = new Map(before.filter((sub) => ids.has(sub.feedId)).map((sub) => [sub.feedId, sub]))
  const present = new Set(current.map((sub) => sub.feedId))
  const kept = current.flatMap((sub) => {
    if (!ids.has(sub.feedId)) return [sub]
    const was = old.get(sub.feedId)
    return was ? [was] : []
  })
  // Removed ones go back at their old place among the feeds that are still there.
  for (const [index, sub] of before.entries()) {
    if (!ids.has(sub.feedId) || present.has(sub.feedId)) continue
    const next = before.slice(index + 1).find((other) => kept.some((k) => k.feedId === other.feedId))
    const at = next ? kept.findIndex((k) => k.feedId === next.feedId) : kept.length
    kept.splice(at, 0, sub)
  }
  return kept
}

/** The counts of `ids` as they were (never below 0); the other counts as they are now. */
export function restoreCounts(current: UnreadCounts, before: UnreadCounts, ids: Ids): UnreadCounts {
  const next = { ...current }
  for (const id of ids) {
    if (id in before) next[id] = Math.max(0, before[id] ?? 0)
    else delete next[id]
  }
  return next
}
