// The feed calls beyond subscribing: look before following, discovery, previews, analytics, admin refresh and
// reset, new-entry checks, content streams, readability and probes.
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let site: FeedServer
let admin: ReturnType<typeof apiAs>
let reader: ReturnType<typeof apiAs>
let readerToken: string
/** How far the server's clock (deps.now) runs ahead of the real one. */
let clockAheadMs = 0
const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.test`

const article = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>${title}</h1>${"<p>This is the full text of the article, long enough for Readability to keep it as the main content of the page. ".repeat(6)}</p>
<p><img src="/img/photo.jpg" alt="A photo"> <a href="/more">Read more</a><script>alert(1)</script></p></article>
<footer>Copyright</footer></body></html>`

beforeAll(async () => {
  ;[server, site] = await Promise.all([
    startTestServer({ ADMIN_EMAILS: adminEmail }, { now: () => new Date(Date.now() + clockAheadMs) }),
    startFeedServer(),
  ])
  admin = apiAs(server.url, await signUp(server.url, "Admin", adminEmail))
  const readerUser = await signUp(server.url)
  readerToken = readerUser.token
  reader = apiAs(server.url, readerUser)
})
afterAll(async () => {
  await server?.close()
  await site?.close()
})

describe("looking at a feed before following it", () => {
  it("GET /feeds?url= fetches an unknown feed once; subscribing afterwards needs no second fetch", async () => {
    site.set("/look.xml", { body: rss("Look first", items(4, "look")) })
    const looked = await reader("GET", `/feeds?url=${encodeURIComponent(site.url("/look.xml"))}&entriesLimit=2`)
    expect(looked.body.data.feed.title).toBe("Look first")
    expect(looked.body.data.entries).toHaveLength(2)
    expect(looked.body.data.subscription).toBeUndefined()
    expect(site.hits("/look.xml")).toBe(1)
    const sub = await reader("POST", "/subscriptions", { url: site.url("/look.xml"), view: 0 })
    expect(sub.body.feed.id).toBe(looked.body.data.feed.id)
    expect(site.hits("/look.xml")).toBe(1)
    const again = await reader("GET", `/feeds?id=${sub.body.feed.id}`)
    expect(again.body.data.subscription.feedId).toBe(sub.body.feed.id)
    expect(again.body.data.analytics).toMatchObject({ subscriptionCount: 1, feedId: sub.body.feed.id })
  })

  it("POST /entries/preview shows a publicly followed feed, never one followed only privately", async () => {
    site.set("/public.xml", { body: rss("Public", items(3, "pub")) })
    site.set("/secret.xml", { body: rss("Secret", items(3, "sec")) })
    const pub = (await admin("POST", "/subscriptions", { url: site.url("/public.xml"), view: 0 })).body.feed
    const sec = (await admin("POST", "/subscriptions", { url: site.url("/secret.xml"), view: 0, isPrivate: true })).body
      .feed
    const preview = await reader("POST", "/entries/preview", { id: pub.id })
    expect(preview.body.data.map((e: { title: string }) => e.title)).toEqual(["pub 0", "pub 1", "pub 2"])
    expect((await reader("POST", "/entries/preview", { id: sec.id })).body.code).toBe(2001)
    expect((await reader("POST", "/entries/preview", { id: "4040404" })).body.code).toBe(2001)
    const analytics = await reader("POST", "/feeds/analytics", { id: [pub.id, sec.id, "404"] })
    expect(Object.keys(analytics.body.data.analytics)).toEqual([pub.id])
  })
})

/**
 * A loopback site at whose origin no feed is stored yet: on the shared PostgreSQL of the second CI pass an earlier
 * file's server may have had the same port, and a feed already known at a URL is answered as stored.
 */
async function unknownSite(): Promise<FeedServer> {
  for (let attempt = 0; ; attempt++) {
    const candidate = await startFeedServer()
    const known = await server.deps.db.execute(
      sql`select 1 from feeds where url like ${`${candidate.url("/")}%`} limit 1`,
    )
    if (!known.rows.length || attempt >= 20) return candidate
    await candidate.close()
  }
}

