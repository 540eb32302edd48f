// The query cache kept in local storage (spec client §3 "Local keys" REACT_QUERY_OFFLINE_CACHE, §9: max age 7 days,
// multi-page lists not persisted), so the shell, the session and the sidebar show at once, also offline. Restored
// data counts as old: every query still asks the server when it is used (stale-while-revalidate). The copy belongs
// to the signed-in user: it is written only with a session, removed without one, and dropped when another user's
// session answers. Timelines and entry contents are the local database's (db/), not kept here.
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query"
import { APP_VERSION, LOCAL_KEY_PREFIX, type SessionAnswer } from "@tidings/shared"
import { localDataWasReset } from "../lib/local-reset.ts"
import { queryKeys } from "./keys.ts"

export const PERSISTED_CACHE_KEY = `${LOCAL_KEY_PREFIX}REACT_QUERY_OFFLINE_CACHE`
/** Spec client §9: the persisted query cache is kept at most this long. */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Writes are throttled: at most one per this long, whatever the number of changes. */
export const PERSIST_THROTTLE_MS = 1000
/** Restored data carries this time, so it is older than any answer and never overwrites one. */
export const RESTORED_AT = 1
/** Entry contents are the local database's; kept here they would fill the storage quota. */
const NOT_PERSISTED = new Set(["entry", "inbox-entry"])

interface PersistedQuery {
  queryKey: QueryKey
  data: unknown
}

interface PersistedCache {
  buster: string
  timestamp: number
  userId: string
  queries: PersistedQuery[]
}

export interface PersistDeps {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">
  now: () => number
  /** Runs `run` after `ms`; answers a cancel function. */
  later: (run: () => void, ms: number) => () => void
}

const isInfinite = (data: unknown) =>
  typeof data === "object" && data !== null && Array.isArray((data as { pages?: unknown }).pages)

export function shouldPersist(query: Query): boolean {
  // A query whose refetch failed (offline) keeps its last answer: that answer is kept here too, or a second start
  // without a network would find no session and send the reader to the login page.
  const { data } = query.state
  if (data === undefined || isInfinite(data)) return false
  if (NOT_PERSISTED.has(String(query.queryKey[0]))) return false
  // Queries kept for no time at all (e.g. the local database's size) are not worth keeping either.
  return query.gcTime !== 0
}

const sessionUserId = (queryClient: QueryClient) =>
  queryClient.getQueryData<SessionAnswer | null>(queryKeys.session)?.user?.id

/** Puts the stored copy into the cache, marked stale; answers whose copy it was (undefined when none was used). */
export function restorePersistedCache(queryClient: QueryClient, deps: PersistDeps): string | undefined {
  let stored: PersistedCache | undefined
  try {
    stored = JSON.parse(deps.storage.getItem(PERSISTED_CACHE_KEY) ?? "null") ?? undefined
  } catch {
    stored = undefined
  }
  const usable =
    stored &&
    stored.buster === APP_VERSION &&
    typeof stored.userId === "string" &&
    Array.isArray(stored.queries) &&
    deps.now() - stored.timestamp <= PERSISTED_CACHE_MAX_AGE_MS
  if (!stored || !usable) {
    if (stored) deps.storage.removeItem(PERSISTED_CACHE_KEY)
    return undefined
  }
  for (const { queryKey, data } of stored.queries) {
    if (!Array.isArray(queryKey) || queryClient.getQueryData(queryKey) !== undefined) continue
    queryClient.setQueryData(queryKey, data, { updatedAt: RESTORED_AT })
    // Invalidated is stale whatever the query's staleTime (even Infinity): the first use refetches.
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: "none" })
  }
  return stored.userId
}

/** Writes the cache (throttled) while the app runs; answers a function that writes at once (page hide). */
export function persistQueryCache(queryClient: QueryClient, deps: PersistDeps, restoredUser?: string): () => void {
  let owner = restoredUser
  let cancel: (() => void) | undefined
  const write = () => {
    cancel?.()
    cancel = undefined
    if (localDataWasReset()) return
    const userId = sessionUserId(queryClient)
    if (!userId) {
      deps.storage.removeItem(PERSISTED_CACHE_KEY)
      return
    }
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter(shouldPersist)
      .map((query) => ({ queryKey: query.queryKey, data: query.state.data }))
    const value: PersistedCache = { buster: APP_VERSION, timestamp: deps.now(), userId, queries }
    try {
      deps.storage.setItem(PERSISTED_CACHE_KEY, JSON.stringify(value))
    } catch {
      // Full or blocked storage: better no copy than a stale one.
      deps.storage.removeItem(PERSISTED_CACHE_KEY)
    }
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "added" && event.type !== "removed" && event.type !== "updated") return
    if (event.query.queryKey[0] === queryKeys.session[0] && event.type === "updated") {
      const userId = sessionUserId(queryClient)
      // Another user's session answered over a restored copy: nothing of the copy may stay on screen.
      if (userId && owner && userId !== owner) {
        void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
      }
      if (userId) owner = userId
    }
    cancel ??= deps.later(write, PERSIST_THROTTLE_MS)
  })
  return write
}
