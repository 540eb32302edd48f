// The reading flow end to end over HTTP: subscribe, page the timeline, read, star, mark all read, refresh.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/news.xml", { body: rss("News", items(45, "news")) })
  feeds.set("/blog.xml", { body: rss("Blog", items(5, "blog")) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

async function newReader() {
  const user = await signUp(server.url)
  return { user, api: apiAs(server.url, user) }
}

describe("subscribing", () => {
  it("adds a feed by URL and answers the feed and its unread count", async () => {
    const { api } = await newReader()
    const res = await api("POST", "/subscriptions", { url: feeds.url("/news.xml"), view: 0, category: "Tech" })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    expect(res.body.feed).toMatchObject({ type: "feed", title: "News", url: feeds.url("/news.xml") })
    expect(res.body.unread).toEqual({ [res.body.feed.id]: 45 })

    const subs = await api("GET", "/subscriptions")
    expect(subs.body.data).toHaveLength(1)
    expect(subs.body.data[0]).toMatchObject({ feedId: res.body.feed.id, view: 0, category: "Tech", isPrivate: false })
    expect(subs.body.data[0].feeds.title).toBe("News")
  })

  it("subscribing again updates the subscription instead of duplicating it", async () => {
    const { api } = await newReader()
    await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })
    const again = await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 1, category: "Later" })
    expect(again.status).toBe(200)
    const subs = await api("GET", "/subscriptions")
    expect(subs.body.data).toHaveLength(1)
    expect(subs.body.data[0]).toMatchObject({ view: 1, category: "Later" })
    const social = await api("POST", "/entries", { view: 1 })
    expect(social.body.data).toHaveLength(5)
  })
})

describe("the timeline", () => {
  it("pages newest first with publishedAfter as an exclusive upper bound", async () => {
    const { api } = await newReader()
    await api("POST", "/subscriptions", { url: feeds.url("/news.xml"), view: 0 })
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const res = await api("POST", "/entries", { view: 0, limit: 20, ...(cursor ? { publishedAfter: cursor } : {}) })
      expect(res.status).toBe(200)
      const list = res.body.data as { entries: { title: string; publishedAt: string } }[]
      seen.push(...list.map((i) => i.entries.title))
      if (list.length < 20) break
      cursor = list.at(-1)!.entries.publishedAt
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `news ${i}`))
  })

  it("GET /entries lists too, and GET /entries?id= returns one entry with content", async () => {
    const { api } = await newReader()
    await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })
    const list = await api("GET", "/entries?view=0&limit=2&read=false")
    expect(list.body.data).toHaveLength(2)
    expect(list.body.data[0].entries.content).toBeUndefined()
    const id = list.body.data[0].entries.id
    const one = await api("GET", `/entries?id=${id}`)
    expect(one.body.data.entries).toMatchObject({ id, title: "blog 0" })
    expect(one.body.data.entries.content).toContain("blog 0 body")
    expect(one.body.data.feeds.title).toBe("Blog")
  })

  it("extends a page that ends inside a run of equal timestamps, and never skips or repeats", async () => {
    const same = new Date(Date.UTC(2025, 5, 1))
    const run = (prefix: string) =>
      Array.from({ length: 3 }, (_, i) => ({ guid: `${prefix}${i}`, title: `${prefix}${i}`, pubDate: same }))
    feeds.set("/ties-a.xml", { body: rss("Ties A", run("a")) })
    feeds.set("/ties-b.xml", { body: rss("Ties B", run("b")) })
    const { api } = await newReader()
    await api("POST", "/subscriptions", { url: feeds.url("/ties-a.xml"), view: 0 })
    await api("POST", "/subscriptions", { url: feeds.url("/ties-b.xml"), view: 0 })
    // One document's equal times are spread a millisecond apart; two feeds' equal times remain ties.
    const first = await api("POST", "/entries", { view: 0, limit: 3 })
    expect(first.body.data).toHaveLength(4)
    const cursor = first.body.data.at(-1).entries.publishedAt
    const next = await api("POST", "/entries", { view: 0, limit: 3, publishedAfter: cursor })
    const titles = [...first.body.data, ...next.body.data].map((i: { entries: { title: string } }) => i.entries.title)
    expect(titles.sort()).toEqual(["a0", "a1", "a2", "b0", "b1", "b2"])
  })
})

