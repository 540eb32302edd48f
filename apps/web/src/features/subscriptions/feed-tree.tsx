// The current view's subscriptions: All and Starred first, then category folders and uncategorised feeds. Feeds
// can be multi-selected (mod+click, shift+click) and dragged onto a folder or the "no category" area.
import type { FeedSubscription, UnreadCounts } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { sameSelection, type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { withAutoGroups } from "../../queries/auto-group.ts"
import { groupByCategory, subscriptionsInView, withUnread } from "../../queries/subscription-selectors.ts"
import { useBatchUpdate } from "../../queries/subscriptions.ts"
import { sumUnread } from "../../queries/unread-counts.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { folderKey, useSidebarStore } from "../../stores/sidebar-store.ts"
import { CategoryFolder } from "./category-folder.tsx"
import { SavedSearchesSection } from "./saved-searches-section.tsx"
import { SelectionBar } from "./selection-bar.tsx"
import { SidebarRow } from "./sidebar-row.tsx"
import type { FeedRowControls } from "./subscription-row.tsx"
import { SubscriptionRow } from "./subscription-row.tsx"
import { useFeedDrag } from "./use-feed-drag.ts"
import { useSidebarMenus } from "./use-sidebar-menus.tsx"
import { useSidebarSelection } from "./use-sidebar-selection.ts"

/** Feed ids in the order the tree shows them (closed folders hide theirs), for shift+click ranges. */
function shownOrder(grouped: ReturnType<typeof groupByCategory>, isOpen: (category: string) => boolean): string[] {
  return [
    ...grouped.folders.flatMap((folder) =>
      isOpen(folder.category) ? folder.subscriptions.map((sub) => sub.feedId) : [],
    ),
    ...grouped.loose.map((sub) => sub.feedId),
  ]
}

export function FeedTree(props: {
  location: TimelineLocation
  subs: FeedSubscription[]
  counts: UnreadCounts | undefined
  onAddFeed: () => void
}) {
  const { t } = useTranslation(["app", "subscriptions"])
  const { location, subs, counts } = props
  const { view, feed: selection } = location
  const autoGroup = useSettingsStore((state) => state.general.autoGroup)
  const inView = subscriptionsInView(autoGroup ? withAutoGroups(subs) : subs, view)
  const unreadOf = (feedIds: string[]) => sumUnread(counts, feedIds)
  const hideAllRead = useSettingsStore((state) => state.general.hideAllReadSubscriptions)
  const current = selection.kind === "feed" ? selection.feedId : undefined
  const shown = hideAllRead ? withUnread(inView, (feedId) => unreadOf([feedId]), current) : inView
  const grouped = groupByCategory(shown)
  const openFolders = useSidebarStore((state) => state.openFolders)
  const picked = useSidebarSelection(shownOrder(grouped, (category) => Boolean(openFolders[folderKey(view, category)])))
  const batch = useBatchUpdate()
  const drag = useFeedDrag((feedIds, category) => {
    const moving = feedIds.filter((id) => (subs.find((sub) => sub.feedId === id)?.category ?? null) !== category)
    if (moving.length) batch.mutate({ feedIds: moving, category })
    picked.clear()
  })
  const menus = useSidebarMenus(location, subs, picked)
  const controls: FeedRowControls = {
    isSelected: (feedId) => picked.selection.ids.has(feedId),
    selectedNote: t("subscriptions:sidebar.selected"),
    onClick: picked.onRowClick,
    onDragStart: (sub, event) => drag.start(picked.actingOn(sub.feedId), event),
    onDragEnd: drag.end,
  }
  const looseTarget = drag.target(null)

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
      <SavedSearchesSection location={location} />
      <h2 className="mt-4 mb-1 px-2.5 text-[0.6875rem] font-semibold tracking-wider text-ink-faint uppercase">
        {t("sidebar.feeds")}
      </h2>
      {picked.selection.ids.size > 0 && (
        <SelectionBar
          count={picked.selection.ids.size}
          onMove={() => menus.moveSelection()}
          onUnsubscribe={() => menus.unsubscribeSelection()}
          onClear={picked.clear}
        />
      )}
      {inView.length === 0 && (
        <div className="mx-1 rounded-xl border border-dashed border-line px-3 py-4 text-center text-xs text-ink-faint">
          <p>{t("sidebar.empty_view")}</p>
          <Button size="sm" variant="ghost" className="mt-2 text-accent" onClick={props.onAddFeed}>
            <Icon name="plus" className="size-3.5" />
            {t("subscription.add")}
          </Button>
        </div>
      )}
      {grouped.folders.map((folder) => (
        <CategoryFolder
          key={folder.category}
          view={view}
          category={folder.category}
          subscriptions={folder.subscriptions}
          selection={selection}
          unreadOf={unreadOf}
          onFolderMenu={menus.onFolderMenu}
          onFeedMenu={menus.onFeedMenu}
          controls={controls}
          dropTarget={drag.target(folder.category)}
        />
      ))}
      <div
        {...looseTarget}
        className="flex flex-col gap-px rounded-lg data-drop-over:bg-accent/10"
        data-testid="loose-feeds"
      >
        {grouped.loose.map((sub) => (
          <SubscriptionRow
            key={sub.feedId}
            sub={sub}
            view={view}
            selection={selection}
            count={unreadOf([sub.feedId])}
            onMenu={menus.onFeedMenu}
            controls={controls}
          />
        ))}
        {drag.dragging && (
          <div
            className={cx(
              "mt-1 rounded-lg border border-dashed px-3 py-2 text-center text-xs",
              looseTarget["data-drop-over"] ? "border-accent text-ink" : "border-line text-ink-faint",
            )}
            data-testid="drop-no-category"
          >
            {t("subscriptions:sidebar.drop_no_category")}
          </div>
        )}
      </div>
      {menus.overlays}
    </nav>
  )
}
