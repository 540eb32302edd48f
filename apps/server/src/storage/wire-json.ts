// The wire shapes of services/wire.ts built by the database as JSON text, for the answers read most (entry pages):
// the rows then never pass through the driver's parsing, the mapping to objects and JSON.stringify. The field list
// must stay the one toEntry and toFeed write; test/entry-json.test.ts compares the two for the same entries.
import { type SQL, sql } from "drizzle-orm"

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC, Z), or null. */
export function isoJson(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
}

/** toEntry of the entry row under `alias`; its content only when asked. */
export function entryJson(alias: string, withContent: boolean): SQL {
  const c = (name: string) => `${alias}.${name}`
  return sql`json_build_object(
    'id', ${sql.raw(c("id"))}, 'guid', ${sql.raw(c("guid"))}, 'title', ${sql.raw(c("title"))},
    'url', ${sql.raw(c("url"))}, 'description', ${sql.raw(c("description"))}, 'summary', ${sql.raw(c("summary"))},
    'author', ${sql.raw(c("author"))}, 'authorUrl', ${sql.raw(c("author_url"))},
    'authorAvatar', ${sql.raw(c("author_avatar"))}, 'language', ${sql.raw(c("language"))},
    'categories', ${sql.raw(c("categories"))}, 'media', ${sql.raw(c("media"))},
    'attachments', ${sql.raw(c("attachments"))}, 'extra', ${sql.raw(c("extra"))},
    'publishedAt', ${isoJson(c("published_at"))}, 'updatedAt', ${isoJson(c("updated_at"))},
    'insertedAt', ${isoJson(c("inserted_at"))}, 'readabilityUpdatedAt', ${isoJson(c("readability_updated_at"))}
    ${withContent ? sql.raw(`, 'content', ${c("content")}`) : sql``})`
}

/** toFeed of the feed row under `alias`. */
export function feedJson(alias: string): SQL {
  const c = (name: string) => `${alias}.${name}`
  return sql`json_build_object(
    'type', 'feed', 'id', ${sql.raw(c("id"))}, 'url', ${sql.raw(c("url"))}, 'title', ${sql.raw(c("title"))},
    'description', ${sql.raw(c("description"))}, 'siteUrl', ${sql.raw(c("site_url"))},
    'image', ${sql.raw(c("image"))}, 'ownerUserId', ${sql.raw(c("owner_user_id"))},
    'errorAt', ${isoJson(c("error_at"))}, 'errorMessage', ${sql.raw(c("error_message"))},
    'language', ${sql.raw(c("language"))}, 'checkedAt', ${isoJson(c("checked_at"))},
    'updatedAt', floor(extract(epoch from coalesce(${sql.raw(c("source_updated_at"))}, ${sql.raw(c("updated_at"))})) * 1000)::bigint,
    'tipUserIds', null, 'droppedEntryCount', ${sql.raw(c("dropped_entry_count"))})`
}
