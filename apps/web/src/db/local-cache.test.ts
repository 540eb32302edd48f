import { QueryClient } from "@tanstack/react-query"
import type { EntryListItem } from "@tidings/shared"
import { afterEach, describe, expect, it, vi } from "vitest"
import { imageDimensions, rememberImageDimensions } from "../lib/image-dimensions.ts"
import { setEntryRead, setEntryStar } from "../queries/entry-state.ts"
import { chatKeys, profileKeys, queryKeys } from "../queries/keys.ts"
import { useNetworkStore } from "../stores/network-store.ts"
import { testFeed, testSubscription } from "../test/fixtures.ts"
import { APP_VERSION_KEY, STREAM_DEBOUNCE_MS, startLocalCache, USER_ID_KEY } from "./local-cache.ts"
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

  it("keeps a star and a read mark set on an entry no cached list holds, and their undoing", async () => {
    const { db, storage } = await writtenCopy()
    const client = new QueryClient()
    const timer = manualTimer()
    const cache = startLocalCache(client, db, "u1", { storage, later: timer.later })
    await cache.hydrated
    const state = () =>
      db.query(
        "SELECT e.read, c.created_at FROM entries e LEFT JOIN collections c ON c.entry_id = e.id WHERE e.id = 'e3'",
      )
    setEntryStar(client, "e3", "2026-11-25T09:00:00.000Z")
    setEntryRead(client, new Set(["e3"]), true)
    timer.fire()
    await expect.poll(state).toEqual([{ read: 1, created_at: "2026-11-25T09:00:00.000Z" }])
    // Refused by the server: undone, and the copy follows, in the order the changes were made.
    setEntryStar(client, "e3", null)
    setEntryRead(client, new Set(["e3"]), false)
    setEntryRead(client, new Set(["e3", "e4"]), true)
    setEntryRead(client, new Set(["e3"]), false)
    timer.fire()
    await expect.poll(state).toEqual([{ read: 0, created_at: null }])
    expect(await db.query("SELECT read FROM entries WHERE id = 'e4'")).toEqual([{ read: 1 }])
    // Not after it stopped.
    cache.stop()
    setEntryStar(client, "e3", "2026-11-25T10:00:00.000Z")
    timer.fire()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await state()).toEqual([{ read: 0, created_at: null }])
  })

  it("keeps an opened entry with its content, also one no kept list holds, and opens it again offline", async () => {
    const { db, storage } = await writtenCopy()
    const client = new QueryClient()
    const timer = manualTimer()
    const cache = startLocalCache(client, db, "u1", { storage, later: timer.later })
    await cache.hydrated
    const far = item(9)
    client.setQueryData(queryKeys.entry("e9"), {
      entries: { ...far.entries, content: "<p>Opened from a link</p>" },
      feeds: far.feeds,
      read: true,
    })
    // e4, kept from a list, opened: its content and read state change, where it came from stays.
    await db.transaction([{ sql: "UPDATE entries SET sources = '[\"list-1\"]', view = 2 WHERE id = 'e4'" }])
    client.setQueryData(queryKeys.entry("e4"), {
      entries: { ...item(4).entries, content: "<p>Newer body of e4</p>" },
      feeds: far.feeds,
      read: true,
    })
    timer.fire()
    await expect
      .poll(() => db.query("SELECT id, content, read, sources, view FROM entries WHERE id IN ('e4', 'e9') ORDER BY id"))
      .toEqual([
        { id: "e4", content: "<p>Newer body of e4</p>", read: 1, sources: '["list-1"]', view: 2 },
        { id: "e9", content: "<p>Opened from a link</p>", read: 1, sources: "[]", view: 0 },
      ])
    cache.stop()

    const offline = new QueryClient()
    const next = startLocalCache(offline, db, "u1", { storage })
    void offline.prefetchQuery({ queryKey: queryKeys.entry("e9"), queryFn: never })
    await expect
      .poll(() => offline.getQueryData<{ entries: { content: string } }>(queryKeys.entry("e9"))?.entries.content)
      .toBe("<p>Opened from a link</p>")
    next.stop()
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

  it("keeps the followed lists and the inboxes, and shows them at the next start", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const timer = manualTimer()
    const first = new QueryClient()
    const cache = startLocalCache(first, db, "u1", { storage: memoryStorage(), later: timer.later })
    await cache.hydrated
    const lists = [
      {
        listId: "l1",
        view: 0,
        title: "Mine",
        category: "Reading",
        createdAt: "2026-11-20T08:00:00.000Z",
        lists: { id: "l1", title: "Good reads", description: "Long ones" },
      },
    ]
    const inbox = { type: "inbox" as const, id: "news", title: "News", description: null, image: null }
    first.setQueryData(queryKeys.listSubscriptions, lists)
    first.setQueryData(queryKeys.inboxes, [
      { ...inbox, ownerUserId: "u1", secret: "s3cret" },
      // Still being created (no secret yet): not kept.
      { ...inbox, id: "pending", ownerUserId: "", secret: "" },
    ])
    timer.fire()
    await expect.poll(() => db.query("SELECT id FROM inboxes")).toEqual([{ id: "news" }])
    cache.stop()

    const next = new QueryClient()
    const again = startLocalCache(next, db, "u1", { storage: memoryStorage({ [USER_ID_KEY]: "u1" }) })
    await again.hydrated
    expect(next.getQueryData(queryKeys.listSubscriptions)).toEqual(lists)
    expect(next.getQueryData(queryKeys.inboxes)).toEqual([{ ...inbox, ownerUserId: "u1", secret: "s3cret" }])
    again.stop()
  })

  it("empties the copy when another user signs in on this browser", async () => {
    const { db, storage } = await writtenCopy()
    rememberImageDimensions("https://example.test/u1-picture.jpg", 800, 600)
    const client = new QueryClient()
    const cache = startLocalCache(client, db, "u2", { storage })
    await cache.hydrated
    // The image dimension cache goes with it (spec client §4 "Session").
    expect(imageDimensions("https://example.test/u1-picture.jpg")).toBeUndefined()
    expect(client.getQueryData(queryKeys.subscriptions)).toBeUndefined()
    expect(client.getQueryData(queryKeys.unread)).toBeUndefined()
    expect(storage.getItem(USER_ID_KEY)).toBe("u2")
    expect(await db.query("SELECT count(*) AS n FROM entries")).toEqual([{ n: 0 }])
    cache.stop()
  })

  it("keeps the signed-in user and the profiles seen, and shows a profile at the next start", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const timer = manualTimer()
    const first = new QueryClient()
    const cache = startLocalCache(first, db, "u1", { storage: memoryStorage(), later: timer.later })
    await cache.hydrated
    const owner = {
      id: "u9",
      name: "Kim Keys",
      handle: "kim",
      image: null,
      bio: "Writes about keys",
      website: "https://kim.example",
      socialLinks: { github: "kimkeys" },
    }
    first.setQueryData(queryKeys.session, {
      user: { ...owner, id: "u1", email: "me@example.test", emailVerified: true, name: "Me", handle: "me" },
    })
    first.setQueryData(profileKeys.user("u9"), owner)
    timer.fire()
    await expect
      .poll(() => db.query("SELECT id, email, is_me, email_verified FROM users ORDER BY id"))
      .toEqual([
        { id: "u1", email: "me@example.test", is_me: 1, email_verified: 1 },
        { id: "u9", email: null, is_me: 0, email_verified: null },
      ])
    cache.stop()

    const next = new QueryClient()
    const again = startLocalCache(next, db, "u1", { storage: memoryStorage({ [USER_ID_KEY]: "u1" }) })
    void next.prefetchQuery({ queryKey: profileKeys.user("u9"), queryFn: never })
    await expect.poll(() => next.getQueryData(profileKeys.user("u9"))).toEqual(owner)
    again.stop()
  })

  it("keeps the chat sessions and a conversation, drops a deleted session with its messages, and shows them offline", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const timer = manualTimer()
    const first = new QueryClient()
    const cache = startLocalCache(first, db, "u1", { storage: memoryStorage(), later: timer.later })
    await cache.hydrated
    const session = (id: string, title: string, at: string) => ({
      chatId: id,
      userId: "u1",
      title,
      createdAt: at,
      updatedAt: at,
      lastSeenAt: at,
    })
    const older = session("c1", "Foxes", "2026-11-20T08:00:00.000Z")
    const newer = session("c2", "Owls", "2026-11-21T08:00:00.000Z")
    const pages = (...data: ReturnType<typeof session>[]) => ({
      pages: [{ data, total: data.length }],
      pageParams: [undefined],
    })
    first.setQueryData(chatKeys.sessions, pages(newer, older))
    const messages = [
      {
        id: "m1",
        chatId: "c2",
        role: "user" as const,
        messageParts: [{ type: "text", text: "What do owls eat?" }],
        status: "completed" as const,
        createdAt: "2026-11-21T08:00:00.000Z",
        finishedAt: null,
      },
      {
        id: "m2",
        chatId: "c2",
        role: "assistant" as const,
        messageParts: [{ type: "text", text: "Mice, mostly." }],
        metadata: { context: { mainEntryId: "e1" } },
        status: "completed" as const,
        createdAt: "2026-11-21T08:00:01.000Z",
        finishedAt: "2026-11-21T08:00:03.000Z",
      },
    ]
    first.setQueryData(chatKeys.messages("c2"), { chatSession: newer, messages })
    first.setQueryData(chatKeys.messages("c1"), {
      chatSession: older,
      messages: [{ ...messages[0]!, id: "m0", chatId: "c1" }],
    })
    timer.fire()
    await expect.poll(() => db.query("SELECT count(*) AS n FROM ai_chat_messages")).toEqual([{ n: 3 }])
    // Deleted on another device: the next list no longer has it, and its messages go with it.
    first.setQueryData(chatKeys.sessions, pages(newer))
    timer.fire()
    await expect.poll(() => db.query("SELECT id FROM ai_chat_sessions")).toEqual([{ id: "c2" }])
    expect(await db.query("SELECT id FROM ai_chat_messages ORDER BY id")).toEqual([{ id: "m1" }, { id: "m2" }])
    cache.stop()

    // A start without the network: the list and the conversation come from the copy.
    useNetworkStore.getState().setOnline(false)
    try {
      const next = new QueryClient()
      const again = startLocalCache(next, db, "u1", { storage: memoryStorage({ [USER_ID_KEY]: "u1" }) })
      void next.prefetchInfiniteQuery({ queryKey: chatKeys.sessions, queryFn: never, initialPageParam: undefined })
      void next.prefetchQuery({ queryKey: chatKeys.messages("c2"), queryFn: never })
      await expect.poll(() => next.getQueryData(chatKeys.sessions)).toEqual(pages(newer))
      await expect.poll(() => next.getQueryData(chatKeys.messages("c2"))).toEqual({ chatSession: newer, messages })
      again.stop()
    } finally {
      useNetworkStore.getState().setOnline(true)
    }
    // Online, the conversation waits for the server (the chat keeps the first messages it is given).
    const online = new QueryClient()
    const third = startLocalCache(online, db, "u1", { storage: memoryStorage({ [USER_ID_KEY]: "u1" }) })
    void online.prefetchQuery({ queryKey: chatKeys.messages("c2"), queryFn: never })
    await third.hydrated
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(online.getQueryData(chatKeys.messages("c2"))).toBeUndefined()
    third.stop()
  })

  it("at load, keeps 20 entries per source (and starred ones) and purges translations older than 7 days", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const day = 24 * 60 * 60 * 1000
    const now = Date.parse("2026-11-27T12:00:00.000Z")
    const entry = (id: string, feed: string | null, inbox: string | null, at: number) => ({
      sql: `INSERT INTO entries (id, guid, feed_id, inbox_handle, inserted_at, published_at) VALUES (?, ?, ?, ?, ?, ?)`,
      params: [id, id, feed, inbox, at, at],
    })
    const statements = [
      ...Array.from({ length: 25 }, (_, i) => entry(`a${String(i).padStart(2, "0")}`, "fa", null, now - i * 60_000)),
      ...Array.from({ length: 22 }, (_, i) => entry(`n${String(i).padStart(2, "0")}`, null, "news", now - i * 60_000)),
      ...Array.from({ length: 3 }, (_, i) => entry(`b${i}`, "fb", null, now - i * 60_000)),
      // The oldest of feed a is starred: it stays.
      { sql: "INSERT INTO collections (entry_id, feed_id, view) VALUES ('a24', 'fa', 0)" },
      {
        sql: "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, 'ja', 'old', datetime(?, 'unixepoch'))",
        params: ["a01", Math.floor((now - 8 * day) / 1000)],
      },
      {
        sql: "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, 'ja', 'recent', datetime(?, 'unixepoch'))",
        params: ["a02", Math.floor((now - 6 * day) / 1000)],
      },
    ]
    await db.ready
    await db.transaction(statements)
    const cache = startLocalCache(new QueryClient(), db, "u1", {
      storage: memoryStorage({ [USER_ID_KEY]: "u1" }),
      now: () => now,
    })
    await cache.hydrated
    const count = async (where: string) =>
      Number((await db.query(`SELECT count(*) AS n FROM entries WHERE ${where}`))[0]?.n)
    expect(await count("feed_id = 'fa'")).toBe(21)
    expect(await count("feed_id = 'fa' AND id BETWEEN 'a00' AND 'a19'")).toBe(20)
    expect(await count("id = 'a24'")).toBe(1)
    expect(await count("inbox_handle = 'news'")).toBe(20)
    expect(await count("feed_id = 'fb'")).toBe(3)
    expect(await db.query("SELECT title FROM translations")).toEqual([{ title: "recent" }])
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

describe("the content stream", () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it("asks once, 1000 ms after the last entries came in, and only logs a failure", async () => {
    expect(STREAM_DEBOUNCE_MS).toBe(1000)
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    const db = directDatabase(fileHost(await sqlite()))
    const client = new QueryClient()
    const asked: string[][] = []
    let failNext = false
    const cache = startLocalCache(client, db, "u1", {
      storage: memoryStorage(),
      fetchContents: async (ids) => {
        asked.push([...ids].sort())
        if (failNext) throw new Error("stream answered 502")
        return ids.map((id) => ({ id, content: `<p>Body of ${id}</p>` }))
      },
    })
    await cache.hydrated
    client.setQueryData(queryKeys.entries(unreadFilter), { pages: [[item(4), item(3)]], pageParams: [undefined] })
    await vi.advanceTimersByTimeAsync(600)
    // More entries come in before the wait is over: it starts again from them.
    client.setQueryData(queryKeys.entries({ view: 0 }), { pages: [[item(2)]], pageParams: [undefined] })
    await vi.advanceTimersByTimeAsync(STREAM_DEBOUNCE_MS - 1)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(asked).toEqual([["e2", "e3", "e4"]]))

    // A failed stream is logged and nothing else happens; the next one goes out as usual.
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {})
    failNext = true
    client.setQueryData(queryKeys.entries({ view: 0, read: true }), { pages: [[item(1)]], pageParams: [undefined] })
    await vi.advanceTimersByTimeAsync(STREAM_DEBOUNCE_MS)
    await vi.waitFor(() => expect(warnings).toHaveBeenCalledTimes(1))
    expect(warnings.mock.calls[0]?.[0]).toBe("Entry contents could not be fetched for the local copy")
    expect(asked).toHaveLength(2)
    failNext = false
    client.setQueryData(queryKeys.entries({ view: 0, read: true }), {
      pages: [[item(1), item(5)]],
      pageParams: [undefined],
    })
    await vi.advanceTimersByTimeAsync(STREAM_DEBOUNCE_MS)
    await vi.waitFor(() => expect(asked.at(-1)).toEqual(["e1", "e5"]))
    cache.stop()
  })

  it("hands the kept entries' pictures (content images and photo media) to the image cache after the stream", async () => {
    const db = directDatabase(fileHost(await sqlite()))
    const timer = manualTimer()
    const client = new QueryClient()
    const prefetched: string[][] = []
    const cache = startLocalCache(client, db, "u1", {
      storage: memoryStorage(),
      later: timer.later,
      fetchContents: async (ids) =>
        ids.map((id) => ({ id, content: `<p>${id}</p><img src="https://img.example/${id}.png" alt="">` })),
      prefetchImages: (urls) => prefetched.push([...urls].sort()),
    })
    await cache.hydrated
    const withMedia: EntryListItem = {
      ...item(5),
      entries: {
        ...item(5).entries,
        content: '<img src="https://img.example/inline.jpg">',
        media: [
          { url: "https://img.example/photo.jpg", type: "photo" },
          { url: "https://video.example/clip.mp4", type: "video" },
        ],
      },
    }
    client.setQueryData(queryKeys.entries(unreadFilter), { pages: [[withMedia, item(4)]], pageParams: [undefined] })
    timer.fire() // the write
    await expect.poll(() => db.query("SELECT count(*) AS n FROM entries")).toEqual([{ n: 2 }])
    timer.fire() // the stream, then the pictures
    await expect
      .poll(() => prefetched)
      .toEqual([["https://img.example/e4.png", "https://img.example/inline.jpg", "https://img.example/photo.jpg"]])
    cache.stop()
  })
})
