// Items with little in them reach a subscriber's timeline through the real path (fetch, parse, ingest, API): each
// is an entry of its own, however alike they look; and their relative links point under the document's URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, startFeedServer } from "../support/feeds.ts"
import { startTestServer, type TestServer } from "../support/server.ts"
import { apiAs, signUp } from "../support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

const SPARSE = `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Sparse</title><link>https://www.example.org/</link>
  <item><author>ann@example.org (Ann)</author></item>
  <item><dc:creator>Bob</dc:creator></item>
  <item><media:thumbnail url="https://img.example.org/1.jpg"/></item>
  <item><media:thumbnail url="https://img.example.org/2.jpg"/></item>
  <item><description>&lt;!DOCTYPE html&gt;</description><pubDate>Tue, 02 Jan 2024 08:30:00 GMT</pubDate></item>
  <item><description>&lt;!DOCTYPE html&gt;</description><pubDate>Wed, 03 Jan 2024 08:30:00 GMT</pubDate></item>
  <item><description><![CDATA[<!-- teaser follows -->]]></description></item>
  <item><description><![CDATA[<!-- wp:more -->]]></description></item>
  <item><title>relative</title><link>posts/1.html</link></item>
</channel></rss>`

describe("sparse items through the API", () => {
  it("keeps every item as its own entry, and resolves relative links against the document URL", async () => {
    feeds.set("/blog/sparse.xml", { body: SPARSE })
    const api = apiAs(server.url, await signUp(server.url))
    const created = await api("POST", "/subscriptions", { url: feeds.url("/blog/sparse.xml"), view: 0 })
    expect(created.body.code, JSON.stringify(created.body)).toBe(0)
    const list = await api("POST", "/entries", { feedId: created.body.feed.id, limit: 100 })
    const entries = (list.body.data as { entries: { author: string | null; title: string | null; url: string } }[]).map(
      (item) => item.entries,
    )
    expect(entries).toHaveLength(9)
    expect(entries.map((e) => e.author).filter(Boolean)).toEqual(expect.arrayContaining(["Ann", "Bob"]))
    expect(entries.find((e) => e.title === "relative")?.url).toBe(feeds.url("/blog/posts/1.html"))
  })
})
