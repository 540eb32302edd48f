// The timeline's body per view: articles are bundled; every other view's list loads on demand (split by view).
import { FeedViewType } from "@tidings/shared"
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { withStrings } from "../../i18n/with-strings.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { EntryList, type EntryListProps } from "../timeline/entry-list.tsx"

// The views' layouts share their own strings (the "views" namespace), which arrive with them.
const loadSocialList = withStrings(["views"], () => import("./social/social-list.tsx"))
const loadPictureView = withStrings(["views"], () => import("./media-grid/picture-view.tsx"))
const loadVideoView = withStrings(["views"], () => import("./media-grid/video-view.tsx"))
const loadAudioList = withStrings(["views"], () => import("./audio/audio-list.tsx"))
const loadNotificationList = () => import("./notification/notification-list.tsx")

const SocialList = lazy(loadSocialList)
const PictureView = lazy(loadPictureView)
const VideoView = lazy(loadVideoView)
const AudioList = lazy(loadAudioList)
const NotificationList = lazy(loadNotificationList)

/**
 * Starts loading a view's list while its first page is still on the way, so the two downloads overlap instead of
 * the list's code waiting for the entries. Articles are bundled: nothing to load.
 */
export function preloadViewList(view: number): void {
  switch (view) {
    case FeedViewType.SocialMedia:
      void loadSocialList()
      break
    case FeedViewType.Pictures:
      void loadPictureView()
      break
    case FeedViewType.Videos:
      void loadVideoView()
      break
    case FeedViewType.Audios:
      void loadAudioList()
      break
    case FeedViewType.Notifications:
      void loadNotificationList()
      break
  }
}

function bodyOf(view: number) {
  switch (view) {
    case FeedViewType.SocialMedia:
      return SocialList
    case FeedViewType.Pictures:
      return PictureView
    case FeedViewType.Videos:
      return VideoView
    case FeedViewType.Audios:
      return AudioList
    case FeedViewType.Notifications:
      return NotificationList
    default:
      return EntryList
  }
}

export function ViewList({ view, ...props }: EntryListProps & { view: number }) {
  const { t } = useTranslation("common")
  const dimRead = useSettingsStore((state) => state.general.dimRead)
  const Body = bodyOf(view)
  // dimRead: every layout's rows carry data-read; index.css fades the read ones inside this box.
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-dim-read={dimRead ? "true" : undefined}>
      <Suspense fallback={<LoadingPane label={t("status.loading")} />}>
        <Body {...props} />
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
