// All tables, PostgreSQL dialect: the same schema runs on PGlite (embedded) and PostgreSQL.

import type { Attachment, EntryExtra, Media } from "@tidings/shared"
import { sql } from "drizzle-orm"
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core"

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" })

/** A full-text document (storage/search.ts writes it; queries only match against it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" })

// ---- better-auth (names as its drizzle adapter expects; extra user fields for the spec's profile and role)

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    handle: text("handle"),
    bio: text("bio"),
    website: text("website"),
    socialLinks: jsonb("social_links").$type<Record<string, string>>(),
    role: text("role").notNull().default("trial"),
    roleEndAt: ts("role_end_at"),
  },
  (t) => [uniqueIndex("user_handle_lower_idx").on(sql`lower(${t.handle})`)],
)

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
)

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
)

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
)

/** better-auth's two-factor plugin: the user's encrypted TOTP secret and backup codes (one row per user). */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // False between enable and the first verified code: the secret is not yet asked for at sign-in.
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
)

// ---- server bookkeeping

/** Values the server generates once and shares between processes (e.g. the auth secret). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
})

/**
 * Failed password sign-ins per account, keyed by a hash of the lower-cased e-mail (so unknown addresses are counted
 * the same way and no address is stored in clear). Reset by a successful sign-in.
 */
