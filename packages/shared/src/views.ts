// Content views (spec §3). All = -1 exists only in the client; the API leaves `view` out instead.
export const FeedViewType = {
  All: -1,
  Articles: 0,
  SocialMedia: 1,
  Pictures: 2,
  Videos: 3,
  Audios: 4,
  Notifications: 5,
} as const

export type FeedViewType = (typeof FeedViewType)[keyof typeof FeedViewType]

/** Views a subscription or entry can be in (everything but All). */
export const subscriptionViews = [0, 1, 2, 3, 4, 5] as const

/** i18n keys of the views' display names (spec: feed_view_type.*). */
export const viewNameKeys: Record<number, string> = {
  0: "feed_view_type.articles",
  1: "feed_view_type.social_media",
  2: "feed_view_type.pictures",
  3: "feed_view_type.videos",
  4: "feed_view_type.audios",
  5: "feed_view_type.notifications",
}

/** Views the sidebar shows even when empty; the others appear only when they hold feeds. */
export const alwaysShownViews = [0, 1, 2, 3] as const

export function isFeedView(value: unknown): value is Exclude<FeedViewType, -1> {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 5
}
