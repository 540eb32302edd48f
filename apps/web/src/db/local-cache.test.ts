import { QueryClient } from "@tanstack/react-query"
import type { EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { queryKeys } from "../queries/keys.ts"
import { testFeed, testSubscription } from "../test/fixtures.ts"
import { APP_VERSION_KEY, startLocalCache, USER_ID_KEY } from "./local-cache.ts"
import { directDatabase, fileHost, sqlite } from "./test-host.ts"

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
  }
}

/** Timers the test fires by hand: fire() runs every one that is due (the write, then the content stream). */
function manualTimer() {
  const due = new Set<() => void>()
  return {
    later: (run: () => void) => {
      due.add(run)
      return () => {
        due.delete(run)
      }
    },
    fire: () => {
      const runs = [...due]
      due.clear()
      for (const run of runs) run()
    },
  }
}

const feed = testFeed("f1", { url: "https://example.test/f1.xml", title: "Feed one" })
const subs = [
  testSubscription("f1", { userId: "u1", category: "News", createdAt: "2026-11-20T08:00:00.000Z", feeds: feed }),
]
const item = (i: number): EntryListItem => ({
  entries: {
    id: `e${i}`,
    guid: `g${i}`,
    title: `Entry ${i}`,
    url: null,
    description: null,
    summary: null,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    language: null,
    categories: null,
    media: null,
    attachments: null,
    extra: null,
    publishedAt: `2026-11-2${i}T10:00:00.000Z`,
    insertedAt: `2026-11-2${i}T10:00:00.000Z`,
    updatedAt: null,
  },
  feeds: feed,
  read: false,
  view: 0,
  from: [],
})
const unreadFilter = { view: 0, read: false }
const never = () => new Promise<never>(() => {})

async function writtenCopy() {
  const host = fileHost(await sqlite())
  const db = directDatabase(host)
  const storage = memoryStorage()
  const timer = manualTimer()
  const client = new QueryClient()
  const asked: string[][] = []
  const cache = startLocalCache(client, db, "u1", {
    storage,
    later: timer.later,
    fetchContents: async (ids) => {
      asked.push(ids)
      return ids.map((id) => ({ id, content: `<p>Body of ${id}</p>` }))
    },
  })
  await cache.hydrated
  client.setQueryData(queryKeys.subscriptions, subs)
  client.setQueryData(queryKeys.unread, { f1: 2 })
  client.setQueryData(queryKeys.entries(unreadFilter), { pages: [[item(4), item(3)]], pageParams: [undefined] })
  timer.fire()
  // The entries written without content get it through the stream, once.
  await expect
    .poll(async () => (await db.query("SELECT id, content FROM entries ORDER BY id")).map((row) => row.content))
    .toEqual(["<p>Body of e3</p>", "<p>Body of e4</p>"])
  expect(asked).toEqual([["e3", "e4"]])
  cache.stop()
  return { db, storage }
}

describe("the local cache", () => {
  it("writes the sidebar, counts and timeline pages back, and a later start shows them before the network", async () => {
    const { db, storage } = await writtenCopy()
    const client = new QueryClient()
    const cache = startLocalCache(client, db, "u1", { storage })
    // The timeline asks the server, which has not answered yet.
    void client.prefetchInfiniteQuery({
      queryKey: queryKeys.entries(unreadFilter),
      queryFn: never,
      initialPageParam: undefined,
    })
    await cache.hydrated
    expect(client.getQueryData(queryKeys.subscriptions)).toEqual(subs)
    expect(client.getQueryData(queryKeys.unread)).toEqual({ f1: 2 })
    await expect
      .poll(() => client.getQueryData<{ pages: EntryListItem[][] }>(queryKeys.entries(unreadFilter))?.pages[0])
      .toEqual([item(4), item(3)])
    // What came from the local copy is old: the server is still asked.
    expect(client.getQueryState(queryKeys.subscriptions)?.dataUpdatedAt).toBe(1)
    cache.stop()
  })

  it("opens a kept entry with its content without the network", async () => {
    const { db, storage } = await writtenCopy()
    const client = new QueryClient()
    const cache = startLocalCache(client, db, "u1", { storage })
    void client.prefetchQuery({ queryKey: queryKeys.entry("e4"), queryFn: never })
    await expect
      .poll(() => client.getQueryData<{ entries: { content: string } }>(queryKeys.entry("e4"))?.entries.content)
      .toBe("<p>Body of e4</p>")
    cache.stop()
  })

  it("keeps what the server answered before the cache started", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const client = new QueryClient()
    client.setQueryData(queryKeys.unread, { f1: 5 })
    const timer = manualTimer()
    const cache = startLocalCache(client, db, "u1", { storage: memoryStorage(), later: timer.later })
    await cache.hydrated
    timer.fire()
    await expect.poll(() => db.query("SELECT id, count FROM unread")).toEqual([{ id: "f1", count: 5 }])
    cache.stop()
  })

  it("never replaces what the network already answered", async () => {
    const { db, storage } = await writtenCopy()
    const client = new QueryClient()
    client.setQueryData(queryKeys.unread, { f1: 7 })
    const cache = startLocalCache(client, db, "u1", { storage })
    await cache.hydrated
    expect(client.getQueryData(queryKeys.unread)).toEqual({ f1: 7 })
    cache.stop()
  })

  it("empties the copy when another user signs in on this browser", async () => {
    const { db, storage } = await writtenCopy()
    const client = new QueryClient()
    const cache = startLocalCache(client, db, "u2", { storage })
    await cache.hydrated
    expect(client.getQueryData(queryKeys.subscriptions)).toBeUndefined()
    expect(client.getQueryData(queryKeys.unread)).toBeUndefined()
    expect(storage.getItem(USER_ID_KEY)).toBe("u2")
    expect(await db.query("SELECT count(*) AS n FROM entries")).toEqual([{ n: 0 }])
    cache.stop()
  })

  it("flags an upgrade when this browser last ran another version", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const older = startLocalCache(new QueryClient(), db, "u1", {
      storage: memoryStorage({ [APP_VERSION_KEY]: "0.6.9" }),
    })
    expect(older.upgraded).toBe(true)
    const same = startLocalCache(new QueryClient(), db, "u1", { storage: memoryStorage() })
    expect(same.upgraded).toBe(false)
    older.stop()
    same.stop()
  })
})