export const signInFailures = pgTable("sign_in_failures", {
  emailHash: text("email_hash").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: ts("locked_until"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
})

/**
 * Passwords for sync apps (Google Reader and Fever clients), one per app a user connects, revocable one by one. The
 * password is kept only as a scrypt hash; Fever authenticates with md5("email:password"), which cannot be checked
 * against that hash, so a SHA-256 of that key is kept too (looked up by index: Fever sends no user name).
 */
export const appPasswords = pgTable(
  "app_passwords",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    feverKeyHash: text("fever_key_hash").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [index("app_passwords_user_idx").on(t.userId), uniqueIndex("app_passwords_fever_idx").on(t.feverKeyHash)],
)

// ---- reading domain

export const feeds = pgTable(
  "feeds",
  {
    id: text("id").primaryKey(),
    url: text("url").notNull().unique(),
    title: text("title"),
    description: text("description"),
    siteUrl: text("site_url"),
    image: text("image"),
    language: text("language"),
    ownerUserId: text("owner_user_id"),
    errorAt: ts("error_at"),
    errorMessage: text("error_message"),
    errorCount: integer("error_count").notNull().default(0),
    etag: text("etag"),
    lastModified: text("last_modified"),
    checkedAt: ts("checked_at"),
    nextCheckAt: ts("next_check_at").notNull().defaultNow(),
    ttl: integer("ttl"),
    updatesPerWeek: real("updates_per_week"),
    subscriptionCount: integer("subscription_count").notNull().default(0),
    latestEntryPublishedAt: ts("latest_entry_published_at"),
    /** When the document itself says it last changed (RSS lastBuildDate/pubDate, Atom updated, dc:date). */
    sourceUpdatedAt: ts("source_updated_at"),
    /** Items of the last fetch left out because the document held more than FEED_MAX_ENTRIES_PER_FETCH. */
    droppedEntryCount: integer("dropped_entry_count").notNull().default(0),
    /** For rsshub:// feeds: the own instance that answered the last successful fetch (null = RSSHUB_URL). */
    rsshubInstanceId: text("rsshub_instance_id"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("feeds_next_check_idx").on(t.nextCheckAt)],
)

/**
 * A feed's WebSub (push) subscription at the hub its documents name: one per feed. `state`: idle (hub known, not
 * subscribed), pending (request sent, verification awaited), active (verified; lease until leaseExpiresAt),
 * unsubscribing, failed (refused, denied, never verified or renewal failed; retried at nextActionAt). Polling goes
 * on whatever the state. `secret` signs pushed bodies: never logged, never sent to clients.
 */
export const websubSubscriptions = pgTable(
  "websub_subscriptions",
  {
    feedId: text("feed_id")
      .primaryKey()
      .references(() => feeds.id, { onDelete: "cascade" }),
    hub: text("hub").notNull(),
    topic: text("topic").notNull(),
    /** The unguessable last segment of the callback URL <BASE_URL>/websub/<callbackId>. */
    callbackId: text("callback_id").notNull(),
    secret: text("secret").notNull(),
    state: text("state").notNull().default("idle"),
    leaseSeconds: integer("lease_seconds"),
    leaseExpiresAt: ts("lease_expires_at"),
    verifiedAt: ts("verified_at"),
    /** When the ticker next looks at it: the renewal time, the retry time or the verification deadline. */
    nextActionAt: ts("next_action_at"),
    errorCount: integer("error_count").notNull().default(0),
    lastError: text("last_error"),
    /** The last time the hub delivered content that was stored. */
    pushedAt: ts("pushed_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("websub_subscriptions_callback_idx").on(t.callbackId),
    index("websub_subscriptions_next_action_idx").on(t.nextActionAt),
  ],
)

export const entries = pgTable(
  "entries",
  {
    id: text("id").primaryKey(),
    feedId: text("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    guid: text("guid").notNull(),
    title: text("title"),
    url: text("url"),
    content: text("content"),
    description: text("description"),
    /** A summary given by the source (inbox webhooks) or written later; not a feed's own field. */
    summary: text("summary"),
    author: text("author"),
    authorUrl: text("author_url"),
    authorAvatar: text("author_avatar"),
    language: text("language"),
    categories: text("categories").array(),
    media: jsonb("media").$type<Media[]>(),
    attachments: jsonb("attachments").$type<Attachment[]>(),
    extra: jsonb("extra").$type<EntryExtra>(),
    publishedAt: ts("published_at").notNull(),
    /** When the publisher last changed the entry, if the document says. */
    updatedAt: ts("updated_at"),
    insertedAt: ts("inserted_at").notNull().defaultNow(),
    /** Hash of the fields a reader sees, so an unchanged entry is not rewritten on every fetch. */
    contentHash: text("content_hash"),
    readabilityContent: text("readability_content"),
    readabilityUpdatedAt: ts("readability_updated_at"),
  },
  (t) => [
    uniqueIndex("entries_feed_guid_idx").on(t.feedId, t.guid),
    index("entries_feed_published_idx").on(t.feedId, t.publishedAt.desc().nullsFirst()),
  ],
)

/**
 * Full-text search (storage/search.ts): each entry's document, weighted title > author > text, kept apart from
 * `entries` so the ingest never writes it and a search reads only the GIN index and these narrow rows.
 */
export const entrySearch = pgTable(
  "entry_search",
  {
    entryId: text("entry_id")
      .primaryKey()
      .references(() => entries.id, { onDelete: "cascade" }),
    document: tsvector("document").notNull(),
    /** The entry's, so a search reads its newest matches by time without visiting the timeline first. */
    publishedAt: ts("published_at").notNull(),
    /**
     * The entry's feed, so a `feed:` search drops other feeds' matches while reading the index's rows, before it
     * checks each remaining match against the user's timeline.
     */
    feedId: text("feed_id"),
  },
  (t) => [
    index("entry_search_document_idx").using("gin", t.document),
    index("entry_search_published_idx").on(t.publishedAt),
  ],
)

/**
 * Entries whose search document is missing or stale: a statement trigger on `entries` (migration) adds their ids,
 * and the indexer (jobs/search-index.ts) drains them in batches, off the ingest's path.
 */
export const searchPending = pgTable("search_pending", {
  entryId: text("entry_id")
    .primaryKey()
    .references(() => entries.id, { onDelete: "cascade" }),
})

/**
 * Duplicates across feeds (storage/duplicates.ts): the keys by which one story is recognised in several feeds
 * (reader/story-keys.ts), one row per key of an entry. Written by the search indexer off the ingest's path, so an
 * entry is grouped with its copies seconds after it arrives, not while its feed's refresh waits.
 */
export const storyKeys = pgTable(
  "story_keys",
  {
    key: text("key").notNull(),
    entryId: text("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    feedId: text("feed_id").notNull(),
    publishedAt: ts("published_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.entryId] }), index("story_keys_entry_idx").on(t.entryId)],
)

/**
 * Follows whose rows are still to be grouped with the user's other copies: a statement trigger on subscriptions and
 * list feeds (migration story_keys) adds the user and feed, and the search indexer drains them.
 */
export const storyGroupPending = pgTable(
  "story_group_pending",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    feedId: text("feed_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feedId] })],
)

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").$type<"feed" | "list" | "inbox">().notNull(),
    feedId: text("feed_id").references(() => feeds.id, { onDelete: "cascade" }),
    listId: text("list_id").references(() => lists.id, { onDelete: "cascade" }),
    inboxId: text("inbox_id").references(() => inboxes.handle, { onDelete: "cascade", onUpdate: "cascade" }),
    view: smallint("view").notNull(),
    category: text("category"),
    title: text("title"),
    isPrivate: boolean("is_private").notNull().default(false),
    hideFromTimeline: boolean("hide_from_timeline").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    // A user's subscriptions whatever their kind (the sidebar, unread counts).
    index("subscriptions_user_idx").on(t.userId),
    uniqueIndex("subscriptions_user_feed_idx").on(t.userId, t.feedId).where(sql`${t.feedId} is not null`),
    uniqueIndex("subscriptions_user_list_idx").on(t.userId, t.listId).where(sql`${t.listId} is not null`),
    uniqueIndex("subscriptions_user_inbox_idx").on(t.userId, t.inboxId).where(sql`${t.inboxId} is not null`),
    index("subscriptions_feed_idx").on(t.feedId),
    index("subscriptions_list_idx").on(t.listId).where(sql`${t.listId} is not null`),
    // Trending over a window (1 / 7 / 30 days): the public subscriptions made since a time, by what they follow.
    index("subscriptions_public_created_idx").on(t.createdAt, t.feedId, t.listId).where(sql`not ${t.isPrivate}`),
  ],
)

/**
 * The per-user fan-out of entries: one row per entry a user can see (read or not). Which of them are unread is the
 * `unread` table's business, so marking read deletes narrow rows instead of rewriting these (decision 0005).
 */
export const timeline = pgTable(
  "timeline",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    feedId: text("feed_id").notNull(),
    view: smallint("view").notNull(),
    publishedAt: ts("published_at").notNull(),
    insertedAt: ts("inserted_at").notNull(),
    sources: text("sources").array().notNull().default(sql`'{feed}'::text[]`),
    /**
     * The entry of the user's timeline this one is the same story as (another feed had it first), set by the search
     * indexer from the story keys (storage/duplicates.ts); null for the first of a group. Pages over several feeds leave these out
     * while the user's `dedupeAcrossFeeds` setting is on; reading or starring the first applies to all.
     */
    duplicateOf: text("duplicate_of"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId] }),
    // A group's other members ("also in"), and the reads and stars that apply to the group.
    index("timeline_user_duplicate_idx").on(t.userId, t.duplicateOf).where(sql`${t.duplicateOf} is not null`),
    // A page in the order it is shown, for every filter: all, one view, one feed (keyset on published_at, id).
    index("timeline_user_published_idx").on(t.userId, t.publishedAt.desc().nullsFirst(), t.entryId.desc().nullsFirst()),
    index("timeline_user_view_published_idx").on(
      t.userId,
      t.view,
      t.publishedAt.desc().nullsFirst(),
      t.entryId.desc().nullsFirst(),
    ),
    index("timeline_user_feed_published_idx").on(
      t.userId,
      t.feedId,
      t.publishedAt.desc().nullsFirst(),
      t.entryId.desc().nullsFirst(),
    ),
    // Who read an entry (read histories), and the cascade when an entry is deleted.
    index("timeline_entry_idx").on(t.entryId),
    // "Anything new since?" (GET /entries/check-new), polled by clients.
    index("timeline_user_inserted_idx").on(t.userId, t.insertedAt.desc().nullsFirst()),
  ],
)

/**
 * The timeline rows a user has not read: a copy of their keys and filter columns, written by triggers whenever a
 * timeline row arrives, changes or goes (migration 0008), and deleted when it is read. Unread pages are served from
 * its indexes in the order they are shown.
 */
export const unread = pgTable(
  "unread",
  {
    userId: text("user_id").notNull(),
    entryId: text("entry_id").notNull(),
    feedId: text("feed_id").notNull(),
    view: smallint("view").notNull(),
    publishedAt: ts("published_at").notNull(),
    insertedAt: ts("inserted_at").notNull(),
    sources: text("sources").array().notNull(),
    /** The timeline row's `duplicateOf`, copied by the same triggers. */
    duplicateOf: text("duplicate_of"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId] }),
    index("unread_user_published_idx").on(t.userId, t.publishedAt.desc().nullsFirst(), t.entryId.desc().nullsFirst()),
    index("unread_user_view_published_idx").on(
      t.userId,
      t.view,
      t.publishedAt.desc().nullsFirst(),
      t.entryId.desc().nullsFirst(),
    ),
    index("unread_user_feed_published_idx").on(
      t.userId,
      t.feedId,
      t.publishedAt.desc().nullsFirst(),
      t.entryId.desc().nullsFirst(),
    ),
  ],
)

/**
 * Unread counts per user and source (a feed id, or a list id for what reaches the user through a list), kept by
 * triggers on `unread` in the same transaction as every change, so reading them never counts rows.
 */
export const unreadCounts = pgTable(
  "unread_counts",
  {
    userId: text("user_id").notNull(),
    sourceId: text("source_id").notNull(),
    isList: boolean("is_list").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sourceId] })],
)

