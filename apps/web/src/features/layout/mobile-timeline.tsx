// Under 1024 px one column at a time: the timeline with a drawer for the subscriptions and the views as a
// bottom tab bar, or the open entry with a back button and a swipe from the left edge back to the list.
import { type ReactNode, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link, Outlet, useNavigate } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { timelinePath } from "../../lib/route-ids.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { EntryColumn } from "../timeline/entry-column.tsx"
import { Drawer } from "./drawer.tsx"
import { MobileTabBar } from "./mobile-tab-bar.tsx"

/** A back swipe starts near the left edge and travels at least this far to the right. */
const EDGE_PX = 32
const BACK_SWIPE_PX = 80

/** startupScreen applies once per page load, not each time the phone layout mounts again. */
let startupScreenApplied = false

export function MobileTimeline({ sidebar }: { sidebar: ReactNode }) {
  const { t } = useTranslation()
  const location = useTimelineLocation()
  const drawerOpen = useLayoutStore((state) => state.drawerOpen)
  const setDrawer = useLayoutStore((state) => state.setDrawer)
  const listPath = timelinePath({ view: location.view, feed: location.feed })
  const showTabBar = useSettingsStore((state) => state.general.showQuickTimeline)
  const startOnSubscriptions = useSettingsStore((state) => state.general.startupScreen === "subscription")
  // startupScreen "subscription": the app opens on the subscription list (the drawer) rather than the timeline.
  useEffect(() => {
    if (startupScreenApplied) return
    startupScreenApplied = true
    if (startOnSubscriptions && !location.entryId) setDrawer(true)
  }, [startOnSubscriptions, location.entryId, setDrawer])

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-surface text-ink" data-layout="mobile">
      {location.entryId ? (
        <EntryPane listPath={listPath} />
      ) : (
        <section
          className="flex min-h-0 flex-1 flex-col"
          aria-label={t("timeline.entries")}
          data-focus-scope="timeline"
        >
          <EntryColumn
            headerLeading={
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("layout.open_subscriptions")}
                title={t("layout.open_subscriptions")}
                aria-expanded={drawerOpen}
                onClick={() => setDrawer(true)}
                data-testid="open-drawer"
              >
                <Icon name="menu" />
              </Button>
            }
          />
        </section>
      )}
      {/* showQuickTimeline: the views bar; without it the views stay in the drawer. */}
      {!location.entryId && showTabBar && <MobileTabBar current={location.view} />}
      <Drawer open={drawerOpen} onClose={() => setDrawer(false)} label={t("sidebar.subscriptions")}>
        {sidebar}
      </Drawer>
    </div>
  )
}

function EntryPane({ listPath }: { listPath: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const start = useRef<{ x: number; y: number } | null>(null)

  return (
    <main
      className="flex min-h-0 flex-1 flex-col"
      data-focus-scope="entry-render"
      onTouchStart={(event) => {
        const touch = event.touches[0]
        start.current = touch && touch.clientX <= EDGE_PX ? { x: touch.clientX, y: touch.clientY } : null
      }}
      onTouchEnd={(event) => {
        const touch = event.changedTouches[0]
        const from = start.current
        start.current = null
        if (!from || !touch) return
        const dx = touch.clientX - from.x
        if (dx >= BACK_SWIPE_PX && Math.abs(touch.clientY - from.y) < dx) navigate(listPath)
      }}
    >
      <div className="flex h-11 shrink-0 items-center border-b border-line px-2">
        <Link
          to={listPath}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-accent-strong hover:bg-hover"
          data-testid="entry-back"
        >
          <Icon name="arrowLeft" className="size-4" />
          {t("layout.back")}
        </Link>
      </div>
      <div className="min-h-0 flex-1">
        <Outlet />
      </div>
    </main>
  )
}
