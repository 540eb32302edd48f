// Wire shapes: one shape per entity from the database row to the screen. Dates are ISO strings on the wire.
// Field names follow the spec and the official client SDK (@follow-app/client-sdk 0.3.92).

export interface Media {
  url: string
  type: "photo" | "video"
  width?: number
  height?: number
  preview_image_url?: string
  blurhash?: string
}

export interface Attachment {
  url: string
  title?: string
  duration_in_seconds?: number | string
  mime_type?: string
  size_in_bytes?: number
}

export interface EntryExtra {
  links?: { url: string; type: string; content_html?: string }[] | null
  title_keyword?: string
}

export interface Entry {
  id: string
  feedId: string
  guid: string
  title: string | null
  url: string | null
  content: string | null
  description: string | null
  /** A summary the source gave (inbox webhooks), else null. */
  summary: string | null
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  language: string | null
  categories: string[] | null
  media: Media[] | null
  attachments: Attachment[] | null
  extra: EntryExtra | null
  publishedAt: string
  /** When the publisher last changed it, if the feed says (not in the official SDK's shape; clients ignore it). */
  updatedAt?: string | null
  insertedAt: string
  readabilityContent?: string | null
  readabilityUpdatedAt?: string | null
}

/** The full feed row (subscriptions.create, subscriptions.get). */
export interface Feed {
  type: "feed"
  id: string
  url: string
  title: string | null
  description: string | null
  siteUrl: string | null
  image: string | null
  ownerUserId: string | null
  errorAt: string | null
  errorMessage: string | null
  language: string | null
  checkedAt: string | null
  /** When the feed last changed, in ms: the time the document states (Atom updated, RSS lastBuildDate), else the
   * last time its row changed here. */
  updatedAt: number | null
  tipUserIds: string[] | null
  /** Items the last fetch left out because the document held more than the per-fetch cap (newest kept). */
  droppedEntryCount?: number
}

export interface FeedAnalytics {
  feedId: string
  subscriptionCount: number | null
  updatesPerWeek: number | null
  latestEntryPublishedAt: string | null
  view: number | null
}

/** Results of the user's action rules for one entry (not the user settings table). */
export interface ActionSettings {
  disabled?: boolean
  translation?: boolean | "en" | "ja" | "zh-CN" | "zh-TW"
  summary?: boolean
  readability?: boolean
  sourceContent?: boolean
  silence?: boolean
  block?: boolean
  star?: boolean
  newEntryNotification?: boolean
  rewriteRules?: { from: string; to: string }[]
  /** The older block form (a list of field conditions); passed through to clients. */
  blockRules?: { field: string; operator: string; value: string | number }[]
  webhooks?: string[]
}

/** The fields and operators of an action rule's conditions (GET, PUT /actions). */
export const ACTION_CONDITION_FIELDS = [
  "view",
  "title",
  "site_url",
  "feed_url",
  "category",
  "entry_title",
  "entry_content",
  "entry_url",
  "entry_author",
  "entry_media_length",
  "entry_attachments_duration",
  "status",
  /** The entry matches (eq) or does not match (not_eq) one of the user's saved searches, by its id. */
  "saved_search",
] as const
export const ACTION_OPERATORS = ["contains", "not_contains", "eq", "not_eq", "gt", "lt", "regex"] as const

export interface ActionCondition {
  field: (typeof ACTION_CONDITION_FIELDS)[number]
  operator: (typeof ACTION_OPERATORS)[number]
  value: string
}

/** One rule as stored: `Cond[]` needs every condition, `Cond[][]` any group of them. */
export interface ActionRule {
  name: string
  condition: ActionCondition[] | ActionCondition[][]
  result: ActionSettings
  disabled?: boolean
}

/** One item of an entry list page (POST /entries). */
export interface EntryListItem {
  entries: Omit<Entry, "content" | "feedId"> & { content?: string | null }
  feeds: Feed
  read: boolean
  view: number
  from: string[]
  /** Present only when the entry is starred. */
  collections?: { createdAt: string }
  settings?: ActionSettings
  /** Only on aiSort pages: the entry's score (0-100) under the user's sorting prompt; null while not scored. */
  aiScore?: number | null
  /** The same story in the user's other feeds (duplicates across feeds), oldest first; absent when there are none. */
  alsoIn?: AlsoIn[]
}

/** A copy of a story in another of the user's feeds. */
export interface AlsoIn {
  feedId: string
  entryId: string
  /** The user's name for the feed, else the feed's title. */
  title: string | null
}

export interface EntryDetail {
  entries: Omit<Entry, "feedId">
  feeds: Feed
  read?: boolean
  view?: number
  collections?: { createdAt: string }
  settings?: ActionSettings
}

export type SubscriptionType = "feed" | "list" | "inbox"

export interface Subscription {
  type: SubscriptionType
  userId: string
  feedId: string | null
  listId: string | null
  inboxId: string | null
  view: number
  category: string | null
  title: string | null
  isPrivate: boolean
  hideFromTimeline: boolean
  createdAt: string
}

/** A feed subscription as GET /subscriptions lists it (told apart by its `feeds` key). */
export interface FeedSubscription extends Subscription {
  type: "feed"
  feedId: string
  feeds: Feed
}

/** Unread counts keyed by feed id (or list id, inbox handle). */
export type UnreadCounts = Record<string, number>

export interface SessionUser {
  id: string
  email: string
  name: string | null
  image: string | null
  emailVerified: boolean
  handle: string | null
  bio: string | null
  website: string | null
  socialLinks: Record<string, string> | null
  role: string
  roleEndAt: string | null
  createdAt: string
  /** better-auth's two-factor plugin: sign-in asks for a second factor. */
  twoFactorEnabled?: boolean | null
}

/** A user as anyone sees them (GET /profiles, POST /profiles/batch): the public fields only. */
export interface UserProfile {
  id: string
  name: string | null
  handle: string | null
  image: string | null
  bio: string | null
  website: string | null
  socialLinks: Record<string, string> | null
}

export interface SessionAnswer {
  session: { id: string; userId: string; expiresAt: string; token?: string }
  user: SessionUser
  role: string
  roleEndAt: string | null
  feedSubscriptionLimit: number | null
  rsshubSubscriptionLimit: number | null
  /** The user's effective feature flags (admin › feature flags); absent from servers that have none. */
  featureFlags?: Record<string, boolean>
}

export interface Ok<T> {
  code: 0
  data: T
}

/** A list as GET /lists/list and GET /lists give it (api-contract "List target"). */
export interface ListTarget {
  type: "list"
  id: string
  title: string
  description: string | null
  image: string | null
  view: number
  fee: number
  ownerUserId: string
  feedIds: string[]
  subscriptionCount?: number
  feeds?: Feed[]
}

/** GET /lists: one list with its feeds, the caller's subscription to it and its latest entries. */
export interface ListDetail {
  list: ListTarget & { feeds: Feed[] }
  subscription?: Subscription
  subscriptionCount: number
  feedCount: number
  entries: (Entry & { feeds: Feed })[]
}

/** An inbox as GET /inboxes/list gives it; its id is the handle. Only the owner ever sees the secret. */
export interface InboxTarget {
  type: "inbox"
  id: string
  title: string | null
  description: string | null
  image: string | null
  ownerUserId: string
  secret: string
}
