// The reader: sidebar, entry list and entry detail side by side (column widths from the UI settings).
import { useTranslation } from "react-i18next"
import { Outlet } from "react-router"
import { UserMenu } from "../features/auth/user-menu.tsx"
import { OfflineIndicator } from "../features/connectivity/offline-indicator.tsx"
import { Sidebar } from "../features/subscriptions/sidebar.tsx"
import { EntryColumn } from "../features/timeline/entry-column.tsx"
import { useSettingsStore } from "../stores/settings-store.ts"

export function TimelineRoute() {
  const { t } = useTranslation()
  const feedColWidth = useSettingsStore((state) => state.ui.feedColWidth)
  const entryColWidth = useSettingsStore((state) => state.ui.entryColWidth)

  return (
    <div className="flex h-dvh overflow-hidden bg-surface text-ink">
      <aside style={{ width: feedColWidth }} className="shrink-0 border-r border-line">
        <Sidebar
          footer={
            <>
              <OfflineIndicator />
              <UserMenu />
            </>
          }
        />
      </aside>
      <section
        style={{ width: entryColWidth }}
        className="flex shrink-0 flex-col border-r border-line"
        aria-label={t("timeline.entries")}
      >
        <EntryColumn />
      </section>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  )
}
