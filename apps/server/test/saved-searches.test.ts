// Saved searches as smart feeds (issue 15): CRUD with unread counts, a bad query refused, a search's timeline paged
// newest first with the timeline cursor, mark-all-read of exactly its matches, its published feed, and one user
// never seeing another's saved searches.
import { sql } from "drizzle-orm"
import { parseFeed } from "feedsmith"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatTools } from "../src/ai/chat-tools.ts"
import { startSearchIndexer } from "../src/jobs/search-index.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import type { SessionInfo } from "../src/services/session.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let alice: ReturnType<typeof apiAs>
let bob: ReturnType<typeof apiAs>
let aliceId: string
let bobId: string
const feedIds: Record<string, string> = {}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 12, minute))

// 30 gadget entries, several sharing a timestamp (runs a page may end inside), and 10 others.
const gadgetItems = Array.from({ length: 30 }, (_, i) => ({
  guid: `g${i}`,
  title: `Gadget review ${i}`,
  description: `<p>A widget for the kitchen, number ${i}.</p>`,
  pubDate: at(Math.floor(i / 3)),
}))
const otherItems = Array.from({ length: 10 }, (_, i) => ({
  guid: `o${i}`,
  title: `Garden note ${i}`,
  description: "<p>Tomatoes and beans.</p>",
  pubDate: at(i),
}))

const index = () => startSearchIndexer(server.deps, { intervalMs: 3_600_000 }).tick()

type Item = { entries: { id: string; title: string; publishedAt: string }; read: boolean }

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  const [a, b] = await Promise.all([signUp(server.url, "Alice"), signUp(server.url, "Bob")])
  alice = apiAs(server.url, a)
  bob = apiAs(server.url, b)
  aliceId = a.id
  bobId = b.id
  feeds.set("/gadgets.xml", { body: rss("Gadgets", gadgetItems) })
  feeds.set("/garden.xml", { body: rss("Garden", otherItems) })
  feedIds.gadgets = (await alice("POST", "/subscriptions", { url: feeds.url("/gadgets.xml"), view: 0 })).body.feed.id
  feedIds.garden = (await alice("POST", "/subscriptions", { url: feeds.url("/garden.xml"), view: 0 })).body.feed.id
  await bob("POST", "/subscriptions", { url: feeds.url("/gadgets.xml"), view: 0 })
  await index()
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

