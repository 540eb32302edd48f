// The wire shapes of services/wire.ts built by the database as JSON text, for the answers read most (entry pages):
// the rows then never pass through the driver's parsing, the mapping to objects and JSON.stringify. The field list
// must stay the one toEntry and toFeed write; test/entry-json.test.ts compares the two for the same entries.
import { type SQL, sql } from "drizzle-orm"

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC, Z), or null. */
export function isoJson(column: string): SQL {
  return sql.raw(isoText(column))
}

function isoText(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
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

/** toFeed of the feed row under `alias` (a claimed feed's tipUserIds: its owner, as in toFeed). */
export function feedJson(alias: string): SQL {
  const c = (name: string) => `${alias}.${name}`
  return sql`json_build_object(
    'type', 'feed', 'id', ${sql.raw(c("id"))}, 'url', ${sql.raw(c("url"))}, 'title', ${sql.raw(c("title"))},
    'description', ${sql.raw(c("description"))}, 'siteUrl', ${sql.raw(c("site_url"))},
    'image', ${sql.raw(c("image"))}, 'ownerUserId', ${sql.raw(c("owner_user_id"))},
    'errorAt', ${isoJson(c("error_at"))}, 'errorMessage', ${sql.raw(c("error_message"))},
    'language', ${sql.raw(c("language"))}, 'checkedAt', ${isoJson(c("checked_at"))},
    'updatedAt', floor(extract(epoch from coalesce(${sql.raw(c("source_updated_at"))}, ${sql.raw(c("updated_at"))})) * 1000)::bigint,
    'tipUserIds', case when ${sql.raw(c("owner_user_id"))} is null then null else json_build_array(${sql.raw(c("owner_user_id"))}) end,
    'droppedEntryCount', ${sql.raw(c("dropped_entry_count"))})`
}

/** toSubscription of the subscription row under `alias`, as the leading fields of a json_build_object. */
function subscriptionFields(alias: string, type: string): string {
  const c = (name: string) => `${alias}.${name}`
  return `'type', ${type}, 'userId', ${c("user_id")}, 'feedId', ${c("feed_id")}, 'listId', ${c("list_id")},
    'inboxId', ${c("inbox_id")}, 'view', ${c("view")}, 'category', ${c("category")}, 'title', ${c("title")},
    'isPrivate', ${c("is_private")}, 'hideFromTimeline', ${c("hide_from_timeline")},
    'createdAt', ${isoText(c("created_at"))}`
}

/**
 * GET /subscriptions as JSON text in one statement: the user's feeds, then lists, then inboxes (each in the order
 * they were followed), each as toFeedSubscription, toList and toInbox of services/wire.ts write them (compared in
 * test/subscriptions-json.test.ts). With `othersOnly` (another user looks) only public feeds and lists.
 */
export function subscriptionsJsonStatement(userId: string, view: number | undefined, othersOnly: boolean): SQL {
  const own = sql`s.user_id = ${userId} and (${view ?? null}::smallint is null or s.view = ${view ?? null}::smallint)
    and (not ${othersOnly}::boolean or not s.is_private)`
  return sql`select coalesce(json_agg(item order by kind, created_at, id), '[]')::text as items from (
    select 0 as kind, s.created_at, s.id, json_build_object(${sql.raw(subscriptionFields("s", "'feed'"))},
      'feeds', ${feedJson("f")}) as item
    from subscriptions s join feeds f on f.id = s.feed_id where ${own}
    union all
    select 1, s.created_at, s.id, json_build_object(${sql.raw(subscriptionFields("s", "s.type"))},
      'lists', json_build_object('type', 'list', 'id', l.id, 'title', l.title, 'description', l.description,
        'image', l.image, 'view', l.view, 'fee', l.fee, 'ownerUserId', l.owner_user_id,
        'feedIds', coalesce((select json_agg(lf.feed_id order by lf.created_at, lf.feed_id) from list_feeds lf
          where lf.list_id = l.id), '[]'),
        'createdAt', ${isoJson("l.created_at")}, 'updatedAt', ${isoJson("l.updated_at")}))
    from subscriptions s join lists l on l.id = s.list_id where ${own}
    union all
    select 2, s.created_at, s.id, json_build_object(${sql.raw(subscriptionFields("s", "s.type"))},
      'inboxes', json_build_object('type', 'inbox', 'id', i.handle, 'title', i.title, 'description', null,
        'image', null, 'ownerUserId', i.user_id, 'secret', i.secret))
    from subscriptions s join inboxes i on i.handle = s.inbox_id where ${own} and not ${othersOnly}::boolean
  ) k`
}
