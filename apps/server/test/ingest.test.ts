// Storing parsed entries: what a document may contain but PostgreSQL cannot store is cleaned, never fatal.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("ingest", () => {
  it("stores entries carrying U+0000 or unpaired surrogates, without those characters", async () => {
    // JSON escapes reach the entry fields untouched: a NUL would fail the whole feed's statement, and an unpaired
    // surrogate is not valid JSON for PostgreSQL.
    const body = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "Odd characters",
      items: [
        { id: "odd", title: "a\ud800b\u0000c", content_html: "<p>x\u0000y\udc00z</p>", tags: ["t\u0000ag"] },
        { id: "plain", title: "Plain 😀", content_html: "<p>fine</p>" },
      ],
    })
    feeds.set("/odd.json", { body, headers: { "content-type": "application/feed+json" } })
    const reader = apiAs(server.url, await signUp(server.url))
    const subscribed = await reader("POST", "/subscriptions", { url: feeds.url("/odd.json"), view: 0 })
    expect(subscribed.status).toBe(200)
    const list = await reader("POST", "/entries", { feedId: subscribed.body.feed.id })
    const titles = list.body.data.map((item: { entries: { title: string } }) => item.entries.title).sort()
    expect(titles).toEqual(["Plain 😀", "a\ufffdbc"])
    const odd = list.body.data.find((item: { entries: { title: string } }) => item.entries.title === "a\ufffdbc")
    const entry = await reader("GET", `/entries?id=${odd.entries.id}`)
    expect(entry.body.data.entries.content).toBe("<p>xy\ufffdz</p>")
    expect(entry.body.data.entries.categories).toEqual(["tag"])
  })
})
