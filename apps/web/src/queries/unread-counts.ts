// Unread counts are adjusted locally and never go below 0 (spec §4). Pure, so the rule is tested once.
import type { UnreadCounts } from "@tidings/shared"

export function adjustUnread(counts: UnreadCounts, feedId: string, delta: number): UnreadCounts {
  const next = Math.max(0, (counts[feedId] ?? 0) + delta)
  return { ...counts, [feedId]: next }
}

export function clearUnread(counts: UnreadCounts, feedIds: Iterable<string>): UnreadCounts {
  const next = { ...counts }
  for (const id of feedIds) if (id in next) next[id] = 0
  return next
}

/** Lowers each feed by the number the server says it marked (POST /reads/all's answer). */
export function subtractUnread(counts: UnreadCounts, marked: UnreadCounts): UnreadCounts {
  let next = counts
  for (const [feedId, count] of Object.entries(marked)) next = adjustUnread(next, feedId, -count)
  return next
}

export function mergeUnread(counts: UnreadCounts, patch: UnreadCounts | undefined): UnreadCounts {
  if (!patch) return counts
  const next = { ...counts }
  for (const [feedId, count] of Object.entries(patch)) next[feedId] = Math.max(0, count)
  return next
}

export function sumUnread(counts: UnreadCounts | undefined, feedIds: Iterable<string>): number {
  if (!counts) return 0
  let total = 0
  for (const id of feedIds) total += Math.max(0, counts[id] ?? 0)
  return total
}
