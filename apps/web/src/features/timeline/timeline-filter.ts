// From the route's selection to what the server is asked: the entry list filter and the mark-all-read request.
import { type FeedSubscription, FeedViewType } from "@tidings/shared"
import type { MarkAllReadInput } from "../../api/reads.ts"
import type { TimelineLocation } from "../../lib/route-ids.ts"
import type { EntryFilter } from "../../queries/entry-filter.ts"
import type { MarkAllReadRequest } from "../../queries/reads.ts"
import { feedIdsInCategory, subscriptionsInView } from "../../queries/subscription-selectors.ts"

const viewParam = (view: number) => (view < 0 ? undefined : view)

/**
 * The list request for a location, or null when there is nothing to ask for (an empty folder: an empty
 * feedIdList could read as "no filter" to the server).
 */
export function buildEntryFilter(
  location: TimelineLocation,
  subs: readonly FeedSubscription[],
  unreadOnly: boolean,
): EntryFilter | null {
  const filter = baseFilter(location, subs, unreadOnly)
  // Social cards show the post itself, not the truncated description (api-contract: withContent for view 1).
  return filter && location.view === FeedViewType.SocialMedia && !filter.inboxId
    ? { ...filter, withContent: true }
    : filter
}

function baseFilter(location: TimelineLocation, subs: readonly FeedSubscription[], unreadOnly: boolean) {
  const { feed, view } = location
  // The starred list shows read entries too: starring usually happens while reading.
  const read = unreadOnly && feed.kind !== "collections" ? false : undefined
  switch (feed.kind) {
    case "all":
      return { view: viewParam(view), read }
    case "view":
      return { view: viewParam(feed.view), read }
    case "collections":
      return { view: viewParam(view), isCollection: true }
    case "feed":
      return { feedId: feed.feedId, read }
    case "folder": {
      const feedIdList = feedIdsInCategory(subs, view, feed.category)
      return feedIdList.length ? { view: viewParam(view), feedIdList, read } : null
    }
    case "list":
      return { listId: feed.listId, read }
    case "inbox":
      return { inboxId: feed.inboxId, read } as EntryFilter
    case "search":
      // The search's own query decides views and feeds.
      return { searchId: feed.searchId, read }
  }
}

/** Mark-all-read for the current feed, folder or view; none for the starred list. */
export function buildMarkAllRead(
  location: TimelineLocation,
  subs: readonly FeedSubscription[],
): MarkAllReadRequest | undefined {
  const { feed, view } = location
  const inView = (v: number) => subscriptionsInView(subs, v).map((sub) => sub.feedId)
  const request = (input: MarkAllReadInput, feedIds: string[]) => ({ input, feedIds })
  switch (feed.kind) {
    case "all":
      return request({ view: viewParam(view) }, inView(view))
    case "view":
      return request({ view: viewParam(feed.view) }, inView(feed.view))
    case "feed":
      return request({ feedId: feed.feedId }, [feed.feedId])
    case "folder": {
      const feedIdList = feedIdsInCategory(subs, view, feed.category)
      return feedIdList.length ? request({ feedIdList }, feedIdList) : undefined
    }
    case "list":
      return request({ listId: feed.listId }, [])
    case "inbox":
      return request({ inboxId: feed.inboxId }, [feed.inboxId])
    case "search":
      return request({ searchId: feed.searchId }, [])
    case "collections":
      return undefined
  }
}
