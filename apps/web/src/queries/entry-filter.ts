// What an entry list asks the server for, and how pages chain (api-contract §3 "Pagination").
import type { EntryListItem } from "@tidings/shared"

export interface EntryFilter {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  inboxId?: string
  searchId?: string
  /** false = unread only; undefined = everything. */
  read?: boolean
  isCollection?: boolean
  /** Entries with their content (the Social media view shows posts in full). */
  withContent?: boolean
  /** The AI timeline: the best 100 unread entries by score, one page (api-contract: aiSort does not page). */
  aiSort?: boolean
}

export const ENTRY_PAGE_LIMIT = 20
export const AI_SORT_LIMIT = 100

/** The next page's cursor: the last item's publishedAt (star time in the starred list); none after a short page. */
export function nextPageCursor(page: EntryListItem[], filter: EntryFilter, limit = ENTRY_PAGE_LIMIT) {
  if (page.length < limit || filter.aiSort) return undefined
  const last = page[page.length - 1]
  return filter.isCollection ? (last.collections?.createdAt ?? last.entries.publishedAt) : last.entries.publishedAt
}
