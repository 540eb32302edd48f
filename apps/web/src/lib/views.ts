// The content views as the UI shows them: icon and display-name key per view (spec §3).
import { FeedViewType } from "@tidings/shared"
import type { IconName } from "../components/ui/icons.tsx"

export interface ViewMeta {
  view: number
  icon: IconName
  nameKey:
    | "feed_view_type.articles"
    | "feed_view_type.social_media"
    | "feed_view_type.pictures"
    | "feed_view_type.videos"
    | "feed_view_type.audios"
    | "feed_view_type.notifications"
  /** Audios and Notifications appear only when they hold feeds. */
  alwaysShown: boolean
}

export const views: ViewMeta[] = [
  { view: FeedViewType.Articles, icon: "articles", nameKey: "feed_view_type.articles", alwaysShown: true },
  { view: FeedViewType.SocialMedia, icon: "social", nameKey: "feed_view_type.social_media", alwaysShown: true },
  { view: FeedViewType.Pictures, icon: "pictures", nameKey: "feed_view_type.pictures", alwaysShown: true },
  { view: FeedViewType.Videos, icon: "videos", nameKey: "feed_view_type.videos", alwaysShown: true },
  { view: FeedViewType.Audios, icon: "audios", nameKey: "feed_view_type.audios", alwaysShown: false },
  {
    view: FeedViewType.Notifications,
    icon: "notifications",
    nameKey: "feed_view_type.notifications",
    alwaysShown: false,
  },
]

export function viewMeta(view: number): ViewMeta | undefined {
  return views.find((meta) => meta.view === view)
}

/** The views the sidebar lists, given which views hold subscriptions. */
export function visibleViews(viewsWithFeeds: ReadonlySet<number>): ViewMeta[] {
  return views.filter((meta) => meta.alwaysShown || viewsWithFeeds.has(meta.view))
}
