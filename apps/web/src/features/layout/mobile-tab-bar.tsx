// The phone's views as a bottom tab bar: icon, name and unread total per view, like the sidebar's tabs.
import { useLayoutEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { visibleViews } from "../../lib/views.ts"
import { feedIdsByView } from "../../queries/subscription-selectors.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { useUnreadCounts } from "../../queries/unread.ts"
import { sumUnread } from "../../queries/unread-counts.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"

export function MobileTabBar({ current }: { current: number }) {
  const { t, i18n } = useTranslation()
  const byView = feedIdsByView(useSubscriptions().data ?? [])
  const counts = useUnreadCounts().data
  const badges = useSettingsStore((state) => state.ui.showUnreadCountBadgeMobile)
  const ref = useRef<HTMLElement>(null)
  useTabBarHeight(ref)

  return (
    <nav
      ref={ref}
      aria-label={t("sidebar.views")}
      className="flex shrink-0 border-t border-line bg-canvas pb-[env(safe-area-inset-bottom)]"
      data-testid="tab-bar"
    >
      {visibleViews(new Set(byView.keys())).map((meta) => {
        const active = meta.view === current
        const unread = sumUnread(counts, byView.get(meta.view) ?? [])
        return (
          <Link
            key={meta.view}
            to={timelinePath({ view: meta.view, feed: { kind: "all" } })}
            aria-current={active ? "page" : undefined}
            data-testid={`tab-${meta.view}`}
            className={cx(
              "relative flex min-w-0 flex-1 flex-col items-center gap-0.5 pt-1.5 pb-1 text-[0.625rem] font-medium",
              active ? "text-accent-strong" : "text-ink-soft",
            )}
          >
            <Icon name={meta.icon} className="size-5" />
            <span className="max-w-full truncate">{t(meta.nameKey)}</span>
            {badges && unread > 0 && (
              <span
                data-testid="tab-unread"
                className="absolute top-0.5 left-1/2 ml-2 rounded-full bg-accent px-1 text-[0.5625rem] leading-3.5 text-on-accent tabular-nums"
              >
                {formatShortNumber(unread, i18n.language)}
              </span>
            )}
          </Link>
        )
      })}
    </nav>
  )
}

/** The bar's height as --tab-bar-height on the root, so floating parts (the audio player) sit above it. */
function useTabBarHeight(ref: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const bar = ref.current
    if (!bar) return
    const root = document.documentElement
    const update = () => root.style.setProperty("--tab-bar-height", `${bar.offsetHeight}px`)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(bar)
    return () => {
      observer.disconnect()
      root.style.removeProperty("--tab-bar-height")
    }
  }, [ref])
}
