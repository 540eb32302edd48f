// The views as tabs: Articles, Social media, Pictures, Videos always; Audios and Notifications when they hold
// feeds. Each shows its unread total.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { useIsMobile } from "../../lib/use-media-query.ts"
import { visibleViews } from "../../lib/views.ts"
import { useEffectiveUi, useSettingsStore } from "../../stores/settings-store.ts"

export function ViewSwitcher({
  current,
  feedIdsByView,
  unreadOf,
}: {
  current: number
  feedIdsByView: Map<number, string[]>
  unreadOf: (feedIds: string[]) => number
}) {
  const { t, i18n } = useTranslation()
  const shown = visibleViews(new Set(feedIdsByView.keys()))
  // hideExtraBadge (behind the enhanced gate): the per-feed counts stay, the tabs' totals go.
  const extraBadgesHidden = useEffectiveUi("hideExtraBadge")
  // Under 1024 px the phone setting decides as well (the sidebar is then a drawer).
  const mobile = useIsMobile()
  const phoneShows = useSettingsStore((state) => state.ui.showUnreadCountViewAndSubscriptionMobile)
  const hideTotals = extraBadgesHidden || (mobile && !phoneShows)

  return (
    <nav aria-label={t("sidebar.views")} className="grid grid-flow-col gap-0.5 px-2" data-testid="view-switcher">
      {shown.map((meta) => {
        const active = meta.view === current
        const unread = unreadOf(feedIdsByView.get(meta.view) ?? [])
        return (
          <Link
            key={meta.view}
            to={timelinePath({ view: meta.view, feed: { kind: "all" } })}
            aria-current={active ? "page" : undefined}
            title={t(meta.nameKey)}
            data-testid={`view-tab-${meta.view}`}
            data-unread={unread}
            className={cx(
              "flex flex-col items-center gap-0.5 rounded-lg py-1.5 transition-colors",
              active ? "text-accent-strong" : "text-ink-faint hover:bg-hover hover:text-ink-soft",
            )}
          >
            <Icon name={meta.icon} className="size-[18px]" />
            <span className="sr-only">{t(meta.nameKey)}</span>
            <span className="h-3.5 text-[0.625rem] leading-3.5 font-medium tabular-nums">
              {unread > 0 && !hideTotals ? formatShortNumber(unread, i18n.language) : ""}
            </span>
          </Link>
        )
      })}
    </nav>
  )
}
