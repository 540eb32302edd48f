// The current view's subscriptions: All and Starred first, then category folders and uncategorised feeds.
import type { FeedSubscription, UnreadCounts } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { sameSelection, type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { withAutoGroups } from "../../queries/auto-group.ts"
import { groupByCategory, subscriptionsInView, withUnread } from "../../queries/subscription-selectors.ts"
import { sumUnread } from "../../queries/unread-counts.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { CategoryFolder } from "./category-folder.tsx"
import { SidebarRow } from "./sidebar-row.tsx"
import { SubscriptionRow } from "./subscription-row.tsx"
import { useSidebarMenus } from "./use-sidebar-menus.tsx"

export function FeedTree({
  location,
  subs,
  counts,
  onAddFeed,
}: {
  location: TimelineLocation
  subs: FeedSubscription[]
  counts: UnreadCounts | undefined
  onAddFeed: () => void
}) {
  const { t } = useTranslation()
  const { view, feed: selection } = location
  const autoGroup = useSettingsStore((state) => state.general.autoGroup)
  const inView = subscriptionsInView(autoGroup ? withAutoGroups(subs) : subs, view)
  const unreadOf = (feedIds: string[]) => sumUnread(counts, feedIds)
  const hideAllRead = useSettingsStore((state) => state.general.hideAllReadSubscriptions)
  const current = selection.kind === "feed" ? selection.feedId : undefined
  const shown = hideAllRead ? withUnread(inView, (feedId) => unreadOf([feedId]), current) : inView
  const { folders, loose } = groupByCategory(shown)
  const { onFeedMenu, onFolderMenu, overlays } = useSidebarMenus(location, subs)

  return (
    <nav aria-label={t("sidebar.subscriptions")} className="flex flex-col gap-px px-2" data-testid="feed-tree">
      <SidebarRow
        to={timelinePath({ view, feed: { kind: "all" } })}
        label={t("sidebar.all")}
        icon={<Icon name="all" className="size-4 shrink-0 opacity-70" />}
        count={unreadOf(inView.map((sub) => sub.feedId))}
        active={sameSelection(selection, { kind: "all" })}
        testId="sidebar-all"
      />
      <SidebarRow
        to={timelinePath({ view, feed: { kind: "collections" } })}
        label={t("sidebar.starred")}
        icon={<Icon name="star" className="size-4 shrink-0 opacity-70" />}
        active={sameSelection(selection, { kind: "collections" })}
        testId="sidebar-starred"
      />
      <h2 className="mt-4 mb-1 px-2.5 text-[11px] font-semibold tracking-wider text-ink-faint uppercase">
        {t("sidebar.feeds")}
      </h2>
      {inView.length === 0 && (
        <div className="mx-1 rounded-xl border border-dashed border-line px-3 py-4 text-center text-xs text-ink-faint">
          <p>{t("sidebar.empty_view")}</p>
          <Button size="sm" variant="ghost" className="mt-2 text-accent" onClick={onAddFeed}>
            <Icon name="plus" className="size-3.5" />
            {t("subscription.add")}
          </Button>
        </div>
      )}
      {folders.map((folder) => (
        <CategoryFolder
          key={folder.category}
          view={view}
          category={folder.category}
          subscriptions={folder.subscriptions}
          selection={selection}
          unreadOf={unreadOf}
          onFolderMenu={onFolderMenu}
          onFeedMenu={onFeedMenu}
        />
      ))}
      {loose.map((sub) => (
        <SubscriptionRow
          key={sub.feedId}
          sub={sub}
          view={view}
          selection={selection}
          count={unreadOf([sub.feedId])}
          onMenu={onFeedMenu}
        />
      ))}
      {overlays}
    </nav>
  )
}
