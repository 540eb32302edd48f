// Pure helpers that patch cached entry list pages and details for optimistic updates.

import type { InfiniteData } from "@tanstack/react-query"
import type { AlsoIn, EntryDetail, EntryListItem } from "@tidings/shared"

export type EntryPages = InfiniteData<EntryListItem[], string | undefined>

export function patchEntryPages(
  data: EntryPages | undefined,
  match: (item: EntryListItem) => boolean,
  patch: (item: EntryListItem) => EntryListItem,
): EntryPages | undefined {
  if (!data) return data
  let changed = false
  const pages = data.pages.map((page) =>
    page.map((item) => {
      if (!match(item)) return item
      changed = true
      return patch(item)
    }),
  )
  return changed ? { ...data, pages } : data
}

/** The pages without one entry (an inbox entry deleted); the same object when it was not there. */
export function dropEntry(data: EntryPages | undefined, id: string): EntryPages | undefined {
  if (!data?.pages.some((page) => page.some((item) => item.entries.id === id))) return data
  return { ...data, pages: data.pages.map((page) => page.filter((item) => item.entries.id !== id)) }
}

export const withRead = <T extends { read?: boolean }>(item: T, read: boolean): T => ({ ...item, read })

/** A starred item carries `collections`; an unstarred one has no such key at all (api-contract §3). */
export function withStar<T extends { collections?: { createdAt: string } }>(item: T, starredAt: string | null): T {
  if (starredAt) return { ...item, collections: { createdAt: starredAt } }
  const { collections: _dropped, ...rest } = item
  return rest as T
}

/** The state of one entry as the caches know it: detail first, then any list page. */
export interface KnownEntry {
  feedId: string
  view: number | undefined
  read: boolean | undefined
  starred: boolean
  /** An inbox entry (its `feeds` is the inbox): read marks for it say isInbox. */
  inbox: boolean
  /** Its copies in other feeds (duplicates across feeds): the server reads and stars them with it. */
  alsoIn?: AlsoIn[]
}

// Inbox lists put the inbox target where the feed goes; the Feed type does not allow for it.
const isInboxTarget = (feeds: { type: string }) => feeds.type === "inbox"

export function knownEntry(
  id: string,
  detail: EntryDetail | null | undefined,
  lists: (EntryPages | undefined)[],
): KnownEntry | undefined {
  const item = lists.flatMap((data) => data?.pages.flat() ?? []).find((entry) => entry.entries.id === id)
  if (detail) {
    return {
      feedId: detail.feeds.id,
      view: detail.view ?? item?.view,
      read: detail.read ?? item?.read,
      starred: Boolean(detail.collections ?? item?.collections),
      inbox: isInboxTarget(detail.feeds),
      alsoIn: item?.alsoIn,
    }
  }
  if (!item) return undefined
  return {
    feedId: item.feeds.id,
    view: item.view,
    read: item.read,
    starred: Boolean(item.collections),
    inbox: isInboxTarget(item.feeds),
    alsoIn: item.alsoIn,
  }
}
