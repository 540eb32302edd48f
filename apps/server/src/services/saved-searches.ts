// Saved searches as smart feeds (issue 15): a titled query in the search language (services/search.ts) with its
// unread count, its own timeline (matches newest first, paged like every timeline) and mark-all-read. A query is
// checked by parsing it when saved, so a bad one is refused with the parser's message and nothing is stored.
import { ENTRY_PAGE_DEFAULT_LIMIT, ENTRY_PAGE_MAX_LIMIT, type EntryListItem } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { deleteFeedOutputsOf } from "../storage/feed-outputs.ts"
import {
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  type SavedSearchRow,
  updateSavedSearch,
} from "../storage/saved-searches.ts"
import { datedSearchKeys, markSearchRead, unreadMatchCounts } from "../storage/search.ts"
import { pageJson } from "../storage/timeline.ts"
import { addEntrySettings } from "./actions.ts"
import { searchFilterOf } from "./search.ts"

/** Saved searches one user may keep. */
export const SAVED_SEARCH_MAX = 50

export interface SavedSearch {
  id: string
  title: string
  query: string
  createdAt: string
  /** Unread matches, at most SEARCH_COUNT_CAP (1000). */
  unread: number
}

function toWire(row: SavedSearchRow, unread: number): SavedSearch {
  return { id: row.id, title: row.title, query: row.query, createdAt: row.createdAt.toISOString(), unread }
}

/** Every saved search of the user with its unread count (all counted in one statement). */
export async function userSavedSearches(deps: Deps, userId: string): Promise<SavedSearch[]> {
  const rows = await listSavedSearches(deps.db, userId)
  const counts = await unreadMatchCounts(
    deps.db,
    rows.flatMap((row) => withFilter(userId, row)),
  )
  return rows.map((row) => toWire(row, counts[row.id] ?? 0))
}

/** A stored query that no longer parses (the language changed) counts nothing rather than failing the list. */
function withFilter(userId: string, row: SavedSearchRow) {
  try {
    return [{ id: row.id, filter: searchFilterOf(userId, row.query) }]
  } catch {
    return []
  }
}

async function withCount(deps: Deps, userId: string, row: SavedSearchRow): Promise<SavedSearch> {
  const counts = await unreadMatchCounts(deps.db, withFilter(userId, row))
  return toWire(row, counts[row.id] ?? 0)
}

export async function getSavedSearch(deps: Deps, userId: string, id: string): Promise<SavedSearch> {
  return withCount(deps, userId, await ownSearch(deps, userId, id))
}

export async function createSavedSearch(deps: Deps, userId: string, input: { title: string; query: string }) {
  searchFilterOf(userId, input.query)
  const row = await insertSavedSearch(deps.db, { id: newId(), userId, ...input }, SAVED_SEARCH_MAX)
  if (!row) {
    throw new AppError(ErrorCode.SavedSearchLimitExceeded, { reason: `At most ${SAVED_SEARCH_MAX} saved searches` })
  }
  return withCount(deps, userId, row)
}

export async function changeSavedSearch(
  deps: Deps,
  userId: string,
  id: string,
  change: { title?: string; query?: string },
) {
  if (change.query !== undefined) searchFilterOf(userId, change.query)
  const row = await updateSavedSearch(deps.db, userId, id, change)
  if (!row) throw new AppError(ErrorCode.SavedSearchNotFound)
  return withCount(deps, userId, row)
}

/** Deletes the search and revokes its published feed, if any (its address stops answering). */
export async function removeSavedSearch(deps: Deps, userId: string, id: string) {
  if (!(await deleteSavedSearch(deps.db, userId, id))) throw new AppError(ErrorCode.SavedSearchNotFound)
  await deleteFeedOutputsOf(deps.db, userId, "search", id)
}

/** The user's own saved search, or SavedSearchNotFound (another user's is not there for them). */
export async function ownSearch(deps: Deps, userId: string, id: string): Promise<SavedSearchRow> {
  const row = await findSavedSearch(deps.db, userId, id)
  if (!row) throw new AppError(ErrorCode.SavedSearchNotFound)
  return row
}

export interface SearchTimelineInput {
  searchId: string
  limit?: number
  /** Exclusive upper bound on publishedAt: the cursor of every timeline page. */
  publishedAfter?: Date
  /** false: unread matches only. */
  read?: boolean
  withContent?: boolean
}

/** A page of a saved search's timeline: its matches newest first, as the JSON array a timeline page carries. */
export async function searchTimelineJson(deps: Deps, userId: string, input: SearchTimelineInput): Promise<string> {
  const row = await ownSearch(deps, userId, input.searchId)
  const filter = searchFilterOf(userId, row.query)
  if (input.read === false) {
    if (filter.unread === false) return "[]"
    filter.unread = true
  }
  const limit = Math.min(Math.max(input.limit ?? ENTRY_PAGE_DEFAULT_LIMIT, 1), ENTRY_PAGE_MAX_LIMIT)
  const keys = datedSearchKeys(filter, limit, input.publishedAfter)
  const result = await deps.db.execute<{ items: string; hasRules: boolean }>(
    pageJson({ userId }, keys, input.withContent ?? false),
  )
  const page = result.rows[0]
  if (!page?.hasRules) return page?.items ?? "[]"
  const items = JSON.parse(page.items) as EntryListItem[]
  await addEntrySettings(deps, userId, items)
  return JSON.stringify(items)
}

/** Marks exactly the saved search's unread matches read (within the window, when given). */
export async function markSavedSearchRead(
  deps: Deps,
  userId: string,
  searchId: string,
  window: { publishedFrom?: Date; publishedTo?: Date; insertedBefore?: Date } = {},
): Promise<Record<string, number>> {
  const row = await ownSearch(deps, userId, searchId)
  const filter = searchFilterOf(userId, row.query)
  return markSearchRead(deps.db, { ...filter, ...window })
}
