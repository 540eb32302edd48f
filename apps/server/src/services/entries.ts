// Entry lists (the timeline) and single entries, always through the user's own timeline or starred items.
import { ENTRY_PAGE_DEFAULT_LIMIT, ENTRY_PAGE_MAX_LIMIT, type EntryListItem } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { contentForUser, findEntryForUser } from "../storage/entries.ts"
import { newestInsertedAfter, starredPageJson, type TimelineFilter, timelinePageJson } from "../storage/timeline.ts"
import { addEntrySettings } from "./actions.ts"
import { aiSortedEntriesJson } from "./ai-timeline.ts"
import { searchTimelineJson } from "./saved-searches.ts"
import { toEntryListItem } from "./wire.ts"

export interface ListInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  /** A saved search's timeline (the search decides what matches: view and feeds are its query's). */
  searchId?: string
  read?: boolean
  limit?: number
  /** Exclusive upper bound on publishedAt (or on the star time in the collection view). */
  publishedAfter?: Date
  isCollection?: boolean
  withContent?: boolean
  excludePrivate?: boolean
  aiSort?: boolean
}

/** An entry page as the JSON array the answer carries. */
export async function listEntriesJson(deps: Deps, userId: string, input: ListInput): Promise<string> {
  const limit = Math.min(Math.max(input.limit ?? ENTRY_PAGE_DEFAULT_LIMIT, 1), ENTRY_PAGE_MAX_LIMIT)
  const withContent = input.withContent ?? false
  if (input.searchId && !input.isCollection)
    return searchTimelineJson(deps, userId, { ...input, searchId: input.searchId, limit })
  if (input.aiSort && !input.isCollection) return aiSortedEntriesJson(deps, timelineFilter(userId, input), withContent)
  const page = input.isCollection
    ? await starredPageJson(
        deps.db,
        { userId, view: input.view, before: input.publishedAfter, unreadOnly: input.read === false },
        limit,
        withContent,
      )
    : await timelinePage(deps, userId, input, limit, withContent)
  // Only the rules' results need the items as objects; without rules the database's JSON goes out as it is.
  if (!page.hasRules) return page.items
  return JSON.stringify(await withSettings(deps, userId, JSON.parse(page.items) as EntryListItem[]))
}

function timelineFilter(userId: string, input: ListInput): TimelineFilter {
  const feedIds = input.feedIdList?.length ? input.feedIdList : input.feedId ? [input.feedId] : undefined
  return {
    userId,
    view: input.view,
    feedIds,
    listId: input.listId,
    unreadOnly: input.read === false,
    before: input.publishedAfter,
    excludePrivate: input.excludePrivate,
    excludeHidden: !feedIds && !input.listId,
  }
}

function timelinePage(deps: Deps, userId: string, input: ListInput, limit: number, withContent: boolean) {
  return timelinePageJson(deps.db, timelineFilter(userId, input), limit, withContent)
}

/** Each item carries the results of the user's action rules for it. */
async function withSettings(deps: Deps, userId: string, items: EntryListItem[]) {
  await addEntrySettings(deps, userId, items)
  return items
}

/** One entry with its content, and (like list items) the results of the user's action rules for it. */
export async function getEntry(deps: Deps, userId: string, entryId: string) {
  const found = await findEntryForUser(deps.db, userId, entryId)
  if (!found) throw new AppError(ErrorCode.EntryNotFound)
  const [item] = found.hasRules ? await withSettings(deps, userId, [toEntryListItem(found)]) : [toEntryListItem(found)]
  return {
    entries: { ...item!.entries, readabilityContent: found.entry.readabilityContent },
    feeds: item!.feeds,
    read: item!.read,
    view: item!.view,
    ...(item!.collections ? { collections: item!.collections } : {}),
    ...(item!.settings ? { settings: item!.settings } : {}),
  }
}

export interface CheckNewInput {
  insertedAfter: Date
  view?: number
  feedId?: string
  feedIdList?: string[]
  read?: boolean
}

/** GET /entries/check-new: has anything reached this timeline since the client last looked? */
export async function checkNew(deps: Deps, userId: string, input: CheckNewInput) {
  const feedIds = input.feedIdList?.length ? input.feedIdList : input.feedId ? [input.feedId] : undefined
  const newest = await newestInsertedAfter(
    deps.db,
    { userId, view: input.view, feedIds, unreadOnly: input.read === false, excludeHidden: !feedIds },
    input.insertedAfter,
  )
  if (!newest) return { has_new: false }
  // "lastest_at" is the official client's spelling.
  return { has_new: true, lastest_at: newest.insertedAt.toISOString(), entry_id: newest.entryId }
}

/** POST /entries/stream: content for up to 100 of the user's entries, as NDJSON lines. */
export async function streamContent(deps: Deps, userId: string, ids: string[]): Promise<string> {
  const rows = await contentForUser(deps.db, userId, [...new Set(ids)].slice(0, 100))
  return rows.map((r) => JSON.stringify({ id: r.id, content: r.content ?? "" })).join("\n") + (rows.length ? "\n" : "")
}