export const collections = pgTable(
  "collections",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    feedId: text("feed_id").notNull(),
    view: smallint("view").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId] }),
    index("collections_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.entryId.desc().nullsFirst()),
  ],
)

/**
 * Read and star state brought by a data import for entries this server does not have yet, keyed the way entries
 * are known across servers (feed URL + guid); applied and removed when the entry enters the user's timeline.
 */
export const pendingMarks = pgTable(
  "pending_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    feedUrl: text("feed_url").notNull(),
    guid: text("guid").notNull(),
    read: boolean("read").notNull().default(false),
    starredAt: ts("starred_at"),
    starView: smallint("star_view"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.feedUrl, t.guid] }),
    index("pending_marks_feed_guid_idx").on(t.feedUrl, t.guid),
  ],
)

// ---- lists, inboxes, settings, actions, invitations

export const lists = pgTable(
  "lists",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    image: text("image"),
    view: smallint("view").notNull(),
    fee: integer("fee").notNull().default(0),
    language: text("language"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("lists_owner_idx").on(t.ownerUserId)],
)

/** List membership as rows, so adding or removing a feed is one set-based change for every list subscriber. */
export const listFeeds = pgTable(
  "list_feeds",
  {
    listId: text("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    feedId: text("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.feedId] }), index("list_feeds_feed_idx").on(t.feedId)],
)

