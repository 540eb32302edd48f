// The feed scheduler: due feeds are claimed once, refreshed, and their new entries reach every subscriber.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId } from "../src/ids.ts"
import { claimDueFeeds, insertFeed } from "../src/storage/feeds.ts"
import { subscriptions, user } from "../src/storage/schema.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { openTestDatabase, startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  // A tick claims every due feed in the database, so this file keeps a database of its own.
  ;[server, feeds] = await Promise.all([startTestServer({}, { freshDatabase: true }), startFeedServer()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("the scheduler", () => {
  it("fetches due feeds again and new entries reach every subscriber", async () => {
    feeds.set("/growing.xml", { body: rss("Growing", items(3, "g")) })
    const one = apiAs(server.url, await signUp(server.url))
    const two = apiAs(server.url, await signUp(server.url))
    await one("POST", "/subscriptions", { url: feeds.url("/growing.xml"), view: 0 })
    await two("POST", "/subscriptions", { url: feeds.url("/growing.xml"), view: 0 })
    const fetchesBefore = feeds.hits("/growing.xml")

    expect(await server.refreshDue(new Date())).toBe(0) // nothing is due yet
    expect(feeds.hits("/growing.xml")).toBe(fetchesBefore)

    feeds.set("/growing.xml", {
      body: rss("Growing", [{ guid: "new", title: "Fresh", pubDate: new Date() }, ...items(3, "g")]),
    })
    expect(await server.refreshDue(new Date(Date.now() + 2 * 86_400_000))).toBe(1)
    for (const reader of [one, two]) {
      const list = await reader("POST", "/entries", { view: 0 })
      expect(list.body.data[0].entries.title).toBe("Fresh")
      expect(list.body.data).toHaveLength(4)
      expect((await reader("GET", "/reads")).body.data).toEqual({ [list.body.data[0].feeds.id]: 4 })
    }
  })
})

describe("feeds followed only through lists", () => {
  it("are still fetched on schedule, and their new entries reach the list's subscribers", async () => {
    feeds.set("/listed.xml", { body: rss("Listed", items(2, "listed")) })
    const owner = apiAs(server.url, await signUp(server.url))
    const feedId = (await owner("POST", "/subscriptions", { url: feeds.url("/listed.xml"), view: 0 })).body.feed.id
    const listId = (await owner("POST", "/lists", { title: "Only here", view: 0, fee: 0 })).body.data.id
    await owner("POST", "/lists/feeds", { listId, feedId })
    await owner("DELETE", "/subscriptions", { feedId })
    const reader = apiAs(server.url, await signUp(server.url))
    await reader("POST", "/subscriptions", { listId })
    feeds.set("/listed.xml", {
      body: rss("Listed", [{ guid: "late", title: "Late listed", pubDate: new Date() }, ...items(2, "listed")]),
    })
    await server.refreshDue(new Date(Date.now() + 3 * 86_400_000))
    const page = await reader("POST", "/entries", { listId })
    expect(page.body.data[0]).toMatchObject({ entries: { title: "Late listed" }, from: [listId] })
  })
})

// With the embedded database there is one connection, so claims are serial by construction; the property that
// matters at scale is two processes claiming at once from one PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)("claiming due feeds on PostgreSQL", () => {
  it("never hands the same feed to two claimers at once", async () => {
    const [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()])
    try {
      const userId = newId()
      await a.db.insert(user).values({ id: userId, name: "claims", email: `claims-${userId}@example.test` })
      const past = new Date(Date.now() - 60_000)
      const ids = Array.from({ length: 60 }, () => newId())
      for (const id of ids) {
        await insertFeed(a.db, { id, url: `https://claims.example/${id}.xml`, nextCheckAt: past })
      }
      await a.db
        .insert(subscriptions)
        .values(ids.map((feedId) => ({ id: newId(), userId, type: "feed" as const, feedId, view: 0 })))
      const [first, second] = await Promise.all([
        claimDueFeeds(a.db, new Date(), 40, 60_000),
        claimDueFeeds(b.db, new Date(), 40, 60_000),
      ])
      const overlap = first.filter((f) => second.some((g) => g.id === f.id))
      expect(overlap).toEqual([])
      expect(first.length + second.length).toBeGreaterThan(40)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
