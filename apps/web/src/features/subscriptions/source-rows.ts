// The rows of settings › feeds: every subscription (feeds, lists, inboxes) in one shape, and how the table sorts
// and filters them. Pure, so the order rules are tested without a browser.
import type { FeedSubscription, UnreadCounts } from "@tidings/shared"
import type { InboxSubscription, ListSubscription } from "../../api/subscriptions.ts"
import { subscriptionTitle } from "../../queries/subscription-selectors.ts"

export type SourceKind = "feed" | "list" | "inbox"

export interface SourceRow {
  /** kind/id, the spec's subscription key. */
  key: string
  kind: SourceKind
  id: string
  title: string
  url: string | null
  image: string | null
  category: string | null
  view: number
  unread: number
  /** ms; the feed's last change, else its last check. */
  updatedAt: number | null
  createdAt: number | null
  errorAt: string | null
  errorMessage: string | null
  sub?: FeedSubscription
}

export const SORT_KEYS = ["title", "category", "view", "unread", "updated", "created"] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = "ascending" | "descending"
export interface SortOrder {
  key: SortKey
  direction: SortDirection
}

export const DEFAULT_SORT: SortOrder = { key: "title", direction: "ascending" }

const time = (value: string | null | undefined) => {
  const ms = value ? Date.parse(value) : Number.NaN
  return Number.isNaN(ms) ? null : ms
}

export function feedRow(sub: FeedSubscription, counts: UnreadCounts | undefined): SourceRow {
  const feed = sub.feeds
  return {
    key: `feed/${sub.feedId}`,
    kind: "feed",
    id: sub.feedId,
    title: subscriptionTitle(sub),
    url: feed.url,
    image: feed.image,
    category: sub.category?.trim() || null,
    view: sub.view,
    unread: Math.max(0, counts?.[sub.feedId] ?? 0),
    updatedAt: feed.updatedAt ?? time(feed.checkedAt),
    createdAt: time(sub.createdAt),
    errorAt: feed.errorAt,
    errorMessage: feed.errorAt ? feed.errorMessage : null,
    sub,
  }
}

function otherRow(kind: "list" | "inbox", id: string, title: string, item: ListOrInbox, counts?: UnreadCounts) {
  return {
    key: `${kind}/${id}`,
    kind,
    id,
    title,
    url: null,
    image: null,
    category: ("category" in item && item.category?.trim()) || null,
    view: item.view,
    unread: Math.max(0, counts?.[id] ?? 0),
    updatedAt: null,
    createdAt: time(item.createdAt),
    errorAt: null,
    errorMessage: null,
  } satisfies SourceRow
}

type ListOrInbox = ListSubscription | InboxSubscription

export function sourceRows(
  feeds: readonly FeedSubscription[],
  others: { lists: ListSubscription[]; inboxes: InboxSubscription[] } | undefined,
  counts: UnreadCounts | undefined,
): SourceRow[] {
  const lists = (others?.lists ?? []).map((item) =>
    otherRow("list", item.listId, item.title?.trim() || item.lists.title?.trim() || item.listId, item, counts),
  )
  const inboxes = (others?.inboxes ?? []).map((item) =>
    otherRow("inbox", item.inboxId, item.title?.trim() || item.inboxes.title?.trim() || item.inboxId, item, counts),
  )
  return [...feeds.map((sub) => feedRow(sub, counts)), ...lists, ...inboxes]
}

/** Case-insensitive match on title, address and category. */
export function filterRows(rows: readonly SourceRow[], query: string): SourceRow[] {
  const needle = query.trim().toLocaleLowerCase()
  if (!needle) return [...rows]
  return rows.filter((row) =>
    [row.title, row.url, row.category].some((text) => text?.toLocaleLowerCase().includes(needle)),
  )
}

type SortValue = string | number | null

function sortValue(row: SourceRow, key: SortKey): SortValue {
  switch (key) {
    case "title":
      return row.title
    case "category":
      return row.category
    case "view":
      return row.view
    case "unread":
      return row.unread
    case "updated":
      return row.updatedAt
    case "created":
      return row.createdAt
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true })

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === "string" && typeof b === "string") return collator.compare(a, b)
  return Number(a) - Number(b)
}

/** Sorted by `order`; rows without a value (no category, never updated) last either way; ties by title. */
export function sortRows(rows: readonly SourceRow[], order: SortOrder): SourceRow[] {
  const sign = order.direction === "ascending" ? 1 : -1
  return [...rows].sort((a, b) => {
    const [x, y] = [sortValue(a, order.key), sortValue(b, order.key)]
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1
    } else {
      const byValue = compareValues(x, y)
      if (byValue !== 0) return sign * byValue
    }
    return collator.compare(a.title, b.title) || a.key.localeCompare(b.key)
  })
}

/** A header click: the same column turns around; another starts A→Z for text, most / newest first otherwise. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) return { key, direction: current.direction === "ascending" ? "descending" : "ascending" }
  return { key, direction: key === "title" || key === "category" || key === "view" ? "ascending" : "descending" }
}
