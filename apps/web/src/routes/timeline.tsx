// The reader: sidebar, entry list and entry detail side by side (column widths from the UI settings); under
// 1024 px one column at a time (features/layout/mobile-timeline.tsx).
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Outlet } from "react-router"
import { UserMenu } from "../features/auth/user-menu.tsx"
import { OfflineIndicator } from "../features/connectivity/offline-indicator.tsx"
import { MobileTimeline } from "../features/layout/mobile-timeline.tsx"
import { ShellDialogs } from "../features/layout/shell-dialogs.tsx"
import { Sidebar } from "../features/subscriptions/sidebar.tsx"
import { EntryColumn } from "../features/timeline/entry-column.tsx"
import { useIsMobile } from "../lib/use-media-query.ts"
import { useLayoutStore } from "../stores/layout-store.ts"
import { useSettingsStore } from "../stores/settings-store.ts"

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
      {mobile ? <MobileTimeline sidebar={sidebar} /> : <DesktopTimeline sidebar={sidebar} />}
      <ShellDialogs />
    </>
  )
}

function DesktopTimeline({ sidebar }: { sidebar: ReactNode }) {
  const { t } = useTranslation()
  const feedColWidth = useSettingsStore((state) => state.ui.feedColWidth)
  const entryColWidth = useSettingsStore((state) => state.ui.entryColWidth)
  const sidebarHidden = useLayoutStore((state) => state.sidebarHidden)
  // Zen mode hides the columns but keeps them mounted, so j/k and the list's place survive.
  const zen = useLayoutStore((state) => state.zen)
  return (
    <div className="flex h-dvh overflow-hidden bg-surface text-ink" data-layout="desktop">
      {!sidebarHidden && (
        <aside
          style={{ width: feedColWidth }}
          className={zen ? "hidden" : "shrink-0 border-r border-line"}
          data-focus-scope="subscription-list"
        >
          {sidebar}
        </aside>
      )}
      <section
        style={{ width: entryColWidth }}
        className={zen ? "hidden" : "flex shrink-0 flex-col border-r border-line"}
        aria-label={t("timeline.entries")}
        data-focus-scope="timeline"
      >
        <EntryColumn />
      </section>
      <main className="min-w-0 flex-1" data-focus-scope="entry-render">
        <Outlet />
      </main>
    </div>
  )
}
