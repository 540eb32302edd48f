// The timeline's body per view: articles are bundled; every other view's list loads on demand (split by view).
import { FeedViewType } from "@tidings/shared"
import { type ComponentType, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { withStrings } from "../../i18n/with-strings.ts"
import { onDemand } from "../../lib/on-demand.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { EntryList, type EntryListProps } from "../timeline/entry-list.tsx"
import { RowTextProvider } from "../timeline/row-text.tsx"

// The views' layouts share their own strings (the "views" namespace), which arrive with them.
const lists: Partial<Record<number, ReturnType<typeof onDemand<EntryListProps>>>> = {
  [FeedViewType.SocialMedia]: onDemand(withStrings(["views"], () => import("./social/social-list.tsx"))),
  [FeedViewType.Pictures]: onDemand(withStrings(["views"], () => import("./media-grid/picture-view.tsx"))),
  [FeedViewType.Videos]: onDemand(withStrings(["views"], () => import("./media-grid/video-view.tsx"))),
  [FeedViewType.Audios]: onDemand(withStrings(["views"], () => import("./audio/audio-list.tsx"))),
  [FeedViewType.Notifications]: onDemand(() => import("./notification/notification-list.tsx")),
}

/**
 * Starts loading a view's list while its first page is still on the way, so the two downloads overlap instead of
 * the list's code waiting for the entries; answers when it is in. Articles are bundled: nothing to load.
 */
export function preloadViewList(view: number): Promise<unknown> {
  return lists[view]?.start() ?? Promise.resolve()
}

/** Whether the view's list can be drawn at once (bundled, or its code is in). */
export function viewListLoaded(view: number): boolean {
  return lists[view]?.loaded() ?? true
}

function bodyOf(view: number): ComponentType<EntryListProps> {
  return lists[view]?.Component ?? EntryList
}

export function ViewList({ view, ...props }: EntryListProps & { view: number }) {
  const { t } = useTranslation("common")
  const dimRead = useSettingsStore((state) => state.general.dimRead)
  const Body = bodyOf(view)
  // dimRead: every layout's rows carry data-read; index.css fades the read ones inside this box.
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-dim-read={dimRead ? "true" : undefined}>
      <Suspense fallback={<LoadingPane label={t("status.loading")} />}>
        {/* Above the list, which renders on every scroll frame: the rows' shared texts are read once here. */}
        <RowTextProvider>
          <Body {...props} />
        </RowTextProvider>
      </Suspense>
    </div>
  )
}

/** Views whose list takes the whole width, with no detail pane: their cards open the gallery or the player. */
export function isWideView(view: number, wideMode: boolean): boolean {
  return (
    view === FeedViewType.Pictures || view === FeedViewType.Videos || (view === FeedViewType.SocialMedia && wideMode)
  )
}
