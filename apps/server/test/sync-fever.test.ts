// The Fever API replayed as Reeder and Unread call it, answers checked field by field; state changes seen through
// the normal API and the reverse; a wrong or revoked key answers auth 0; one user never reaches another's items.
import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/news.xml", { body: rss("News", items(60, "news"), "https://news.example/") })
  feeds.set("/blog.xml", { body: rss("Blog", items(3, "blog", Date.UTC(2025, 11, 1)), "https://blog.example/") })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

const md5 = (text: string) => createHash("md5").update(text).digest("hex")

async function newReader() {
  const user: TestUser = await signUp(server.url)
  const api = apiAs(server.url, user)
  const news = await api("POST", "/subscriptions", { url: feeds.url("/news.xml"), view: 0, category: "Tech" })
  const blog = await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })
  const { password, id } = (await api("POST", "/app-passwords", { name: "Unread" })).body.data
  return {
    user,
    api,
    password,
    passwordId: id as string,
    newsId: news.body.feed.id as string,
    blogId: blog.body.feed.id as string,
    key: md5(`${user.email}:${password}`),
  }
}

/** A Fever call as the clients make it: POST /fever/?api&<calls> with api_key (and mark fields) as a form. */
async function fever(query: string, form: Record<string, string>) {
  const res = await fetch(`${server.url}/fever/?api${query ? `&${query}` : ""}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: protocol answers are read field by field
  return { status: res.status, text, json: JSON.parse(text) as any }
}

/** Ids are 64-bit: read from the text, where they stand as number literals, never through a double. */
function rawIds(text: string, field: string): string[] {
  return [...text.matchAll(new RegExp(`"${field}":(\\d+)`, "g"))].map((m) => m[1]!)
}

describe("a Reeder / Unread sync", () => {
  // The order Reeder and Unread sync a Fever account in (Fever API docs, feedafever.com/api; Miniflux's and FreshRSS's
  // Fever pages list these clients): auth check (?api), groups, feeds, favicons, unread_item_ids, saved_item_ids,
  // then items by since_id until a page comes back empty (50 each), items by with_ids for the unread ones it lacks,
  // and marks: item read / saved, feed read before a time, group read.
  it("answers every call field by field and its marks show in the normal API", async () => {
    const r = await newReader()
    const auth = await fever("", { api_key: r.key })
    expect(auth.status).toBe(200)
    expect(auth.json).toEqual({ api_version: 3, auth: 1, last_refreshed_on_time: expect.any(Number) })

    const groups = await fever("groups", { api_key: r.key })
    const techGroup = groups.json.groups[0]
    expect(groups.json.groups).toEqual([{ id: expect.any(Number), title: "Tech" }])
    expect(Number.isSafeInteger(techGroup.id)).toBe(true)
    expect(groups.json.feeds_groups).toEqual([{ group_id: techGroup.id, feed_ids: r.newsId }])

    const feedsAnswer = await fever("feeds", { api_key: r.key })
    expect(rawIds(feedsAnswer.text, "id")).toEqual([r.newsId, r.blogId])
    expect(feedsAnswer.json.feeds[0]).toEqual({
      id: expect.any(Number),
      favicon_id: 0,
      title: "News",
      url: feeds.url("/news.xml"),
      site_url: "https://news.example/",
      is_spark: 0,
      last_updated_on_time: expect.any(Number),
    })
    expect(feedsAnswer.json.feeds_groups).toEqual(groups.json.feeds_groups)

    expect((await fever("favicons", { api_key: r.key })).json.favicons).toEqual([])
    expect((await fever("links", { api_key: r.key })).json.links).toEqual([])

    const unread = (await fever("unread_item_ids", { api_key: r.key })).json.unread_item_ids as string
    expect(unread.split(",")).toHaveLength(63)
    expect((await fever("saved_item_ids", { api_key: r.key })).json.saved_item_ids).toBe("")

    const seen: string[] = []
    let since = "0"
    for (let page = 0; page < 5; page++) {
      const res = await fever(`items&since_id=${since}`, { api_key: r.key })
      expect(res.json.total_items).toBe(63)
      const ids = rawIds(res.text, "id")
      if (!ids.length) break
      expect(ids.length).toBeLessThanOrEqual(50)
      seen.push(...ids)
      since = ids.at(-1)!
    }
    expect(seen).toHaveLength(63)
    expect([...seen].sort()).toEqual([...unread.split(",")].sort())
    // Newest first from max_id.
    const back = await fever(`items&max_id=${seen.at(-1)}`, { api_key: r.key })
    expect(rawIds(back.text, "id")[0]).toBe(seen.at(-2))

    const pick = seen.slice(0, 2)
    const withIds = await fever(`items&with_ids=${pick.join(",")}`, { api_key: r.key })
    expect(rawIds(withIds.text, "id")).toEqual(pick)
    expect(rawIds(withIds.text, "feed_id").every((id) => id === r.newsId || id === r.blogId)).toBe(true)
    const one = withIds.json.items[0]
    expect(one).toEqual({
      id: expect.any(Number),
      feed_id: expect.any(Number),
      title: expect.stringMatching(/^(news|blog) \d+$/),
      author: "",
      html: expect.stringContaining("body"),
      url: expect.stringMatching(/^https:\/\/example\.com\//),
      is_saved: 0,
      is_read: 0,
      created_on_time: expect.any(Number),
    })

    // Marks.
    await fever("", { api_key: r.key, mark: "item", as: "read", id: pick[0]! })
    await fever("", { api_key: r.key, mark: "item", as: "saved", id: pick[1]! })
    expect((await r.api("GET", `/entries?id=${pick[0]}`)).body.data.read).toBe(true)
    expect((await r.api("GET", `/entries?id=${pick[1]}`)).body.data.collections).toBeTruthy()
    expect((await fever("saved_item_ids", { api_key: r.key })).json.saved_item_ids).toBe(pick[1])
    const marked = await fever(`items&with_ids=${pick.join(",")}`, { api_key: r.key })
    expect(marked.json.items.map((i: { is_read: number; is_saved: number }) => [i.is_read, i.is_saved])).toEqual([
      [1, 0],
      [0, 1],
    ])
    await fever("", { api_key: r.key, mark: "item", as: "unread", id: pick[0]! })
    await fever("", { api_key: r.key, mark: "item", as: "unsaved", id: pick[1]! })
    expect((await r.api("GET", `/entries?id=${pick[0]}`)).body.data.read).toBe(false)
    expect((await fever("saved_item_ids", { api_key: r.key })).json.saved_item_ids).toBe("")

    // And the reverse: read in the web client, read here.
    await r.api("POST", "/reads", { entryIds: [pick[0]] })
    expect((await fever("unread_item_ids", { api_key: r.key })).json.unread_item_ids.split(",")).not.toContain(pick[0])

    // A feed read before a time: only what was published before it.
    await fever("", {
      api_key: r.key,
      mark: "feed",
      as: "read",
      id: r.blogId,
      before: String(Date.UTC(2025, 11, 1) / 1000),
    })
    const afterFeed = await r.api("GET", "/reads")
    expect(afterFeed.body.data[r.blogId]).toBe(1)
    // A group read: its feeds only.
    await fever("", {
      api_key: r.key,
      mark: "group",
      as: "read",
      id: String(techGroup.id),
      before: String(Math.floor(Date.now() / 1000) + 60),
    })
    const afterGroup = await r.api("GET", "/reads")
    expect(afterGroup.body.data[r.newsId]).toBe(0)
    expect(afterGroup.body.data[r.blogId]).toBe(1)
    // Group 0 (Kindling): everything.
    await fever("", {
      api_key: r.key,
      mark: "group",
      as: "read",
      id: "0",
      before: String(Math.floor(Date.now() / 1000) + 60),
    })
    expect((await fever("unread_item_ids", { api_key: r.key })).json.unread_item_ids).toBe("")
  })
})

describe("authentication and isolation", () => {
  it("answers auth 0 for a wrong key, the account password, or a revoked app password", async () => {
    const r = await newReader()
    expect((await fever("items", { api_key: md5(`${r.user.email}:wrong`) })).json).toEqual({ api_version: 3, auth: 0 })
    expect((await fever("items", { api_key: md5(`${r.user.email}:${r.user.password}`) })).json.auth).toBe(0)
    expect((await fever("", {})).json.auth).toBe(0)
    // An upper-case key is the same key.
    expect((await fever("", { api_key: r.key.toUpperCase() })).json.auth).toBe(1)
    expect((await r.api("DELETE", `/app-passwords/${r.passwordId}`)).status).toBe(200)
    expect((await fever("", { api_key: r.key })).json).toEqual({ api_version: 3, auth: 0 })
  })

  it("never shows or changes another user's items", async () => {
    const alice = await newReader()
    const bob = await signUp(server.url)
    const bobApi = apiAs(server.url, bob)
    await bobApi("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })
    const bobKey = md5(`${bob.email}:${(await bobApi("POST", "/app-passwords", { name: "x" })).body.data.password}`)
    const aliceIds = (await fever("unread_item_ids", { api_key: alice.key })).json.unread_item_ids.split(",")
    const newsOnly = aliceIds.slice(0, 5)
    const res = await fever(`items&with_ids=${newsOnly.join(",")}`, { api_key: bobKey })
    // Only the blog entries Bob follows too can be among them; none of the news ones.
    const visible = rawIds(res.text, "id")
    const bobOwn = (await fever("unread_item_ids", { api_key: bobKey })).json.unread_item_ids.split(",")
    expect(visible.every((id) => bobOwn.includes(id))).toBe(true)
    for (const id of newsOnly) await fever("", { api_key: bobKey, mark: "item", as: "read", id })
    await fever("", { api_key: bobKey, mark: "feed", as: "read", id: alice.newsId })
    await fever("", { api_key: bobKey, mark: "item", as: "saved", id: newsOnly[0]! })
    const aliceAfter = (await fever("unread_item_ids", { api_key: alice.key })).json.unread_item_ids.split(",")
    expect(aliceAfter).toHaveLength(63)
    expect((await fever("saved_item_ids", { api_key: alice.key })).json.saved_item_ids).toBe("")
    expect(rawIds((await fever("feeds", { api_key: bobKey })).text, "id")).toEqual([alice.blogId])
  })

  it("holds back key guessing from one address", async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: "true", AUTH_LOCKOUT_FAILURES: "3" })
    try {
      const user = await signUp(limited.url)
      const password = (await apiAs(limited.url, user)("POST", "/app-passwords", { name: "x" })).body.data.password
      const call = (key: string) =>
        fetch(`${limited.url}/fever/?api`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `api_key=${key}`,
        }).then((res) => res.json() as Promise<{ auth: number }>)
      for (let i = 0; i < 3; i++) expect((await call(md5(`x:${i}`))).auth).toBe(0)
      // Locked: even the right key is refused until the lock passes.
      expect((await call(md5(`${user.email}:${password}`))).auth).toBe(0)
    } finally {
      await limited.close()
    }
  })
})