describe("discovery", () => {
  it("previews a feed discovery just found, before anyone follows it", async () => {
    site.set("/fresh.xml", { body: rss("Fresh", items(2, "fresh")) })
    const found = await reader("POST", "/discover", { keyword: site.url("/fresh.xml") })
    const feedId = found.body.data[0].feed.id
    const preview = await reader("POST", "/entries/preview", { id: feedId })
    expect(preview.body.code).toBe(0)
    expect(preview.body.data.map((e: { title: string }) => e.title)).toEqual(["fresh 0", "fresh 1"])
  })

  it("finds a feed from its own URL, from a page that links to it, and at a site's usual path", async () => {
    site.set("/blog/atom.xml", { body: rss("Linked blog", items(2, "linked")) })
    site.set("/blog/", {
      body: `<html><head><link rel="alternate" type="application/atom+xml" title="Atom" href="atom.xml"></head><body>hi</body></html>`,
      headers: { "content-type": "text/html; charset=utf-8" },
    })
    const byPage = await reader("POST", "/discover", { keyword: site.url("/blog/") })
    expect(byPage.body.data.map((i: { feed: { url: string } }) => i.feed.url)).toEqual([site.url("/blog/atom.xml")])

    const byFeed = await reader("POST", "/discover", { keyword: site.url("/blog/atom.xml") })
    expect(byFeed.body.data[0].feed.title).toBe("Linked blog")

    const other = await unknownSite()
    try {
      other.set("/", { body: "<html><body>No links here</body></html>", headers: { "content-type": "text/html" } })
      other.set("/feed", { body: rss("Usual path", items(1, "usual")) })
      const guessed = await reader("POST", "/discover", { keyword: other.url("/") })
      expect(guessed.body.data.map((i: { feed: { title: string } }) => i.feed.title)).toEqual(["Usual path"])
    } finally {
      await other.close()
    }
  })

  it("searches public feeds by words, never private ones", async () => {
    site.set("/zebra.xml", { body: rss("Zebra crossing weekly", items(1, "z")) })
    site.set("/zebra-private.xml", { body: rss("Zebra secrets", items(1, "zp")) })
    await admin("POST", "/subscriptions", { url: site.url("/zebra.xml"), view: 0 })
    await admin("POST", "/subscriptions", { url: site.url("/zebra-private.xml"), view: 0, isPrivate: true })
    const found = await reader("POST", "/discover", { keyword: "zebra" })
    expect(found.body.data.map((i: { feed: { title: string } }) => i.feed.title)).toEqual(["Zebra crossing weekly"])
    expect((await reader("POST", "/discover", { keyword: "zebra", target: "lists" })).body.data).toEqual([])
    const list = await admin("POST", "/lists", { title: "Zebra reading", view: 0, fee: 0 })
    const lists = await reader("POST", "/discover", { keyword: "zebra", target: "lists" })
    expect(lists.body.data).toEqual([{ list: expect.objectContaining({ type: "list", id: list.body.data.id }) }])
    expect((await reader("POST", "/discover", {})).body.code).toBe(4)
  })

  it("narrows a word search to the client's discover language, keeping feeds that name none", async () => {
    const withLanguage = (title: string, language: string) =>
      rss(title, items(1, title)).replace("<description>", `<language>${language}</language><description>`)
    site.set("/okapi-en.xml", { body: withLanguage("Okapi notes", "en-GB") })
    site.set("/okapi-zh.xml", { body: withLanguage("Okapi 笔记", "zh-CN") })
    site.set("/okapi-none.xml", { body: rss("Okapi plain", items(1, "okn")) })
    for (const path of ["/okapi-en.xml", "/okapi-zh.xml", "/okapi-none.xml"]) {
      expect((await admin("POST", "/subscriptions", { url: site.url(path), view: 0 })).status).toBe(200)
    }
    const titles = async (lang?: string) =>
      ((await reader("POST", "/discover", { keyword: "okapi", lang })).body.data as { feed: { title: string } }[])
        .map((i) => i.feed.title)
        .sort()
    expect(await titles()).toEqual(["Okapi notes", "Okapi plain", "Okapi 笔记"])
    expect(await titles("all")).toEqual(["Okapi notes", "Okapi plain", "Okapi 笔记"])
    expect(await titles("eng")).toEqual(["Okapi notes", "Okapi plain"])
    expect(await titles("cmn")).toEqual(["Okapi plain", "Okapi 笔记"])
  })
})

