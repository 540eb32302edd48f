// Reading and writing one entry's read and star state across every cache that holds it.

import type { QueryClient } from "@tanstack/react-query"
import type { EntryDetail } from "@tidings/shared"
import { type EntryPages, type KnownEntry, knownEntry, patchEntryPages, withRead, withStar } from "./entry-cache.ts"
import type { EntryFilter } from "./entry-filter.ts"
import { queryKeys } from "./keys.ts"

/** A read or star change made to the cached entries (optimistic, or undone), for the local copy to keep. */
export type EntryStateChange =
  | { kind: "read"; ids: readonly string[]; read: boolean }
  | { kind: "star"; id: string; starredAt: string | null }

const stateListeners = new Set<(change: EntryStateChange) => void>()

/**
 * Hears every read and star change set in the caches. The local copy keeps them from here as well as from the
 * lists it writes back: an entry may be in no cached list (a refused change undone after its list was refetched
 * without it), and its state must still change in the local database.
 */
export function onEntryStateChange(listener: (change: EntryStateChange) => void): () => void {
  stateListeners.add(listener)
  return () => stateListeners.delete(listener)
}

const announce = (change: EntryStateChange) => {
  for (const listener of stateListeners) listener(change)
}

export function lookupEntry(queryClient: QueryClient, id: string): KnownEntry | undefined {
  const detail = queryClient.getQueryData<EntryDetail | null>(queryKeys.entry(id))
  const lists = queryClient.getQueriesData<EntryPages>({ queryKey: queryKeys.entriesRoot }).map(([, data]) => data)
  return knownEntry(id, detail, lists)
}

/**
 * Applies a patch to every cached entry list, writing only the lists it changes: setQueryData marks a list fresh,
 * which would stop an invalidated list (e.g. one whose refetch was cancelled) from refetching when shown again.
 */
function patchEntryLists(queryClient: QueryClient, patch: (data: EntryPages) => EntryPages | undefined): void {
  for (const [key, data] of queryClient.getQueriesData<EntryPages>({ queryKey: queryKeys.entriesRoot })) {
    if (!data) continue
    const next = patch(data)
    if (next !== data) queryClient.setQueryData(key, next)
  }
}

export function setEntryRead(queryClient: QueryClient, ids: ReadonlySet<string>, read: boolean): void {
  patchEntryLists(queryClient, (data) =>
    patchEntryPages(
      data,
      (item) => ids.has(item.entries.id) && item.read !== read,
      (item) => withRead(item, read),
    ),
  )
  for (const id of ids) {
    queryClient.setQueryData<EntryDetail | null>(queryKeys.entry(id), (data) => (data ? withRead(data, read) : data))
  }
  announce({ kind: "read", ids: [...ids], read })
}

/** Marks every loaded entry of the given feeds read (mark-all-read). */
export function setFeedsRead(queryClient: QueryClient, feedIds: ReadonlySet<string>): void {
  patchEntryLists(queryClient, (data) =>
    patchEntryPages(
      data,
      (item) => feedIds.has(item.feeds.id) && !item.read,
      (item) => withRead(item, true),
    ),
  )
}

export function setEntryStar(queryClient: QueryClient, id: string, starredAt: string | null): void {
  patchEntryLists(queryClient, (data) =>
    patchEntryPages(
      data,
      (item) => item.entries.id === id,
      (item) => withStar(item, starredAt),
    ),
  )
  queryClient.setQueryData<EntryDetail | null>(queryKeys.entry(id), (data) => (data ? withStar(data, starredAt) : data))
  announce({ kind: "star", id, starredAt })
}

export function isStarredListKey(queryKey: readonly unknown[]): boolean {
  const filter = queryKey[1] as EntryFilter | undefined
  return queryKey[0] === queryKeys.entriesRoot[0] && Boolean(filter?.isCollection)
}

type Stateful = { read?: boolean; collections?: { createdAt: string } }

/**
 * Lays the caches' read and star state over older copies of entries (the local database's: it is told of a change
 * a moment after the caches are), so an entry opened right after it was marked does not come back unread. `idOf`
 * names each copy's entry; copies the caches do not hold are returned as they are.
 */
export function withCachedState<T extends Stateful>(queryClient: QueryClient, copies: T[], idOf: (copy: T) => string) {
  const current = new Map<string, Stateful>()
  for (const [, data] of queryClient.getQueriesData<EntryPages>({ queryKey: queryKeys.entriesRoot }))
    for (const item of data?.pages.flat() ?? []) current.set(item.entries.id, item)
  return copies.map((copy) => {
    const id = idOf(copy)
    const known = queryClient.getQueryData<EntryDetail | null>(queryKeys.entry(id)) ?? current.get(id)
    if (!known) return copy
    const read = known.read ?? copy.read
    return withStar(read === undefined ? copy : withRead(copy, read), known.collections?.createdAt ?? null)
  })
}
