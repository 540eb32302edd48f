// The left column: brand and add-feed button, the view tabs, the feed tree, and a footer slot (user menu).
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { cx } from "../../lib/cx.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { feedIdsByView } from "../../queries/subscription-selectors.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { useUnreadCounts } from "../../queries/unread.ts"
import { sumUnread } from "../../queries/unread-counts.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useEffectiveUi } from "../../stores/settings-store.ts"
import { FeedTree } from "./feed-tree.tsx"
import { ViewSwitcher } from "./view-switcher.tsx"

export function Sidebar({ footer }: { footer: ReactNode }) {
  const { t } = useTranslation(["app", "common"])
  const location = useTimelineLocation()
  const subscriptions = useSubscriptions()
  const counts = useUnreadCounts().data
  const openDialog = useLayoutStore((state) => state.openDialog)
  const addSource = () => openDialog("add-source")
  const subs = subscriptions.data ?? []
  // Off (the default), the sidebar lets a little of what is behind it through, as the desktop app's vibrancy does.
  const opaque = useEffectiveUi("opaqueSidebar")

  return (
    <div
      className={cx("flex h-full flex-col", opaque ? "bg-canvas" : "bg-canvas/75 backdrop-blur-xl")}
      data-opaque={opaque}
      data-testid="sidebar"
    >
      <div className="flex h-14 shrink-0 items-center gap-2 px-4">
        <img src="/favicon.svg" alt="" className="size-6" />
        <span className="flex-1 text-[0.9375rem] font-semibold tracking-tight">{t("brand")}</span>
        <Button
          variant="ghost"
          size="icon"
          onClick={addSource}
          aria-label={t("subscription.add")}
          title={t("subscription.add")}
          data-testid="add-feed-button"
        >
          <Icon name="plus" />
        </Button>
      </div>
      <ViewSwitcher
        current={location.view}
        feedIdsByView={feedIdsByView(subs)}
        unreadOf={(feedIds) => sumUnread(counts, feedIds)}
      />
      <div className="mt-2 min-h-0 flex-1 overflow-y-auto pb-4">
        {subscriptions.isPending ? (
          <LoadingPane label={t("common:status.loading")} />
        ) : (
          <FeedTree location={location} subs={subs} counts={counts} onAddFeed={addSource} />
        )}
      </div>
      <div className="shrink-0 border-t border-line p-2">{footer}</div>
    </div>
  )
}
