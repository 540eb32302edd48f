// Duplicates across feeds (issue 15): the timeline's insert trigger marks a row `duplicate_of` the user's first row
// of the same story (migration story_keys, reader/story-keys.ts). These are the pieces of SQL that pages, reads and
// stars use to treat such a group as one entry while the user's `dedupeAcrossFeeds` setting is on.
import { type SQL, sql } from "drizzle-orm"
import { feeds, settings, subscriptions, timeline } from "./schema.ts"

/** Whether the user groups duplicates (the general setting `dedupeAcrossFeeds`, on unless turned off). Uncorrelated,
 * so a statement evaluates it once. */
export function dedupeOn(userId: string): SQL {
  return sql`coalesce((select (st.payload->>'dedupeAcrossFeeds')::boolean from ${settings} st
    where st.user_id = ${userId} and st.tab = 'general'), true)`
}

/**
 * Whether the user groups duplicates and has any group: one probe of the partial index of copies, once per statement
 * (uncorrelated). Every per-row part of grouping sits behind it, so a reader without copies pays for none of it.
 */
export function groupedFor(userId: string): SQL {
  return sql`(${dedupeOn(userId)} and exists (select 1 from ${timeline} d
    where d.user_id = ${userId} and d.duplicate_of is not null))`
}

/**
 * The entry ids of the groups of the rows `heads` names (a query answering `head`, a group's first entry id): the
 * first rows and their duplicates, each from an index (primary key, timeline_user_duplicate_idx).
 */
export function groupMembers(userId: string, heads: SQL): SQL {
  return sql`select g.entry_id from ${timeline} g where g.user_id = ${userId} and g.entry_id in (select head from (${heads}) h)
    union
    select g.entry_id from ${timeline} g where g.user_id = ${userId} and g.duplicate_of in (select head from (${heads}) h)`
}

/**
 * The other members of the group of the page row under `p` (its entry id and `dup`, its timeline row's
 * duplicate_of) as a JSON array of {feedId, entryId, title}, oldest first; null when it has none or the user keeps
 * duplicates apart. The title is the user's name for the feed, else the feed's.
 */
export function alsoInJson(userId: string): SQL {
  return sql`case when p.dup is null and not exists (
      select 1 from ${timeline} d where d.user_id = ${userId} and d.duplicate_of = p.entry_id)
    then null
    else (select json_agg(json_build_object('feedId', g.feed_id, 'entryId', g.entry_id, 'title', coalesce(
        (select s.title from ${subscriptions} s where s.user_id = ${userId} and s.feed_id = g.feed_id),
        (select f.title from ${feeds} f where f.id = g.feed_id))) order by g.published_at, g.entry_id)
      from ${timeline} g
      where g.user_id = ${userId} and g.entry_id <> p.entry_id
        and g.entry_id in (${groupMembers(userId, sql`select coalesce(p.dup, p.entry_id) as head`)}))
    end`
}