describe("admin refresh and reset", () => {
  it("only admins refresh or reset a feed (2000 otherwise)", async () => {
    site.set("/admin.xml", { body: rss("Admin", items(2, "adm")) })
    const feed = (await reader("POST", "/subscriptions", { url: site.url("/admin.xml"), view: 0 })).body.feed
    const denied = await reader("POST", "/feeds/refresh", { id: feed.id })
    expect([denied.status, denied.body.code]).toEqual([403, 2000])
    expect((await reader("GET", `/feeds/reset?id=${feed.id}`)).body.code).toBe(2000)

    site.set("/admin.xml", {
      body: rss("Admin", [{ guid: "late", title: "Late news", pubDate: new Date() }, ...items(2, "adm")]),
    })
    expect((await admin("POST", "/feeds/refresh", { id: feed.id })).body).toEqual({ code: 0, data: null })
    expect((await reader("POST", "/entries", { feedId: feed.id })).body.data[0].entries.title).toBe("Late news")
    expect((await admin("GET", `/feeds/refresh?id=${feed.id}`)).body.code).toBe(0)
    expect((await admin("POST", "/feeds/refresh", { id: "1234567890123456789" })).body.code).toBe(2001)
  })

  it("reset fetches the whole document again, without validators", async () => {
    let conditional = false
    site.set("/etag.xml", (req) => {
      conditional = Boolean(req.headers["if-none-match"])
      return conditional ? { status: 304, body: "" } : { body: rss("Etag", items(1, "e")), headers: { etag: '"1"' } }
    })
    const feed = (await reader("POST", "/subscriptions", { url: site.url("/etag.xml"), view: 0 })).body.feed
    await admin("POST", "/feeds/refresh", { id: feed.id })
    expect(conditional).toBe(true)
    await admin("POST", "/feeds/reset", { id: feed.id })
    expect(conditional).toBe(false)
  })
})

