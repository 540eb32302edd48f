import { QueryClient } from "@tanstack/react-query"
import { APP_VERSION } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { markLocalDataReset } from "../lib/local-reset.ts"
import { memoryStorage } from "../test/fixtures.ts"
import { queryKeys } from "./keys.ts"
import {
  PERSIST_THROTTLE_MS,
  PERSISTED_CACHE_KEY,
  PERSISTED_CACHE_MAX_AGE_MS,
  type PersistDeps,
  persistQueryCache,
  restorePersistedCache,
} from "./persisted-cache.ts"

const session = (id: string) => ({ user: { id, email: `${id}@example.com` }, session: { id: "s", userId: id } })

function deps(storage = memoryStorage(), start = 10_000_000) {
  const clock = { now: start }
  const timers: { run: () => void; ms: number }[] = []
  const value: PersistDeps = {
    storage,
    now: () => clock.now,
    later: (run, ms) => {
      const timer = { run, ms }
      timers.push(timer)
      return () => timers.splice(timers.indexOf(timer), 1)
    },
  }
  const runTimers = () => {
    for (const timer of timers.splice(0)) timer.run()
  }
  return { value, storage, clock, timers, runTimers }
}

const stored = (storage: ReturnType<typeof memoryStorage>) =>
  JSON.parse(storage.entries.get(PERSISTED_CACHE_KEY) ?? "null") as {
    userId: string
    buster: string
    queries: { queryKey: unknown[]; data: unknown }[]
  } | null

