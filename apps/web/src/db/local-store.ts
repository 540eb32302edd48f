// The wire shapes the screens use, written to and read from the local database's tables (spec client §3): the
// user's feed subscriptions with their feeds, the unread counts, and the entries of the timeline pages with their
// feeds and stars. Statements only: the caller runs them through the worker (client.ts) or, in tests, directly.
import type { EntryDetail, EntryListItem, Feed, FeedSubscription, UnreadCounts } from "@tidings/shared"
import type { EntryFilter } from "../queries/entry-filter.ts"
import type { Row } from "./migrate.ts"

export interface Statement {
  sql: string
  params?: unknown[]
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
const parsed = <T>(value: unknown): T | null => (typeof value === "string" ? (JSON.parse(value) as T) : null)
const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null)
const iso = (value: unknown) => (typeof value === "number" ? new Date(value).toISOString() : null)

const FEED_COLUMNS =
  "id, title, url, description, image, error_at, site_url, owner_user_id, error_message, tip_user_ids, updated_at, language, checked_at"

/** The feed's columns next to another table's, as f_<column> (read back by feedFrom(row, "f_")). */
const FEED_SELECT = FEED_COLUMNS.split(", ")
  .map((column) => `f.${column} AS f_${column}`)
  .join(", ")

function feedRow(feed: Feed): Statement {
  return {
    sql: `INSERT OR REPLACE INTO feeds (${FEED_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    params: [
      feed.id,
      feed.title,
      feed.url,
      feed.description,
      feed.image,
      feed.errorAt,
      feed.siteUrl,
      feed.ownerUserId,
      feed.errorMessage,
      json(feed.tipUserIds),
      feed.updatedAt,
      feed.language,
      feed.checkedAt,
    ],
  }
}

/** A feed from its row; `prefix` names columns selected under another name (f_title for title, …). */
function feedFrom(row: Row, prefix = ""): Feed {
  const at = (name: string) => row[`${prefix}${name}`]
  return {
    type: "feed",
    id: String(at("id")),
    url: String(at("url")),
    title: text(at("title")),
    description: text(at("description")),
    siteUrl: text(at("site_url")),
    image: text(at("image")),
    ownerUserId: text(at("owner_user_id")),
    errorAt: text(at("error_at")),
    errorMessage: text(at("error_message")),
    language: text(at("language")),
    checkedAt: text(at("checked_at")),
    updatedAt: typeof at("updated_at") === "number" ? (at("updated_at") as number) : null,
    tipUserIds: parsed<string[]>(at("tip_user_ids")),
  }
}

/** Replaces the user's feed subscriptions (and refreshes their feeds). */
export function saveFeedSubscriptions(userId: string, subs: FeedSubscription[]): Statement[] {
  return [
    { sql: "DELETE FROM subscriptions WHERE user_id = ? AND type = 'feed'", params: [userId] },
    ...subs.flatMap((sub) => [
      feedRow(sub.feeds),
      {
        sql: `INSERT OR REPLACE INTO subscriptions
                (id, feed_id, list_id, inbox_id, user_id, view, is_private, hide_from_timeline, title, category, created_at, type)
              VALUES (?, ?, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, 'feed')`,
        params: [
          `feed/${sub.feedId}`,
          sub.feedId,
          userId,
          sub.view,
          sub.isPrivate ? 1 : 0,
          sub.hideFromTimeline ? 1 : 0,
          sub.title,
          sub.category,
          sub.createdAt,
        ],
      },
    ]),
  ]
}

export const loadFeedSubscriptionsSql = (userId: string): Statement => ({
  sql: `SELECT s.*, ${FEED_SELECT}
          FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
         WHERE s.user_id = ? AND s.type = 'feed' ORDER BY s.created_at, s.feed_id`,
  params: [userId],
})

export function feedSubscriptionsFrom(rows: Row[]): FeedSubscription[] {
  return rows.map((row) => ({
    type: "feed",
    userId: String(row.user_id),
    feedId: String(row.feed_id),
    listId: null,
    inboxId: null,
    view: Number(row.view),
    category: text(row.category),
    title: text(row.title),
    isPrivate: row.is_private === 1,
    hideFromTimeline: row.hide_from_timeline === 1,
    createdAt: String(row.created_at),
    feeds: feedFrom(row, "f_"),
  }))
}

export function saveUnread(counts: UnreadCounts): Statement[] {
  return [
    { sql: "DELETE FROM unread" },
    ...Object.entries(counts).map(([id, count]) => ({
      sql: "INSERT INTO unread (id, count) VALUES (?, ?)",
      params: [id, count],
    })),
  ]
}

export const loadUnreadSql: Statement = { sql: "SELECT id, count FROM unread" }

export const unreadFrom = (rows: Row[]): UnreadCounts =>
  Object.fromEntries(rows.map((row) => [String(row.id), Number(row.count)]))

const ENTRY_COLUMNS = `id, title, url, content, readability_content, description, guid, author, author_url,
  author_avatar, inserted_at, published_at, media, categories, attachments, extra, language, feed_id, read,
  sources, settings, summary, updated_at, view`

/** Upserts the entries of list items with their feeds and stars. Content is kept when a page comes without it. */
/** What an entry list's answer says of an entry: everything but the content it may lack (kept when absent). */
const FROM_LIST = `title = excluded.title, url = excluded.url,
  content = coalesce(excluded.content, entries.content), description = excluded.description,
  author = excluded.author, author_avatar = excluded.author_avatar, media = excluded.media,
  attachments = excluded.attachments, extra = excluded.extra, read = excluded.read,
  sources = excluded.sources, settings = excluded.settings, view = excluded.view,
  updated_at = excluded.updated_at`

/** What the entry view's answer says: the content, not where the entry came from (not in it); its read state is
 * set on its own, only when the answer has one. */
const FROM_DETAIL = `title = excluded.title, url = excluded.url,
  content = coalesce(excluded.content, entries.content),
  readability_content = coalesce(excluded.readability_content, entries.readability_content),
  description = excluded.description, author = excluded.author, author_avatar = excluded.author_avatar,
  media = excluded.media, attachments = excluded.attachments, extra = excluded.extra,
  updated_at = excluded.updated_at`

type KeptEntry = Pick<EntryListItem, "feeds" | "read" | "view" | "collections"> & {
  entries: EntryListItem["entries"] | EntryDetail["entries"]
  from?: EntryListItem["from"]
  settings?: EntryListItem["settings"]
}

function entryStatements(item: KeptEntry, onConflict: string): Statement[] {
  const e = item.entries
  const entry: Statement = {
    sql: `INSERT INTO entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET ${onConflict}`,
    params: [
      e.id,
      e.title,
      e.url,
      e.content ?? null,
      e.readabilityContent ?? null,
      e.description,
      e.guid,
      e.author,
      e.authorUrl,
      e.authorAvatar,
      ms(e.insertedAt),
      ms(e.publishedAt),
      json(e.media),
      json(e.categories),
      json(e.attachments),
      json(e.extra),
      e.language,
      item.feeds.id,
      item.read ? 1 : 0,
      json(item.from ?? []),
      json(item.settings),
      e.summary,
      e.updatedAt ?? null,
      item.view ?? 0,
    ],
  }
  const star: Statement = item.collections
    ? {
        sql: "INSERT OR REPLACE INTO collections (entry_id, feed_id, created_at, view) VALUES (?, ?, ?, ?)",
        params: [e.id, item.feeds.id, item.collections.createdAt, item.view ?? 0],
      }
    : { sql: "DELETE FROM collections WHERE entry_id = ?", params: [e.id] }
  return [entry, star]
}

export function saveEntryItems(items: EntryListItem[]): Statement[] {
  const feeds = new Map(items.map((item) => [item.feeds.id, item.feeds]))
  return [...[...feeds.values()].map(feedRow), ...items.flatMap((item) => entryStatements(item, FROM_LIST))]
}

/** An entry as the entry view got it: kept with its content, so it opens again without the network. */
export function saveEntryDetail(detail: EntryDetail): Statement[] {
  return [
    feedRow(detail.feeds),
    ...entryStatements({ ...detail, read: detail.read ?? false, view: detail.view ?? 0 }, FROM_DETAIL),
    ...(detail.read === undefined ? [] : saveEntriesRead([detail.entries.id], detail.read)),
  ]
}

/** The read state of kept entries, as changed in the caches (entries not kept are left alone). */
export function saveEntriesRead(ids: readonly string[], read: boolean): Statement[] {
  if (!ids.length) return []
  return [
    {
      sql: `UPDATE entries SET read = ? WHERE id IN (${ids.map(() => "?").join(", ")})`,
      params: [read ? 1 : 0, ...ids],
    },
  ]
}

/** The star of a kept entry, as changed in the caches; its feed and view come from the kept row. */
export function saveEntryStar(id: string, starredAt: string | null): Statement[] {
  return [
    starredAt
      ? {
          sql: `INSERT OR REPLACE INTO collections (entry_id, feed_id, created_at, view)
                SELECT id, feed_id, ?, view FROM entries WHERE id = ?`,
          params: [starredAt, id],
        }
      : { sql: "DELETE FROM collections WHERE entry_id = ?", params: [id] },
  ]
}

/**
 * The first page of a timeline from what is kept: the same filters the server takes, newest first. Lists and
 * inboxes are not kept yet, so their timelines answer nothing here.
 */
export function loadEntryPageSql(filter: EntryFilter, limit: number): Statement | undefined {
  if (filter.listId || filter.inboxId) return undefined
  const where = ["1 = 1"]
  const params: unknown[] = []
  if (filter.view !== undefined) {
    where.push("e.view = ?")
    params.push(filter.view)
  }
  if (filter.feedId) {
    where.push("e.feed_id = ?")
    params.push(filter.feedId)
  }
  if (filter.feedIdList?.length) {
    where.push(`e.feed_id IN (${filter.feedIdList.map(() => "?").join(", ")})`)
    params.push(...filter.feedIdList)
  }
  if (filter.read === false) where.push("e.read = 0")
  if (filter.isCollection) where.push("c.entry_id IS NOT NULL")
  params.push(limit)
  return {
    sql: `SELECT e.*, c.created_at AS starred_at, ${FEED_SELECT}
            FROM entries e JOIN feeds f ON f.id = e.feed_id LEFT JOIN collections c ON c.entry_id = e.id
           WHERE ${where.join(" AND ")}
           ORDER BY ${filter.isCollection ? "c.created_at" : "e.published_at"} DESC, e.id DESC LIMIT ?`,
    params,
  }
}

/** One kept entry as the entry view asks for it (GET /entries?id=), with its content. */
export const loadEntrySql = (id: string): Statement => ({
  sql: `SELECT e.*, c.created_at AS starred_at, ${FEED_SELECT}
          FROM entries e JOIN feeds f ON f.id = e.feed_id LEFT JOIN collections c ON c.entry_id = e.id
         WHERE e.id = ? AND e.content IS NOT NULL`,
  params: [id],
})

export function entryDetailFrom(rows: Row[]): EntryDetail | undefined {
  const [item] = entryItemsFrom(rows, true)
  if (!item) return undefined
  const { feeds, read, view, collections, settings } = item
  return {
    entries: { ...item.entries, content: item.entries.content ?? null },
    feeds,
    read,
    view,
    ...(collections ? { collections } : {}),
    ...(settings ? { settings } : {}),
  }
}

/** Of these entries, the ones kept without their content. */
export const missingContentSql = (ids: string[]): Statement => ({
  sql: `SELECT id FROM entries WHERE content IS NULL AND id IN (${ids.map(() => "?").join(", ")})`,
  params: ids,
})

export const saveContent = (id: string, content: string | null): Statement => ({
  sql: "UPDATE entries SET content = ? WHERE id = ?",
  params: [content, id],
})

export function entryItemsFrom(rows: Row[], withContent: boolean): EntryListItem[] {
  return rows.map((row) => {
    const item: EntryListItem = {
      entries: {
        id: String(row.id),
        guid: String(row.guid),
        title: text(row.title),
        url: text(row.url),
        description: text(row.description),
        summary: text(row.summary),
        author: text(row.author),
        authorUrl: text(row.author_url),
        authorAvatar: text(row.author_avatar),
        language: text(row.language),
        categories: parsed(row.categories),
        media: parsed(row.media),
        attachments: parsed(row.attachments),
        extra: parsed(row.extra),
        publishedAt: iso(row.published_at) ?? "",
        insertedAt: iso(row.inserted_at) ?? "",
        updatedAt: text(row.updated_at),
        ...(withContent ? { content: text(row.content) } : {}),
      },
      feeds: feedFrom(row, "f_"),
      read: row.read === 1,
      view: Number(row.view ?? 0),
      from: parsed<string[]>(row.sources) ?? [],
    }
    if (row.starred_at) item.collections = { createdAt: String(row.starred_at) }
    const settings = parsed<EntryListItem["settings"]>(row.settings)
    if (settings) item.settings = settings
    return item
  })
}