describe("read state and stars", () => {
  it("marks read and unread, stars and unstars, and counts follow", async () => {
    const { api } = await newReader()
    const sub = await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })
    const feedId = sub.body.feed.id
    const list = await api("POST", "/entries", { feedId })
    const [a, b] = list.body.data.map((i: { entries: { id: string } }) => i.entries.id)

    expect((await api("POST", "/reads", { entryIds: [a, b], isInbox: false })).body).toEqual({ code: 0 })
    expect((await api("GET", "/reads")).body.data).toEqual({ [feedId]: 3 })
    expect((await api("GET", "/reads/total-count")).body.data).toEqual({ count: 3 })
    await api("DELETE", "/reads", { entryId: a })
    expect((await api("GET", "/reads?view=0")).body.data).toEqual({ [feedId]: 4 })
    const unreadOnly = await api("POST", "/entries", { feedId, read: false })
    expect(unreadOnly.body.data.map((i: { entries: { id: string } }) => i.entries.id)).not.toContain(b)

    expect((await api("POST", "/collections", { entryId: b, view: 0 })).body).toEqual({ code: 0 })
    expect((await api("GET", `/collections?entryId=${b}`)).body.data).toBe(true)
    const starred = await api("POST", "/entries", { isCollection: true })
    expect(starred.body.data).toHaveLength(1)
    expect(starred.body.data[0].collections.createdAt).toBeTypeOf("string")
    const plain = await api("POST", "/entries", { feedId })
    const unstarredItem = plain.body.data.find((i: { entries: { id: string } }) => i.entries.id === a)
    expect("collections" in unstarredItem).toBe(false)
    await api("DELETE", "/collections", { entryId: b })
    expect((await api("GET", `/collections?entryId=${b}`)).body.data).toBe(false)
  })

  it("marks all read for a feed, a category, a view, and within a time window", async () => {
    const { api } = await newReader()
    const news = (await api("POST", "/subscriptions", { url: feeds.url("/news.xml"), view: 0, category: "A" })).body
      .feed
    const blog = (await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0, category: "B" })).body
      .feed
    const windowed = await api("POST", "/reads/all", {
      feedId: news.id,
      startTime: Date.UTC(2025, 11, 31, 20),
      endTime: Date.UTC(2026, 0, 1),
    })
    expect(windowed.body.data.read).toEqual({ [news.id]: 5 })
    const byFeed = await api("POST", "/reads/all", { feedId: blog.id })
    expect(byFeed.body.data.read).toEqual({ [blog.id]: 5 })
    expect((await api("GET", "/reads")).body.data).toEqual({ [news.id]: 40, [blog.id]: 0 })
    const byList = await api("POST", "/reads/all", { feedIdList: [news.id, blog.id] })
    expect(byList.body.data.read).toEqual({ [news.id]: 40 })
    await api("DELETE", "/reads", {
      entryId: (await api("POST", "/entries", { feedId: blog.id })).body.data[0].entries.id,
    })
    const byView = await api("POST", "/reads/all", { view: 0 })
    expect(byView.body.data.read).toEqual({ [blog.id]: 1 })
    expect((await api("GET", "/reads/total-count")).body.data.count).toBe(0)
  })
})

describe("categories", () => {
  it("lists, renames and deletes a category without losing its subscriptions", async () => {
    const { api } = await newReader()
    const news = (await api("POST", "/subscriptions", { url: feeds.url("/news.xml"), view: 0, category: "Tech" })).body
      .feed
    expect((await api("GET", "/categories")).body.data).toEqual(["Tech"])
    await api("PATCH", "/categories", { feedIdList: [news.id], category: "Science" })
    expect((await api("GET", "/categories?view=0")).body.data).toEqual(["Science"])
    await api("DELETE", "/categories", { feedIdList: [news.id], deleteSubscriptions: false })
    expect((await api("GET", "/categories")).body.data).toEqual([])
    const subs = await api("GET", "/subscriptions")
    expect(subs.body.data).toHaveLength(1)
    expect(subs.body.data[0].category).toBeNull()
    await api("DELETE", "/categories", { feedIdList: [news.id], deleteSubscriptions: true })
    expect((await api("GET", "/subscriptions")).body.data).toHaveLength(0)
  })
})

describe("editing and unsubscribing", () => {
  it("moves a feed to another view and unsubscribes, removing its timeline rows", async () => {
    const { api } = await newReader()
    const blog = (await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })).body.feed
    const patched = await api("PATCH", "/subscriptions", { feedId: blog.id, view: 2, title: "My blog" })
    expect(patched.body.data).toMatchObject({ feedId: blog.id, view: 2, title: "My blog" })
    expect((await api("POST", "/entries", { view: 0 })).body.data).toHaveLength(0)
    expect((await api("POST", "/entries", { view: 2 })).body.data).toHaveLength(5)
    expect((await api("DELETE", "/subscriptions", { feedId: blog.id })).body).toEqual({ code: 0 })
    expect((await api("POST", "/entries", {})).body.data).toHaveLength(0)
    expect((await api("GET", "/reads")).body.data).toEqual({})
  })
})

describe("odd documents", () => {
  it("stores an entry whose guid is longer than an index row allows", async () => {
    const { api } = await newReader()
    feeds.set("/long-guid.xml", {
      body: rss("Long guid", [
        { guid: "x".repeat(5000), title: "Long one", pubDate: new Date(Date.UTC(2026, 0, 2)) },
        { guid: "short", title: "Short one", pubDate: new Date(Date.UTC(2026, 0, 1)) },
      ]),
    })
    const sub = await api("POST", "/subscriptions", { url: feeds.url("/long-guid.xml"), view: 0 })
    expect(sub.body.unread).toEqual({ [sub.body.feed.id]: 2 })
    const list = await api("POST", "/entries", { feedId: sub.body.feed.id })
    expect(list.body.data[0].entries.guid).toMatch(/^sha1:[0-9a-f]{40}$/)
  })
})
