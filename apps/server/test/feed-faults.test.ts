// Misbehaving feeds during a scheduled refresh: each ends as an error recorded on its feed within the time-out,
// the healthy feeds in the same run are ingested, and the error clears on the next success.
import zlib from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId } from "../src/ids.ts"
import { findFeedById, insertFeed } from "../src/storage/feeds.ts"
import { subscriptions } from "../src/storage/schema.ts"
import { type FeedDoc, type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let api: ReturnType<typeof apiAs>

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><guid>x</guid></item></channel></rss>`

// Every fault is served on a path of its own; each starts healthy so that it can be subscribed to.
const faults: Record<string, FeedDoc | "slow" | "huge"> = {
  "/500.xml": { status: 500, body: "oops" },
  "/404.xml": { status: 404, body: "gone" },
  "/410.xml": { status: 410, body: "gone for good" },
  "/loop.xml": { status: 302, body: "", headers: { location: "/loop.xml" } },
  "/html.xml": {
    body: "<!doctype html><html><body><h1>Moved to a web page</h1></body></html>",
    headers: { "content-type": "text/html" },
  },
  "/utf8.xml": { body: Buffer.from([0x3c, 0x72, 0x73, 0x73, 0xff, 0xfe, 0xc3, 0x28]) },
  "/laughs.xml": { body: billionLaughs },
  "/bomb.xml": { body: zlib.gzipSync(Buffer.alloc(100 * 1024 * 1024, 32)), headers: { "content-encoding": "gzip" } },
  "/slow.xml": "slow",
  "/huge.xml": "huge",
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([
    // The scheduler claims every due feed in its database, so this file keeps a database of its own.
    startTestServer(
      { FEED_FETCH_TIMEOUT_MS: "1500", FEED_MAX_BYTES: String(5 * 1024 * 1024) },
      { freshDatabase: true },
    ),
    startFeedServer(),
  ])
  api = apiAs(server.url, await signUp(server.url))
  for (const path of [...Object.keys(faults), "/healthy-1.xml", "/healthy-2.xml"]) {
    feeds.set(path, { body: rss(path, items(2, path)) })
    const res = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
    expect(res.body.code).toBe(0)
  }
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

function serveFault(path: string, fault: FeedDoc | "slow" | "huge") {
  if (fault === "slow") {
    // Headers, then nothing: only the time-out ends this.
    feeds.set(path, { body: "", hang: true })
  } else if (fault === "huge") {
    feeds.set(path, { body: Buffer.alloc(50 * 1024 * 1024, 32) })
  } else {
    feeds.set(path, fault)
  }
}

async function feedByUrl(url: string) {
  return (await api("GET", `/feeds?url=${encodeURIComponent(url)}`)).body.data.feed
}

function refreshAll(daysLater: number) {
  return server.refreshDue(new Date(Date.now() + daysLater * 86_400_000))
}

describe("feed faults during a refresh", () => {
  it("records each fault on its feed and still ingests the healthy ones", async () => {
    for (const [path, fault] of Object.entries(faults)) serveFault(path, fault)
    feeds.set("/healthy-1.xml", {
      body: rss("healthy", [
        { guid: "fresh", title: "Fresh news", pubDate: new Date() },
        ...items(2, "/healthy-1.xml"),
      ]),
    })
    const rssBefore = process.memoryUsage().rss
    const started = Date.now()
    expect(await refreshAll(2)).toBeGreaterThanOrEqual(12)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024)

    for (const path of Object.keys(faults)) {
      const feed = await feedByUrl(feeds.url(path))
      expect({ path, errorAt: typeof feed.errorAt, hasMessage: Boolean(feed.errorMessage) }).toEqual({
        path,
        errorAt: "string",
        hasMessage: true,
      })
    }
    expect((await feedByUrl(feeds.url("/404.xml"))).errorMessage).toBe("HTTP 404")
    expect((await feedByUrl(feeds.url("/slow.xml"))).errorMessage).toBe("Timed out")
    expect((await feedByUrl(feeds.url("/huge.xml"))).errorMessage).toMatch(/larger than/)
    expect((await feedByUrl(feeds.url("/healthy-2.xml"))).errorAt).toBeNull()
    const list = await api("POST", "/entries", { view: 0, limit: 1 })
    expect(list.body.data[0].entries.title).toBe("Fresh news")
    // The server still answers promptly.
    expect((await api("GET", "/reads/total-count")).status).toBe(200)
  })

  it("clears the error on the next successful fetch", async () => {
    feeds.set("/500.xml", { body: rss("/500.xml", items(3, "/500.xml")) })
    await refreshAll(30)
    const feed = await feedByUrl(feeds.url("/500.xml"))
    expect([feed.errorAt, feed.errorMessage]).toEqual([null, null])
  })
})

describe("a private address without the allow flag", () => {
  it("is recorded as an error on the feed at its next refresh, and nothing is fetched", async () => {
    const guarded = await startTestServer({ ALLOW_PRIVATE_NETWORK: "false" }, { freshDatabase: true })
    try {
      const user = await signUp(guarded.url)
      feeds.set("/inside.xml", { body: rss("Inside", items(1, "in")) })
      const hitsBefore = feeds.hits("/inside.xml")
      const urls = [feeds.url("/inside.xml"), "http://169.254.169.254/latest/meta-data/", "http://[::1]:9/feed"]
      // Feeds added while private addresses were allowed, refreshed after the operator turned the guard on.
      const ids: string[] = []
      for (const url of urls) {
        const feed = await insertFeed(guarded.deps.db, { id: newId(), url, nextCheckAt: new Date(0) })
        await guarded.deps.db
          .insert(subscriptions)
          .values({ id: newId(), userId: user.id, type: "feed", feedId: feed.id, view: 0 })
        ids.push(feed.id)
      }
      expect(await guarded.refreshDue(new Date())).toBe(3)
      for (const id of ids) {
        const feed = await findFeedById(guarded.deps.db, id)
        expect(feed?.errorMessage).toMatch(/private or loopback/)
      }
      expect(feeds.hits("/inside.xml")).toBe(hitsBefore)
    } finally {
      await guarded.close()
    }
  })
})