/** Alice's unread gadget-widget entries, counted straight from the tables. */
async function directUnreadCount(userId: string, word: string): Promise<number> {
  const result = await server.deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from unread u join entries e on e.id = u.entry_id
    where u.user_id = ${userId} and (e.title ilike ${`%${word}%`} or e.description ilike ${`%${word}%`})`)
  return result.rows[0]!.n
}

async function timeline(api: ReturnType<typeof apiAs>, body: Record<string, unknown>) {
  const res = await api("POST", "/entries", body)
  expect(res.status).toBe(200)
  return res.body.data as Item[]
}

describe("/saved-searches", () => {
  let searchId: string

  it("saves a search and answers it with its unread count, equal to a direct count", async () => {
    const created = await alice("POST", "/saved-searches", { title: "Widgets", query: "widget feed:gadgets" })
    expect(created.status).toBe(200)
    searchId = created.body.data.id
    expect(created.body.data).toMatchObject({ title: "Widgets", query: "widget feed:gadgets", unread: 30 })
    expect(await directUnreadCount(aliceId, "widget")).toBe(30)

    const list = await alice("GET", "/saved-searches")
    expect(list.body.data).toEqual([expect.objectContaining({ id: searchId, unread: 30 })])
    expect((await alice("GET", `/saved-searches?id=${searchId}`)).body.data.title).toBe("Widgets")
  })

  it("refuses a bad query with the parser's message and stores nothing", async () => {
    const bad = await alice("POST", "/saved-searches", { title: "Bad", query: "widget is:sideways" })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe(1002)
    expect(bad.body.reason).toContain("is: expects unread, read or starred")
    const empty = await alice("POST", "/saved-searches", { title: "Empty", query: "   " })
    expect(empty.status).toBe(400)
    const badPatch = await alice("PATCH", "/saved-searches", { id: searchId, query: "view:nowhere" })
    expect(badPatch.body.code).toBe(1002)
    const list = await alice("GET", "/saved-searches")
    expect(list.body.data.map((s: { query: string }) => s.query)).toEqual(["widget feed:gadgets"])
  })

  it("renames and changes the query; counts follow", async () => {
    const renamed = await alice("PATCH", "/saved-searches", { id: searchId, title: "Kitchen widgets" })
    expect(renamed.body.data).toMatchObject({ title: "Kitchen widgets", unread: 30 })
    // Several searches are counted together; the other one matches the garden entries.
    const garden = await alice("POST", "/saved-searches", { title: "Beans", query: "beans" })
    const both = await alice("GET", "/saved-searches")
    expect(both.body.data.map((s: { unread: number }) => s.unread)).toEqual([30, 10])
    await alice("DELETE", "/saved-searches", { id: garden.body.data.id })
    expect((await alice("GET", "/saved-searches")).body.data).toHaveLength(1)
  })

  it("pages a search's timeline newest first with the cursor, with no duplicates", async () => {
    const seen: Item[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 20; pages++) {
      const page = await timeline(alice, { searchId, limit: 7, ...(cursor ? { publishedAfter: cursor } : {}) })
      if (!page.length) break
      seen.push(...page)
      cursor = page.at(-1)!.entries.publishedAt
    }
    const ids = seen.map((i) => i.entries.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(seen).toHaveLength(30)
    expect(seen.every((i) => i.entries.title.startsWith("Gadget review"))).toBe(true)
    const times = seen.map((i) => Date.parse(i.entries.publishedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(seen.every((i) => i.read === false)).toBe(true)
  })

  it("marks exactly its unread matches read", async () => {
    // One match read by hand: the timeline shows it read, the count drops.
    const [first] = await timeline(alice, { searchId, limit: 1 })
    await alice("POST", "/reads", { entryIds: [first!.entries.id] })
    expect((await alice("GET", `/saved-searches?id=${searchId}`)).body.data.unread).toBe(29)
    expect((await timeline(alice, { searchId, limit: 1 }))[0]!.read).toBe(true)
    expect(await timeline(alice, { searchId, read: false, limit: 100 })).toHaveLength(29)

    const marked = await alice("POST", "/reads/all", { searchId })
    expect(marked.status).toBe(200)
    expect(marked.body.data.read).toEqual({ [feedIds.gadgets!]: 29 })
    expect((await alice("GET", `/saved-searches?id=${searchId}`)).body.data.unread).toBe(0)
    expect(await directUnreadCount(aliceId, "widget")).toBe(0)
    // The garden entries (no match) are untouched.
    expect(await directUnreadCount(aliceId, "beans")).toBe(10)
  })

  it("publishes a saved search as a feed, built from the same query", async () => {
    const out = await alice("POST", "/feed-outputs", { kind: "search", target: searchId })
    expect(out.status).toBe(200)
    const res = await fetch(out.body.data.urls.rss)
    expect(res.status).toBe(200)
    const feed = parseFeed(await res.text()).feed as { title: string; items: { title: string }[] }
    expect(feed.title).toBe("Kitchen widgets")
    expect(feed.items).toHaveLength(30)
    expect(feed.items[0]!.title).toMatch(/^Gadget review 2[789]$/)
    expect(feed.items.every((i) => i.title.startsWith("Gadget review"))).toBe(true)
    // Deleting a search revokes its feed: the address stops answering.
    const temporary = await alice("POST", "/saved-searches", { title: "Temporary", query: "beans" })
    const its = await alice("POST", "/feed-outputs", { kind: "search", target: temporary.body.data.id })
    expect((await fetch(its.body.data.urls.atom)).status).toBe(200)
    await alice("DELETE", "/saved-searches", { id: temporary.body.data.id })
    expect((await fetch(its.body.data.urls.atom)).status).toBe(404)
    const outputs = (await alice("GET", "/feed-outputs")).body.data as { kind: string; target: string }[]
    expect(outputs.map((o) => o.target)).toEqual([searchId])
  })

  it("keeps another user's saved search invisible", async () => {
    const notFound = (res: { status: number; body: { code: number } }) => {
      expect(res.status).toBe(404)
      expect(res.body.code).toBe(12100)
    }
    expect((await bob("GET", "/saved-searches")).body.data).toEqual([])
    notFound(await bob("GET", `/saved-searches?id=${searchId}`))
    notFound(await bob("PATCH", "/saved-searches", { id: searchId, title: "Mine" }))
    notFound(await bob("DELETE", "/saved-searches", { id: searchId }))
    notFound(await bob("POST", "/entries", { searchId }))
    notFound(await bob("POST", "/reads/all", { searchId }))
    notFound(await bob("POST", "/feed-outputs", { kind: "search", target: searchId }))
    // Bob's own search over the same feed sees his entries only, all unread still.
    const own = await bob("POST", "/saved-searches", { title: "Widgets", query: "widget" })
    expect(own.body.data.unread).toBe(30)
    expect((await alice("GET", `/saved-searches?id=${searchId}`)).body.data.title).toBe("Kitchen widgets")
  })

  it("gives the AI chat's tools the saved searches and their matches, the user's own only", async () => {
    const run = async (userId: string, name: "listSubscriptions" | "searchEntries", input: object) => {
      const tool = chatTools(server.deps, { userId } as SessionInfo)[name] as unknown as {
        execute: (input: object, options: object) => Promise<Record<string, unknown>>
      }
      return tool.execute(input, { toolCallId: "t", messages: [] })
    }
    const listed = await run(aliceId, "listSubscriptions", {})
    expect(listed.savedSearches).toEqual([
      { id: searchId, title: "Kitchen widgets", query: "widget feed:gadgets", unread: 0 },
    ])
    const found = await run(aliceId, "searchEntries", { query: "", savedSearchId: searchId, limit: 5 })
    const entries = found.entries as { title: string; read: boolean; feedId: string }[]
    expect(entries).toHaveLength(5)
    expect(entries[0]!.title).toMatch(/^Gadget review 2[789]$/)
    expect(entries.every((e) => e.read && e.feedId === feedIds.gadgets)).toBe(true)
    expect(await run(bobId, "searchEntries", { query: "", savedSearchId: searchId })).toEqual({
      error: "Saved search not found",
    })
  })

  it("lets the chat's search tool find words by their stem in the full-text index, and new entries by plain match", async () => {
    const search = async (query: string) => {
      const tool = chatTools(server.deps, { userId: aliceId } as SessionInfo).searchEntries as unknown as {
        execute: (input: object, options: object) => Promise<{ entries: { title: string }[] }>
      }
      return (await tool.execute({ query, limit: 3 }, { toolCallId: "t", messages: [] })).entries.map((e) => e.title)
    }
    // "widgets" and "kitchens" are in no entry as written: the index's stems find "widget" and "kitchen".
    const stemmed = await search("widgets kitchens")
    expect(stemmed).toHaveLength(3)
    expect(stemmed.every((title) => /^Gadget review \d+$/.test(title))).toBe(true)
    // An entry the indexer has not reached yet is still found, by its words as written.
    feeds.set("/garden.xml", {
      body: rss("Garden", [
        ...otherItems,
        { guid: "fresh", title: "Fresh radishes", description: "<p>Crunchy.</p>", pubDate: at(40) },
      ]),
    })
    await refreshFeedById(server.deps, feedIds.garden!)
    expect(await search("radishes")).toEqual(["Fresh radishes"])
  })

  it("refuses more than the limit of saved searches", async () => {
    const made = await Promise.all(
      Array.from({ length: 49 }, (_, i) => alice("POST", "/saved-searches", { title: `S${i}`, query: `word${i}` })),
    )
    expect(made.every((r) => r.status === 200)).toBe(true)
    const over = await alice("POST", "/saved-searches", { title: "One too many", query: "widget" })
    expect(over.status).toBe(400)
    expect(over.body.code).toBe(12101)
    expect((await alice("GET", "/saved-searches")).body.data).toHaveLength(50)
  })
})
