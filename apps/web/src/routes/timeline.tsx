// The reader: sidebar, entry list and entry detail side by side (column widths from the UI settings), and the fixed
// AI panel as a last column, for which the others make room (features/layout/column-plan.ts); under 1024 px one
// column at a time (features/layout/mobile-timeline.tsx).
import { lazy, type ReactNode, Suspense, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { Outlet } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { Icon } from "../components/ui/icons.tsx"
import { UserMenu } from "../features/auth/user-menu.tsx"
import { OfflineIndicator } from "../features/connectivity/offline-indicator.tsx"
import { MediaHost } from "../features/gallery/media-host.tsx"
import { planColumns } from "../features/layout/column-plan.ts"
import { ColumnSeparator, useColumnWidth } from "../features/layout/column-separator.tsx"
import { ShellDialogs } from "../features/layout/shell-dialogs.tsx"
import { Sidebar } from "../features/subscriptions/sidebar.tsx"
import { EntryColumn } from "../features/timeline/entry-column.tsx"
import { isWideView } from "../features/views/view-list.tsx"
import { cx } from "../lib/cx.ts"
import { afterFirstScreen, useAfterFirstScreen } from "../lib/first-screen.ts"
import { MOBILE_QUERY, useIsMobile } from "../lib/use-media-query.ts"
import { useTimelineLocation } from "../lib/use-timeline-location.ts"
import { useWindowWidth } from "../lib/use-window-size.ts"
import { useLayoutStore } from "../stores/layout-store.ts"
import { useSettingsStore } from "../stores/settings-store.ts"

const AiPanelHost = lazy(() => import("../features/ai-chat/ai-panel-host.tsx"))

// The phone layout is its own chunk, so a desktop's first screen does without it. A phone asks for it as soon as this
// module runs, beside the first calls, so it is there before the first rows are; a desktop fetches it a few seconds
// after its first screen, so a window narrowed later (offline, too) has it at hand.
const loadMobileTimeline = () => import("../features/layout/mobile-timeline.tsx")
if (typeof window !== "undefined" && window.matchMedia?.(MOBILE_QUERY).matches) void loadMobileTimeline()
else void afterFirstScreen(3000).then(() => setTimeout(() => void loadMobileTimeline().catch(() => {}), 2000))
// Should the chunk still fail to load (offline before it ever came), the desktop layout stands in rather than the
// error page.
const MobileTimeline = lazy(() =>
  loadMobileTimeline().then(
    (module) => ({ default: module.MobileTimeline }),
    () => ({ default: DesktopTimeline }),
  ),
)

/** The AI panel (and its launcher) once the first screen is drawn: its code is not part of that screen. */
function DeferredAiPanel({ placement, width }: { placement: "column" | "overlay"; width?: number }) {
  const ready = useAfterFirstScreen(3000)
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <AiPanelHost placement={placement} width={width} />
    </Suspense>
  )
}

export function TimelineRoute() {
  const mobile = useIsMobile()
  const sidebar = (
    <Sidebar
      footer={
        <>
          <OfflineIndicator />
          <UserMenu />
        </>
      }
    />
  )

  // The dialogs sit beside either layout, so an open one survives the window crossing 1024 px.
  return (
    <>
      {mobile ? (
        <Suspense fallback={<div className="h-dvh bg-surface" aria-busy="true" />}>
          <MobileTimeline sidebar={sidebar} />
        </Suspense>
      ) : (
        <DesktopTimeline sidebar={sidebar} />
      )}
      <ShellDialogs />
      <MediaHost />
      <DeferredAiPanel placement="overlay" />
    </>
  )
}

function DesktopTimeline({ sidebar }: { sidebar: ReactNode }) {
  const { t } = useTranslation()
  const feedCol = useColumnWidth("feedColWidth")
  const entryCol = useColumnWidth("entryColWidth")
  const sidebarChoice = useLayoutStore((state) => state.sidebar)
  const setSidebarShown = useLayoutStore((state) => state.setSidebarShown)
  const toggleSidebar = useLayoutStore((state) => state.toggleSidebar)
  const wideMode = useSettingsStore((state) => state.ui.wideMode)
  const { view, entryId } = useTimelineLocation()
  // Pictures and videos (and social media in wide mode) open in the gallery or the player, not in a detail pane;
  // an entry opened all the same (a post's link, a shortcut) brings the pane back.
  const wide = isWideView(view, wideMode) && !entryId
  // Zen mode hides the columns but keeps them mounted, so j/k and the list's place survive. A wide list has no
  // detail pane to read in, so it stays.
  const zen = useLayoutStore((state) => state.zen) && !wide
  // The panel's host says when it draws the column (it comes after the first screen, and so does its code).
  const aiColumn = useLayoutStore((state) => state.aiColumn)
  const windowWidth = useWindowWidth()
  const aiWidth = useSettingsStore((state) => state.ui.aiColWidth)
  const plan = planColumns({
    window: windowWidth,
    feed: feedCol.width,
    entry: wide ? null : entryCol.width,
    ai: aiWidth,
    panel: aiColumn,
    sidebar: sidebarChoice,
  })
  useEffect(() => setSidebarShown(plan.sidebar), [plan.sidebar, setSidebarShown])
  // A sidebar folded away (by mod+B, or for the AI column) comes back from the list's header too.
  const showSidebar = !plan.sidebar && (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("layout.open_subscriptions")}
      title={t("layout.open_subscriptions")}
      aria-expanded={false}
      onClick={toggleSidebar}
      data-testid="show-sidebar"
    >
      <Icon name="menu" />
    </Button>
  )
  return (
    <div className="flex h-dvh overflow-hidden bg-surface text-ink" data-layout="desktop">
      {plan.sidebar && (
        <aside
          style={{ width: feedCol.width }}
          className={zen ? "hidden" : "relative shrink-0 border-r border-line"}
          data-focus-scope="subscription-list"
        >
          {sidebar}
          <ColumnSeparator column="feedColWidth" width={feedCol.width} onDrag={feedCol.setDragging} />
        </aside>
      )}
      <section
        style={plan.entry === null ? undefined : { width: plan.entry }}
        className={
          zen
            ? "hidden"
            : cx("@container relative flex flex-col border-r border-line", wide ? "min-w-0 flex-1" : "shrink-0")
        }
        aria-label={t("timeline.entries")}
        data-focus-scope="timeline"
      >
        <EntryColumn headerLeading={showSidebar || undefined} />
        {plan.entry !== null && (
          <ColumnSeparator column="entryColWidth" width={plan.entry} onDrag={entryCol.setDragging} />
        )}
      </section>
      {!wide && (
        <main className="min-w-0 flex-1" data-focus-scope="entry-render">
          <Outlet />
        </main>
      )}
      <DeferredAiPanel placement="column" width={plan.ai} />
    </div>
  )
}