export const inboxes = pgTable(
  "inboxes",
  {
    /** The handle is the inbox's id on the wire and the local part of its e-mail address. */
    handle: text("handle").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title"),
    secret: text("secret").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("inboxes_user_idx").on(t.userId)],
)

/** A user's feed of some of their reading (a view, category, list, starred items or an inbox) published at an
 * unguessable URL: the token is the capability, so revoking deletes the row. */
export const feedOutputs = pgTable(
  "feed_outputs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** view | category | list | starred | inbox | search */
    kind: text("kind").notNull(),
    /** The view number, category name, list id, inbox handle or saved search id; "" for starred. */
    target: text("target").notNull(),
    token: text("token").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("feed_outputs_token_idx").on(t.token),
    uniqueIndex("feed_outputs_target_idx").on(t.userId, t.kind, t.target),
  ],
)

/** A user's saved searches (smart feeds): a query in the search language (services/search.ts), with a title. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    query: text("query").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("saved_searches_user_idx").on(t.userId, t.createdAt)],
)

/** Entries that arrive in an inbox (webhook, e-mail). They belong to the inbox's owner and carry their own read state. */
export const inboxEntries = pgTable(
  "inbox_entries",
  {
    id: text("id").primaryKey(),
    inboxHandle: text("inbox_handle")
      .notNull()
      .references(() => inboxes.handle, { onDelete: "cascade", onUpdate: "cascade" }),
    guid: text("guid").notNull(),
    title: text("title"),
    url: text("url"),
    content: text("content"),
    description: text("description"),
    /** A summary given by the source (inbox webhooks) or written later; not a feed's own field. */
    summary: text("summary"),
    author: text("author"),
    authorUrl: text("author_url"),
    authorAvatar: text("author_avatar"),
    language: text("language"),
    categories: text("categories").array(),
    media: jsonb("media").$type<Media[]>(),
    attachments: jsonb("attachments").$type<Attachment[]>(),
    extra: jsonb("extra").$type<EntryExtra>(),
    publishedAt: ts("published_at").notNull(),
    insertedAt: ts("inserted_at").notNull().defaultNow(),
    read: boolean("read").notNull().default(false),
  },
  (t) => [
    uniqueIndex("inbox_entries_inbox_guid_idx").on(t.inboxHandle, t.guid),
    index("inbox_entries_inbox_published_idx").on(
      t.inboxHandle,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Unread pages in shown order, and unread counts (its leading column).
    index("inbox_entries_unread_idx")
      .on(t.inboxHandle, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.read}`),
  ],
)

export const settings = pgTable(
  "settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tab: text("tab").$type<"general" | "appearance" | "integration" | "ai">().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tab] }),
    // The users whose new entries are scored for the AI timeline: ingest reads only these (ai-timeline.ts).
    index("settings_ai_sort_idx")
      .on(t.userId)
      .where(sql`${t.tab} = 'ai' and coalesce(${t.payload}->>'timelineSortPrompt', '') <> ''`),
  ],
)

/**
 * Push registrations (messaging calls): one row per device. For the web channel the token is the browser's
 * PushSubscription as JSON (endpoint and keys); delivery reads these rows.
 */
export const messaging = pgTable(
  "messaging",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    channel: text("channel").$type<MessagingChannel>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("messaging_user_token_idx").on(t.userId, t.token)],
)

export type MessagingChannel = "macos" | "windows" | "linux" | "ios" | "android" | "web" | "desktop"

export const actions = pgTable("actions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  rules: jsonb("rules").$type<unknown[]>().notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
})

export const invitations = pgTable(
  "invitations",
  {
    code: text("code").primaryKey(),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    usedAt: ts("used_at"),
  },
  (t) => [index("invitations_from_idx").on(t.fromUserId)],
)

// ---- AI: each user's own provider, usage per day, the claims that make one model call serve every waiter, results

/** A user's own OpenAI-compatible endpoint, used instead of the server's; the key is AES-GCM encrypted (ai/crypto). */
export const aiProviders = pgTable("ai_providers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  baseUrl: text("base_url").notNull(),
  model: text("model").notNull(),
  /** A cheaper model on the same endpoint for summaries, titles, translation and timeline scores. */
  fastModel: text("fast_model"),
  /** Text to speech on the same endpoint (its /audio/speech); null: the server's speech model, if any. */
  speechModel: text("speech_model"),
  /** The voice that speech model reads with unless a request names one; null: AI_TTS_VOICE. */
  speechVoice: text("speech_voice"),
  apiKeyEncrypted: text("api_key_encrypted"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
})

/** Tokens per user, UTC day, operation, model and whose provider answered (only the server's counts to the budget). */
export const aiUsage = pgTable(
  "ai_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    operation: text("operation").notNull(),
    model: text("model").notNull(),
    provider: text("provider").$type<"server" | "user">().notNull(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    calls: integer("calls").notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.operation, t.model, t.provider] })],
)

/**
 * A model call in progress, by what it produces ("summary:<entry>:<language>:<target>"): whoever inserts the row
 * makes the call, everyone else waits for the row to go; a row older than the stale timeout may be taken over.
 */
export const aiPending = pgTable("ai_pending", {
  key: text("key").primaryKey(),
  claim: text("claim").notNull(),
  claimedAt: ts("claimed_at").notNull(),
})

/**
 * Summaries by entry, language and source field. No foreign key: the entry may be a feed entry or an inbox entry
 * (two tables, one id space).
 */
export const aiSummaries = pgTable(
  "ai_summaries",
  {
    entryId: text("entry_id").notNull(),
    language: text("language").notNull(),
    target: text("target").$type<"content" | "readabilityContent">().notNull(),
    summary: text("summary").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.language, t.target] })],
)

/** Translated fields by entry and language; a field is null until someone asks for it. */
export const aiTranslations = pgTable(
  "ai_translations",
  {
    entryId: text("entry_id").notNull(),
    language: text("language").notNull(),
    title: text("title"),
    description: text("description"),
    content: text("content"),
    readabilityContent: text("readability_content"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.language] })],
)

/**
 * A user's chat sessions. The id is the client's (useChat's chat id), so one user cannot create an id another user
 * holds; `last_seen_at` is when the user last looked, for the sessions that have answers they have not seen.
 */
export const aiChatSessions = pgTable(
  "ai_chat_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("ai_chat_sessions_user_updated_idx").on(t.userId, t.updatedAt.desc().nullsFirst())],
)

/**
 * Messages of a chat session as AI SDK UI messages (`message_parts`). Ids are unique within their session (user
 * messages carry the client's ids). An assistant message is written pending before the model is called, streaming
 * once it answers, then completed or error; `created_at` increases strictly within a session (pages keyset on it).
 */
export const aiChatMessages = pgTable(
  "ai_chat_messages",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => aiChatSessions.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    role: text("role").$type<"user" | "assistant" | "system">().notNull(),
    parts: jsonb("message_parts").$type<unknown[]>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    status: text("status").$type<"pending" | "streaming" | "completed" | "error">().notNull().default("completed"),
    createdAt: ts("created_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.id] }),
    index("ai_chat_messages_chat_created_idx").on(t.chatId, t.createdAt),
  ],
)

/** A tool an MCP service offers, as its tools/list answered (kept so a chat needs no round trip to list them). */
export interface McpToolInfo {
  name: string
  title?: string
  description?: string
  inputSchema: { type: "object"; properties?: Record<string, unknown>; required?: string[] }
  outputSchema?: { type: "object"; properties?: Record<string, unknown>; required?: string[] }
  annotations?: Record<string, unknown>
}

/**
 * A user's MCP services. `headers_encrypted` holds the request headers (a bearer token among them) as JSON,
 * encrypted under the server's secret and bound to the user; the answers show only their names. `tools` is the
 * last tool list the service gave, `last_error` why the last attempt to reach it failed. A service behind OAuth
 * is kept with no tools while its authorization is pending.
 */
export const mcpConnections = pgTable(
  "mcp_connections",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    transport: text("transport").$type<"streamable-http" | "sse">().notNull(),
    headersEncrypted: text("headers_encrypted"),
    enabled: boolean("enabled").notNull().default(true),
    tools: jsonb("tools").$type<McpToolInfo[]>(),
    lastRefreshedAt: ts("last_refreshed_at"),
    lastError: text("last_error"),
    lastUsedAt: ts("last_used_at"),
    /** OAuth services: client registration, PKCE verifier and tokens as JSON, encrypted like the headers. */
    oauthEncrypted: text("oauth_encrypted"),
    /** SHA-256 of the pending authorization's state (the state itself is only in the authorization URL). */
    oauthStateHash: text("oauth_state_hash").unique(),
    oauthStateExpiresAt: ts("oauth_state_expires_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("mcp_connections_user_created_idx").on(t.userId, t.createdAt)],
)

export type AiTaskSchedule =
  | { type: "once"; date: string }
  | { type: "daily"; timeOfDay: string }
  | { type: "weekly"; dayOfWeek: number; timeOfDay: string }
  | { type: "monthly"; dayOfMonth: number; timeOfDay: string }

export interface AiTaskOptions {
  notifyChannels?: ("email" | "web")[]
}

/**
 * A user's scheduled prompt. `next_run_at` is when it is due (null once a one-off has run or while disabled); the
 * scheduler claims a due task by pushing it out by a lease, so two schedulers never run it twice.
 */
export const aiTasks = pgTable(
  "ai_tasks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    schedule: jsonb("schedule").$type<AiTaskSchedule>().notNull(),
    options: jsonb("options").$type<AiTaskOptions>().notNull().default({}),
    nextRunAt: ts("next_run_at"),
    lastRunAt: ts("last_run_at"),
    runCount: integer("run_count").notNull().default(0),
    lastResult: text("last_result"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("ai_tasks_user_created_idx").on(t.userId, t.createdAt), index("ai_tasks_due_idx").on(t.nextRunAt)],
)

/** What a user asked the AI to remember about them (the SDK's ai.memory): read into the chat's instructions. */
export const aiMemories = pgTable(
  "ai_memories",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    memory: text("memory").notNull(),
    /** 0 (trivia) to 10 (always keep in mind). */
    importance: real("importance").notNull().default(5),
    tags: text("tags").array(),
    source: text("source"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    lastAccessedAt: ts("last_accessed_at"),
    expiresAt: ts("expires_at"),
  },
  (t) => [index("ai_memories_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc())],
)

/** The daily digest of a view for one window (the twelve hours ending 8 AM or 8 PM in the user's time zone). */
export const aiDailyDigests = pgTable(
  "ai_daily_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    view: smallint("view").notNull(),
    windowStart: ts("window_start").notNull(),
    windowEnd: ts("window_end").notNull(),
    markdown: text("markdown").notNull(),
    entryCount: integer("entry_count").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.view, t.windowStart] })],
)

/**
 * AI timeline scores (0-100) per user and entry, under the sorting prompt they were made for (`prompt_key`, a hash):
 * a side table rather than a timeline column, so scoring never rewrites timeline rows (nor fires their triggers)
 * and a changed prompt makes old scores stale without touching them.
 */
export const aiScores = pgTable(
  "ai_scores",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    promptKey: text("prompt_key").notNull(),
    score: smallint("score").notNull(),
    scoredAt: ts("scored_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] }), index("ai_scores_entry_idx").on(t.entryId)],
)

// ---- POWER: the server's internal currency, kept as a double-entry ledger (src/ledger/)

const power = (name: string) => bigint(name, { mode: "number" })

/** A user's wallet: created on request; its balances are the user's two ledger accounts (reward and earned). */
export const wallets = pgTable("wallets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** An internal address, shown to the user; POWER never leaves this server's ledger. */
  address: text("address").notNull().unique(),
  createdAt: ts("created_at").notNull().defaultNow(),
})

/**
 * Ledger accounts: `user:<id>:reward` (daily rewards, spent first, never withdrawable), `user:<id>:earned` (tips
 * received, withdrawable), `feed:<id>` (the pool of an unclaimed feed), and `system:*` accounts that are the other
 * side of issuance and withdrawals. Only system accounts may go below zero.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<"reward" | "earned" | "feed" | "system">().notNull(),
    userId: text("user_id"),
    feedId: text("feed_id"),
    balance: power("balance").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("ledger_accounts_user_idx").on(t.userId),
    check("ledger_accounts_not_negative", sql`${t.kind} = 'system' or ${t.balance} >= 0`),
  ],
)

/** One row per movement of POWER; the idempotency key makes a retried request a replay instead of a second move. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    hash: text("hash").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    type: text("type").$type<"mint" | "tip" | "withdraw" | "burn" | "purchase" | "airdrop">().notNull(),
    /** `pending` only for a withdrawal an admin has not completed yet. */
    status: text("status").$type<"completed" | "pending">().notNull().default("completed"),
    fromUserId: text("from_user_id"),
    toUserId: text("to_user_id"),
    toFeedId: text("to_feed_id"),
    toEntryId: text("to_entry_id"),
    amount: power("amount").notNull(),
    comment: text("comment"),
    createdAt: ts("created_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    index("ledger_transactions_from_idx").on(t.fromUserId, t.createdAt.desc(), t.hash.desc()),
    index("ledger_transactions_to_idx").on(t.toUserId, t.createdAt.desc(), t.hash.desc()),
    index("ledger_transactions_feed_idx").on(t.toFeedId),
    index("ledger_transactions_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("ledger_transactions_amount_positive", sql`${t.amount} > 0`),
  ],
)

/** The legs of a transaction: signed amounts on accounts that sum to zero (a deferred trigger checks it). */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionHash: text("transaction_hash")
      .notNull()
      .references(() => ledgerTransactions.hash, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    amount: power("amount").notNull(),
  },
  (t) => [
    index("ledger_entries_transaction_idx").on(t.transactionHash),
    index("ledger_entries_account_idx").on(t.accountId),
    check("ledger_entries_amount_nonzero", sql`${t.amount} <> 0`),
  ],
)

/** The daily computation's snapshot of each wallet holder's activity (the wallet's `level`). */
export const powerLevels = pgTable("power_levels", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  level: integer("level").notNull(),
  rank: integer("rank").notNull(),
  activityPoints: integer("activity_points").notNull(),
  prevActivityPoints: integer("prev_activity_points").notNull().default(0),
  computedAt: ts("computed_at").notNull().defaultNow(),
})

/** Boosts bought for a feed: each unit of BOOST_COST POWER counts for BOOST_DAYS days (ledger/rules.ts). */
export const boosts = pgTable(
  "boosts",
  {
    /** The ledger transaction that paid for it. */
    hash: text("hash").primaryKey(),
    feedId: text("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    units: integer("units").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("boosts_feed_expires_idx").on(t.feedId, t.expiresAt)],
)

// ---- rewards: achievements received, referral codes and referrals, the airdrop

/** Achievements a user has received (claimed); progress is computed from their data, never stored. */
export const achievementsReceived = pgTable(
  "achievements_received",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    actionId: integer("action_id").notNull(),
    /** The ledger transaction that paid the reward. */
    hash: text("hash").notNull(),
    power: power("power").notNull(),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actionId] })],
)

/**
 * Proof sent for an achievement only a person can check (definitions marked `audit`), and an admin's decision. One
 * row per user and achievement: a rejected proof may be sent again, which makes the row pending once more.
 */
export const achievementAudits = pgTable(
  "achievement_audits",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    actionId: integer("action_id").notNull(),
    /** What the user sent: `{ url }`, the public page that shows the achievement. */
    payload: jsonb("payload").$type<{ url: string }>().notNull(),
    status: text("status").$type<"pending" | "approved" | "rejected">().notNull(),
    /** The admin's word to the user, shown with a rejection. */
    note: text("note"),
    submittedAt: ts("submitted_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
    decidedBy: text("decided_by"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.actionId] }),
    // The admin's queue: the pending proofs, oldest first.
    index("achievement_audits_status_idx").on(t.status, t.submittedAt),
  ],
)

/** Each user's referral code (drawn the first time they look at their referrals). */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: ts("created_at").notNull().defaultNow(),
})

/** Who referred whom: written at sign-up from the client's referral header; one referrer per user. */
export const referrals = pgTable(
  "referrals",
  {
    referredUserId: text("referred_user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    referrerUserId: text("referrer_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** Extra trial days the referrer earned by it. */
    days: integer("days").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerUserId, t.createdAt)],
)

/** The airdrop, once per user: verified (eligible when checked), sending (being paid) or sent. */
export const airdrops = pgTable("airdrops", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  status: text("status").$type<"verified" | "sending" | "sent">().notNull(),
  amount: power("amount").notNull(),
  hash: text("hash"),
  verifiedAt: ts("verified_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
})

// ---- admin

/** Feature flags an admin turns on for everyone, for a share of users (percentage) or for listed users only. */
export const featureFlags = pgTable("feature_flags", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
  enabled: boolean("enabled").notNull().default(false),
  /** `percentage`: users whose hash of (seed, id) falls under rolloutPercentage; `whitelist`: overrides only,
   * unless rolloutValue is 1 (everyone). */
  rolloutType: text("rollout_type").$type<"whitelist" | "percentage">().notNull().default("percentage"),
  rolloutValue: integer("rollout_value").notNull().default(0),
  rolloutPercentage: integer("rollout_percentage").notNull().default(100),
  rolloutSeed: text("rollout_seed"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
})

/** One user forced on or off for a flag, whatever its rollout says, until it expires. */
export const userFeatureOverrides = pgTable(
  "user_feature_overrides",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    featureName: text("feature_name")
      .notNull()
      .references(() => featureFlags.name, { onDelete: "cascade", onUpdate: "cascade" }),
    forceEnabled: boolean("force_enabled").notNull(),
    reason: text("reason"),
    expiresAt: ts("expires_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    createdBy: text("created_by"),
  },
  (t) => [uniqueIndex("user_feature_overrides_flag_user_idx").on(t.featureName, t.userId)],
)

/**
 * Read histories with their time: when a user first read an entry. A trigger on `unread` writes a row whenever an
 * unread row goes while its timeline row stays (a read, not an unsubscription); trending counts them per window.
 */
export const entryReads = pgTable(
  "entry_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    feedId: text("feed_id").notNull(),
    readAt: ts("read_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId] }),
    // Trending entries: the reads since a time, grouped by entry.
    index("entry_reads_read_at_idx").on(t.readAt, t.entryId, t.feedId, t.userId),
  ],
)

/**
 * First-party usage analytics, as daily counts only (POST /analytics/events, while the user's sendAnonymousData is
 * on): per UTC day and metric ("event:<code>", "error:server"). Nothing says who sent them.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: text("day").notNull(),
    metric: text("metric").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
)

/** Who was active on a day, as a one-way hash of the user id (never the id itself, never an address): daily actives. */
export const analyticsActors = pgTable(
  "analytics_actors",
  {
    day: text("day").notNull(),
    actor: text("actor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.actor] })],
)

// ---- own RSSHub instances

/**
 * RSSHub instances users added (`rsshub://` routes are fetched from them). An admin's instance is `shared`: offered
 * to every user. The access key is kept encrypted (AES-GCM under the server's secret, bound to the row).
 */
export const rsshubInstances = pgTable(
  "rsshub_instances",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    baseUrl: text("base_url").notNull(),
    accessKeyEncrypted: text("access_key_encrypted"),
    shared: boolean("shared").notNull().default(false),
    description: text("description"),
    userLimit: integer("user_limit"),
    errorMessage: text("error_message"),
    errorAt: ts("error_at"),
    lastOkAt: ts("last_ok_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rsshub_instances_owner_url_idx").on(t.ownerUserId, t.baseUrl),
    index("rsshub_instances_shared_idx").on(t.shared).where(sql`${t.shared}`),
  ],
)

/** The instance each user chose for their rsshub:// feeds (one per user; none = the server's RSSHUB_URL). */
export const rsshubUsage = pgTable(
  "rsshub_usage",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    rsshubId: text("rsshub_id")
      .notNull()
      .references(() => rsshubInstances.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("rsshub_usage_instance_idx").on(t.rsshubId)],
)
