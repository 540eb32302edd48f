// The header's title and unread count for the current selection.
import type { FeedSubscription } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import type { TimelineLocation } from "../../lib/route-ids.ts"
import { viewMeta } from "../../lib/views.ts"
import { useInboxes } from "../../queries/inboxes.ts"
import { useListSubscriptions } from "../../queries/list-subscriptions.ts"
import { useSavedSearches } from "../../queries/saved-searches.ts"
import { feedIdsInCategory, subscriptionsInView, subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { useUnreadCounts } from "../../queries/unread.ts"
import { sumUnread } from "../../queries/unread-counts.ts"

export interface TimelineTitle {
  title: string
  unread: number | undefined
  /** A claimed feed's owner (a feed's timeline only). */
  ownerUserId?: string | null
}

export function useTimelineTitle(location: TimelineLocation, subs: readonly FeedSubscription[]): TimelineTitle {
  const { t } = useTranslation()
  const counts = useUnreadCounts().data
  const { feed, view } = location
  // Fetched only when a list or an inbox is open: their names are not in the feed subscriptions.
  const lists = useListSubscriptions(feed.kind === "list").data
  const inboxes = useInboxes(feed.kind === "inbox").data
  const searches = useSavedSearches(feed.kind === "search").data
  const viewName = (v: number) => {
    const meta = viewMeta(v)
    return meta ? t(meta.nameKey) : t("sidebar.all")
  }
  const inView = (v: number) => subscriptionsInView(subs, v).map((sub) => sub.feedId)
  const known = counts !== undefined
  switch (feed.kind) {
    case "all":
      return { title: viewName(view), unread: known ? sumUnread(counts, inView(view)) : undefined }
    case "view":
      return { title: viewName(feed.view), unread: known ? sumUnread(counts, inView(feed.view)) : undefined }
    case "collections":
      return { title: t("sidebar.starred"), unread: undefined }
    case "feed": {
      const sub = subs.find((s) => s.feedId === feed.feedId)
      return {
        title: sub ? subscriptionTitle(sub) : t("timeline.feed"),
        unread: counts?.[feed.feedId],
        ownerUserId: sub?.feeds.ownerUserId ?? null,
      }
    }
    case "folder": {
      const ids = feedIdsInCategory(subs, view, feed.category)
      return { title: feed.category, unread: known ? sumUnread(counts, ids) : undefined }
    }
    case "list": {
      const sub = lists?.find((item) => item.listId === feed.listId)
      const title = sub?.title?.trim() || sub?.lists.title?.trim() || t("timeline.list")
      return { title, unread: counts?.[feed.listId] }
    }
    case "inbox": {
      const inbox = inboxes?.find((item) => item.id === feed.inboxId)
      return { title: inbox?.title?.trim() || inbox?.id || t("timeline.inbox"), unread: counts?.[feed.inboxId] }
    }
    case "search": {
      const search = searches?.find((item) => item.id === feed.searchId)
      return { title: search?.title || t("timeline.saved_search"), unread: search?.unread }
    }
  }
}