describe("entries: new-entry checks, content streams and readability", () => {
  it("check-new tells whether entries arrived after a moment", async () => {
    site.set("/check.xml", { body: rss("Check", items(2, "chk")) })
    const before = Date.now() - 1
    const feed = (await reader("POST", "/subscriptions", { url: site.url("/check.xml"), view: 0 })).body.feed
    const yes = await reader("GET", `/entries/check-new?insertedAfter=${before}&feedId=${feed.id}`)
    expect(yes.body.data).toMatchObject({ has_new: true })
    expect(yes.body.data.entry_id).toMatch(/^\d+$/)
    const no = await reader("GET", `/entries/check-new?insertedAfter=${Date.now()}&feedId=${feed.id}`)
    expect(no.body.data).toEqual({ has_new: false })
    expect((await reader("GET", "/entries/check-new")).body.code).toBe(4)
  })

  it("streams content as NDJSON for the user's own entries only", async () => {
    site.set("/stream.xml", { body: rss("Stream", items(3, "str")) })
    const feed = (await reader("POST", "/subscriptions", { url: site.url("/stream.xml"), view: 0 })).body.feed
    const ids = (await reader("POST", "/entries", { feedId: feed.id })).body.data.map(
      (i: { entries: { id: string } }) => i.entries.id,
    )
    const res = await fetch(`${server.url}/entries/stream`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${readerToken}` },
      body: JSON.stringify({ ids }),
    })
    expect(res.headers.get("content-type")).toContain("ndjson")
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.id).sort()).toEqual([...ids].sort())
    expect(lines[0].content).toContain("body")
    const stranger = await admin("POST", "/entries/stream", { ids })
    expect(stranger.body).toBe("")
  })

  it("readability extracts the article once, keeps it, and falls back to the entry content", async () => {
    site.set("/article.html", { body: article("Deep read"), headers: { "content-type": "text/html; charset=utf-8" } })
    site.set("/read.xml", {
      body: rss("Read", [
        { guid: "r1", title: "Deep read", link: site.url("/article.html"), pubDate: new Date() },
        {
          guid: "r2",
          title: "Broken",
          link: site.url("/missing.html"),
          description: "<p>Own content</p>",
          pubDate: new Date(Date.now() - 1000),
        },
      ]),
    })
    const feed = (await reader("POST", "/subscriptions", { url: site.url("/read.xml"), view: 0 })).body.feed
    const [deep, broken] = (await reader("POST", "/entries", { feedId: feed.id })).body.data.map(
      (i: { entries: { id: string } }) => i.entries.id,
    )
    const first = await reader("GET", `/entries/readability?id=${deep}`)
    expect(first.body.data.content).toContain("full text of the article")
    expect(first.body.data.content).not.toContain("<script")
    expect(first.body.data.content).not.toContain("Copyright")
    expect(first.body.data.content).toContain(site.url("/img/photo.jpg"))
    const second = await reader("POST", "/entries/readability", { id: deep })
    expect(second.body.data.content).toBe(first.body.data.content)
    expect(site.hits("/article.html")).toBe(1)
    const entry = await reader("GET", `/entries?id=${deep}`)
    expect(entry.body.data.entries.readabilityContent).toBe(first.body.data.content)
    expect(entry.body.data.entries.readabilityUpdatedAt).toBeTypeOf("string")

    const fallback = await reader("GET", `/entries/readability?id=${broken}`)
    expect(fallback.body.data.content).toContain("Own content")
    expect((await admin("GET", `/entries/readability?id=${deep}`)).body.code).toBe(3000)
  })
})

describe("readability freshness", () => {
  it("keeps the extracted article for three days and fetches the page again once it is older", async () => {
    const page = (edition: string) => ({
      body: article("Tides").replace("This is the full text", `Tides, ${edition}: this is the full text`),
      headers: { "content-type": "text/html; charset=utf-8" },
    })
    site.set("/aging.html", page("first edition"))
    site.set("/aging.xml", {
      body: rss("Aging", [{ guid: "a1", title: "Tides", link: site.url("/aging.html"), pubDate: new Date() }]),
    })
    const feed = (await reader("POST", "/subscriptions", { url: site.url("/aging.xml"), view: 0 })).body.feed
    const id = (await reader("POST", "/entries", { feedId: feed.id })).body.data[0].entries.id
    const readable = async () => (await reader("GET", `/entries/readability?id=${id}`)).body.data.content as string
    const updatedAt = async () =>
      Date.parse((await reader("GET", `/entries?id=${id}`)).body.data.entries.readabilityUpdatedAt)
    const DAY = 86_400_000
    try {
      expect(await readable()).toContain("Tides, first edition")
      const kept = await updatedAt()
      site.set("/aging.html", page("second edition"))

      // Younger than three days: the kept article, no fetch.
      clockAheadMs = 3 * DAY - 60_000
      expect(await readable()).toContain("Tides, first edition")
      expect(site.hits("/aging.html")).toBe(1)
      expect(await updatedAt()).toBe(kept)

      // Older: fetched and extracted again, kept with the new time.
      clockAheadMs = 3 * DAY + 60_000
      expect(await readable()).toContain("Tides, second edition")
      expect(site.hits("/aging.html")).toBe(2)
      expect(await updatedAt()).toBeGreaterThanOrEqual(kept + 3 * DAY)
      expect(await readable()).toContain("Tides, second edition")
      expect(site.hits("/aging.html")).toBe(2)
    } finally {
      clockAheadMs = 0
    }
  })
})

describe("probes", () => {
  it("answer for the database and the queue without a session", async () => {
    const anonymous = apiAs(server.url, undefined)
    const pg = await anonymous("GET", "/probes/postgresql")
    expect(pg.body.code).toBe(0)
    expect(pg.body.data).toBeTypeOf("number")
    const queue = await anonymous("GET", "/probes/bullmq?name=follow-queue")
    expect(queue.body.data.current).toMatchObject({ wait: expect.any(Number), completed: expect.any(Number) })
    const redis = await anonymous("GET", "/probes/redis")
    if (process.env.TEST_REDIS_URL) expect(redis.body.data).toBeTypeOf("number")
    else expect([redis.status, redis.body.code]).toEqual([500, 5])
  })
})
