// The timeline route's ids (spec "Id parsing in the timeline route"): /timeline/:timelineId/:feedId/:entryId?
// Parsing is pure so the router, the sidebar links and the tests agree on one grammar.
import { FeedViewType } from "@tidings/shared"

export const ROUTE_VIEW_PREFIX = "view-"
export const ROUTE_LIST_PREFIX = "list-"
export const ROUTE_FOLDER_PREFIX = "folder-"
export const ROUTE_INBOX_PREFIX = "inbox-"
export const ROUTE_SEARCH_PREFIX = "search-"
export const ROUTE_FEED_ALL = "all"
export const ROUTE_FEED_PENDING = "pending"
export const ROUTE_FEED_COLLECTIONS = "collections"
export const ROUTE_ENTRY_PENDING = "pending"

/** What the entry list shows. "pending" (no feed chosen yet) reads as "all". */
export type FeedSelection =
  | { kind: "all" }
  | { kind: "collections" }
  | { kind: "feed"; feedId: string }
  | { kind: "folder"; category: string }
  | { kind: "list"; listId: string }
  | { kind: "inbox"; inboxId: string }
  | { kind: "search"; searchId: string }
  | { kind: "view"; view: number }

export interface TimelineLocation {
  view: number
  feed: FeedSelection
  /** Undefined when no entry is open (missing or the pending marker). */
  entryId: string | undefined
}

/** `view-N` gives view N (All = -1 included); anything else is the Articles view. */
export function parseTimelineId(timelineId: string | undefined): number {
  const view = parseViewNumber(timelineId)
  return view ?? FeedViewType.Articles
}

function parseViewNumber(id: string | undefined): number | undefined {
  if (!id?.startsWith(ROUTE_VIEW_PREFIX)) return undefined
  const text = id.slice(ROUTE_VIEW_PREFIX.length)
  if (!/^-?\d+$/.test(text)) return undefined
  const view = Number(text)
  return view >= FeedViewType.All && view <= FeedViewType.Notifications ? view : undefined
}

/** Route params arrive decoded, so a folder's category name is taken as it stands. */
export function parseFeedId(feedId: string | undefined): FeedSelection {
  if (!feedId || feedId === ROUTE_FEED_ALL || feedId === ROUTE_FEED_PENDING) return { kind: "all" }
  if (feedId === ROUTE_FEED_COLLECTIONS) return { kind: "collections" }
  const rest = (prefix: string) => feedId.slice(prefix.length)
  if (feedId.startsWith(ROUTE_FOLDER_PREFIX)) return { kind: "folder", category: rest(ROUTE_FOLDER_PREFIX) }
  if (feedId.startsWith(ROUTE_LIST_PREFIX)) return { kind: "list", listId: rest(ROUTE_LIST_PREFIX) }
  if (feedId.startsWith(ROUTE_INBOX_PREFIX)) return { kind: "inbox", inboxId: rest(ROUTE_INBOX_PREFIX) }
  if (feedId.startsWith(ROUTE_SEARCH_PREFIX)) return { kind: "search", searchId: rest(ROUTE_SEARCH_PREFIX) }
  if (feedId.startsWith(ROUTE_VIEW_PREFIX)) {
    const view = parseViewNumber(feedId)
    return view === undefined ? { kind: "all" } : { kind: "view", view }
  }
  return { kind: "feed", feedId }
}

export function parseEntryId(entryId: string | undefined): string | undefined {
  return !entryId || entryId === ROUTE_ENTRY_PENDING ? undefined : entryId
}

export function parseTimelineLocation(params: {
  timelineId?: string
  feedId?: string
  entryId?: string
}): TimelineLocation {
  return {
    view: parseTimelineId(params.timelineId),
    feed: parseFeedId(params.feedId),
    entryId: parseEntryId(params.entryId),
  }
}

/** The feedId path segment, URL-encoded. */
export function formatFeedId(feed: FeedSelection): string {
  switch (feed.kind) {
    case "all":
      return ROUTE_FEED_ALL
    case "collections":
      return ROUTE_FEED_COLLECTIONS
    case "feed":
      return encodeURIComponent(feed.feedId)
    case "folder":
      return ROUTE_FOLDER_PREFIX + encodeURIComponent(feed.category)
    case "list":
      return ROUTE_LIST_PREFIX + encodeURIComponent(feed.listId)
    case "inbox":
      return ROUTE_INBOX_PREFIX + encodeURIComponent(feed.inboxId)
    case "search":
      return ROUTE_SEARCH_PREFIX + encodeURIComponent(feed.searchId)
    case "view":
      return ROUTE_VIEW_PREFIX + feed.view
  }
}

export function timelinePath(location: { view: number; feed: FeedSelection; entryId?: string }): string {
  const entry = location.entryId ? `/${encodeURIComponent(location.entryId)}` : `/${ROUTE_ENTRY_PENDING}`
  return `/timeline/${ROUTE_VIEW_PREFIX}${location.view}/${formatFeedId(location.feed)}${entry}`
}

/** Where "/" leads (spec: Articles view, all feeds, pending entry). */
export const DEFAULT_TIMELINE_PATH = timelinePath({ view: FeedViewType.Articles, feed: { kind: "all" } })

export function sameSelection(a: FeedSelection, b: FeedSelection): boolean {
  return formatFeedId(a) === formatFeedId(b)
}