describe("persisted query cache", () => {
  it("writes throttled, under the spec's key, with the session, and without multi-page lists or entry contents", () => {
    expect(PERSISTED_CACHE_KEY).toBe("tidings:REACT_QUERY_OFFLINE_CACHE")
    const d = deps()
    const client = new QueryClient()
    persistQueryCache(client, d.value)
    client.setQueryData(queryKeys.session, session("u1"))
    client.setQueryData(queryKeys.unread, { f1: 3 })
    client.setQueryData(queryKeys.subscriptions, [{ feedId: "f1" }])
    client.setQueryData(queryKeys.entries({ view: 0 }), { pages: [[{ id: "e" }]], pageParams: [undefined] })
    client.setQueryData(queryKeys.entry("e1"), { entries: { id: "e1", content: "<p>long</p>" } })
    // Four changes, one pending write, nothing written yet.
    expect(d.timers.map((t) => t.ms)).toEqual([PERSIST_THROTTLE_MS])
    expect(d.storage.entries.has(PERSISTED_CACHE_KEY)).toBe(false)
    d.runTimers()
    const value = stored(d.storage)
    expect(value?.userId).toBe("u1")
    expect(value?.buster).toBe(APP_VERSION)
    expect(value?.queries.map((q) => q.queryKey[0]).sort()).toEqual(["session", "subscriptions", "unread"])
  })

  it("restores the copy at once, stale, so every query still asks the server when used", async () => {
    const d = deps()
    const first = new QueryClient()
    persistQueryCache(first, d.value)
    first.setQueryData(queryKeys.session, session("u1"))
    first.setQueryData(queryKeys.unread, { f1: 3 })
    first.setQueryData(queryKeys.inboxes, [{ id: "in" }])
    d.runTimers()

    const next = new QueryClient()
    expect(restorePersistedCache(next, d.value)).toBe("u1")
    expect(next.getQueryData(queryKeys.unread)).toEqual({ f1: 3 })
    expect(next.getQueryData(queryKeys.session)).toEqual(session("u1"))
    for (const key of [queryKeys.unread, queryKeys.session, queryKeys.inboxes]) {
      const query = next.getQueryCache().find({ queryKey: key })
      // Stale even for a query that is otherwise never stale (inboxes use staleTime Infinity).
      expect(query?.isStaleByTime(Number.POSITIVE_INFINITY)).toBe(true)
    }
    // A fetch that answers replaces the restored data.
    await next.fetchQuery({ queryKey: queryKeys.unread, queryFn: () => ({ f1: 1 }), staleTime: 60_000 })
    expect(next.getQueryData(queryKeys.unread)).toEqual({ f1: 1 })
  })

  it("drops a copy older than 7 days or from another app version", () => {
    const d = deps()
    const first = new QueryClient()
    persistQueryCache(first, d.value)
    first.setQueryData(queryKeys.session, session("u1"))
    d.runTimers()
    const saved = d.storage.entries.get(PERSISTED_CACHE_KEY) ?? ""

    d.clock.now += PERSISTED_CACHE_MAX_AGE_MS
    expect(restorePersistedCache(new QueryClient(), d.value)).toBe("u1")
    d.clock.now += 1
    const late = new QueryClient()
    expect(restorePersistedCache(late, d.value)).toBeUndefined()
    expect(late.getQueryData(queryKeys.session)).toBeUndefined()
    expect(d.storage.entries.has(PERSISTED_CACHE_KEY)).toBe(false)

    const other = deps(memoryStorage({ [PERSISTED_CACHE_KEY]: saved.replace(APP_VERSION, "0.0.1") }))
    expect(restorePersistedCache(new QueryClient(), other.value)).toBeUndefined()
  })

  it("removes the copy on sign-out (no session) and never writes one without a user", () => {
    const d = deps()
    const client = new QueryClient()
    persistQueryCache(client, d.value)
    client.setQueryData(queryKeys.session, session("u1"))
    client.setQueryData(queryKeys.unread, { f1: 3 })
    d.runTimers()
    expect(stored(d.storage)?.userId).toBe("u1")
    client.clear()
    client.setQueryData(queryKeys.session, null)
    d.runTimers()
    expect(d.storage.entries.has(PERSISTED_CACHE_KEY)).toBe(false)
  })

  it("drops what was restored when another user's session answers", async () => {
    const d = deps()
    const first = new QueryClient()
    persistQueryCache(first, d.value)
    first.setQueryData(queryKeys.session, session("u1"))
    first.setQueryData(queryKeys.unread, { f1: 3 })
    d.runTimers()

    const next = new QueryClient()
    const restored = restorePersistedCache(next, d.value)
    persistQueryCache(next, d.value, restored)
    await next.fetchQuery({ queryKey: queryKeys.session, queryFn: () => session("u2") })
    expect(next.getQueryData(queryKeys.unread)).toBeUndefined()
    d.runTimers()
    const value = stored(d.storage)
    expect(value?.userId).toBe("u2")
    expect(value?.queries.map((q) => q.queryKey[0])).toEqual(["session"])
  })

  it("keeps the last answer of a query whose refetch failed, so a second offline start still has the session", async () => {
    const d = deps()
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    persistQueryCache(client, d.value)
    client.setQueryData(queryKeys.session, session("u1"))
    // Offline: the session's refetch fails; the query keeps its data in the error state.
    await client
      .fetchQuery({ queryKey: queryKeys.session, queryFn: () => Promise.reject(new Error("offline")), staleTime: 0 })
      .catch(() => undefined)
    expect(client.getQueryState(queryKeys.session)?.status).toBe("error")
    d.runTimers()
    const value = stored(d.storage)
    expect(value?.queries.find((q) => q.queryKey[0] === "session")?.data).toEqual(session("u1"))
    const next = new QueryClient()
    expect(restorePersistedCache(next, d.value)).toBe("u1")
    expect(next.getQueryData(queryKeys.session)).toEqual(session("u1"))
  })

  it("ignores an unreadable copy", () => {
    const d = deps(memoryStorage({ [PERSISTED_CACHE_KEY]: "{oops" }))
    expect(restorePersistedCache(new QueryClient(), d.value)).toBeUndefined()
  })

  // Last: the reset is for the rest of the page's life (it reloads right after), so for the rest of this file too.
  it("writes nothing once this page has reset the local data, also on its way out", () => {
    const d = deps()
    const client = new QueryClient()
    const writeNow = persistQueryCache(client, d.value)
    client.setQueryData(queryKeys.session, session("u1"))
    client.setQueryData(queryKeys.unread, { f1: 3 })
    markLocalDataReset()
    d.runTimers()
    writeNow()
    expect(d.storage.getItem(PERSISTED_CACHE_KEY)).toBeNull()
  })
})
