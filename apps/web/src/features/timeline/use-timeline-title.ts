// The header's title and unread count for the current selection.
import type { FeedSubscription } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import type { TimelineLocation } from "../../lib/route-ids.ts"
import { viewMeta } from "../../lib/views.ts"
import { feedIdsInCategory, subscriptionsInView, subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { useUnreadCounts } from "../../queries/unread.ts"
import { sumUnread } from "../../queries/unread-counts.ts"

export function useTimelineTitle(location: TimelineLocation, subs: readonly FeedSubscription[]) {
  const { t } = useTranslation()
  const counts = useUnreadCounts().data
  const { feed, view } = location
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
      return { title: sub ? subscriptionTitle(sub) : t("timeline.feed"), unread: counts?.[feed.feedId] }
    }
    case "folder": {
      const ids = feedIdsInCategory(subs, view, feed.category)
      return { title: feed.category, unread: known ? sumUnread(counts, ids) : undefined }
    }
    case "list":
      return { title: t("timeline.list"), unread: counts?.[feed.listId] }
    case "inbox":
      return { title: t("timeline.inbox"), unread: counts?.[feed.inboxId] }
  }
}
