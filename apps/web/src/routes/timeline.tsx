// The reader: sidebar, entry list and entry detail side by side (column widths from the UI settings).
import { useTranslation } from "react-i18next"
import { Outlet } from "react-router"
import { UserMenu } from "../features/auth/user-menu.tsx"
import { OfflineIndicator } from "../features/connectivity/offline-indicator.tsx"
import { MediaHost } from "../features/gallery/media-host.tsx"
import { Sidebar } from "../features/subscriptions/sidebar.tsx"
import { EntryColumn } from "../features/timeline/entry-column.tsx"
import { isWideView } from "../features/views/view-list.tsx"
import { cx } from "../lib/cx.ts"
import { useTimelineLocation } from "../lib/use-timeline-location.ts"
import { useSettingsStore } from "../stores/settings-store.ts"

export function TimelineRoute() {
  const { t } = useTranslation()
  const feedColWidth = useSettingsStore((state) => state.ui.feedColWidth)
  const entryColWidth = useSettingsStore((state) => state.ui.entryColWidth)
  const wideMode = useSettingsStore((state) => state.ui.wideMode)
  const { view, entryId } = useTimelineLocation()
  // Pictures and videos (and social media in wide mode) open in the gallery or the player, not in a detail pane;
  // an entry opened all the same (a post's link, a shortcut) brings the pane back.
  const wide = isWideView(view, wideMode) && !entryId

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
        style={wide ? undefined : { width: entryColWidth }}
        className={cx("flex flex-col border-r border-line", wide ? "min-w-0 flex-1" : "shrink-0")}
        aria-label={t("timeline.entries")}
      >
        <EntryColumn />
      </section>
      {!wide && (
        <main className="min-w-0 flex-1">
          <Outlet />
        </main>
      )}
      <MediaHost />
    </div>
  )
}
