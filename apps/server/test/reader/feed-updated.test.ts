// A feed's own updated time (RSS lastBuildDate/pubDate, Atom updated, dc:date) is written at subscribe and at every
// refresh, and the API's Feed.updatedAt shows it; a document without one (JSON Feed) shows when it was fetched.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { refreshFeedById } from "../../src/services/feeds.ts"
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

const rss = (built: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>R</title>
  <link>https://r.example/</link><lastBuildDate>${built}</lastBuildDate>
  <item><guid>1</guid><title>one</title></item></channel></rss>`

async function subscribe(path: string, body: string, type = "application/xml") {
  feeds.set(path, { body, headers: { "content-type": type } })
  const api = apiAs(server.url, await signUp(server.url))
  const created = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  expect(created.body.code, JSON.stringify(created.body)).toBe(0)
  const id = created.body.feed.id as string
  const updatedAt = async () => (await api("GET", `/feeds?id=${id}`)).body.data.feed.updatedAt as number
  return { id, subscribedAs: created.body.feed.updatedAt as number, updatedAt }
}

describe("a feed's updated time", () => {
  it("is the RSS lastBuildDate at subscribe, and the new one after a refresh", async () => {
    const feed = await subscribe("/rss.xml", rss("Mon, 01 Jan 2024 10:00:00 GMT"))
    expect(feed.subscribedAs).toBe(Date.UTC(2024, 0, 1, 10))
    expect(await feed.updatedAt()).toBe(Date.UTC(2024, 0, 1, 10))
    feeds.set("/rss.xml", { body: rss("Tue, 02 Jan 2024 11:00:00 GMT") })
    await refreshFeedById(server.deps, feed.id)
    expect(await feed.updatedAt()).toBe(Date.UTC(2024, 0, 2, 11))
  })

  it("is Atom's feed-level updated, and an RDF channel's dc:date", async () => {
    const atom = await subscribe(
      "/atom.xml",
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2023-05-06T07:08:09Z</updated>
        <entry><id>urn:1</id><title>x</title><updated>2023-05-06T07:08:09Z</updated></entry></feed>`,
    )
    expect(await atom.updatedAt()).toBe(Date.UTC(2023, 4, 6, 7, 8, 9))
    const rdf = await subscribe(
      "/rdf.xml",
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://d.example/"><title>D</title>
        <link>https://d.example/</link><dc:date>2022-02-03T04:05:06Z</dc:date></channel>
        <item rdf:about="https://d.example/1"><title>x</title><link>https://d.example/1</link></item></rdf:RDF>`,
    )
    expect(await rdf.updatedAt()).toBe(Date.UTC(2022, 1, 3, 4, 5, 6))
  })

  it("is the fetch time for a JSON Feed, which has no such field", async () => {
    const before = Date.now()
    const json = await subscribe(
      "/feed.json",
      JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "J", items: [{ id: "1", title: "x" }] }),
      "application/feed+json",
    )
    expect(await json.updatedAt()).toBeGreaterThanOrEqual(before - 1000)
  })

  it("never lies in the future", async () => {
    const feed = await subscribe("/future.xml", rss(new Date(Date.now() + 30 * 86_400_000).toUTCString()))
    expect(await feed.updatedAt()).toBeLessThanOrEqual(Date.now())
  })
})
