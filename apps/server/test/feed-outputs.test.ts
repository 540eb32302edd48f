// Feeds out: a user's view, category, list, starred items and inbox as RSS 2.0, Atom 1.0 and JSON Feed at a
// revocable token URL that a feed reader fetches without a session; a list's public feed; the OPML of a user's public
// subscriptions. The documents are read back with the same parser the server ingests feeds with.
import { parseFeed } from "feedsmith"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let alice: TestUser
let bob: TestUser
let aliceApi: ReturnType<typeof apiAs>
let bobApi: ReturnType<typeof apiAs>
const feedIds: Record<string, string> = {}
let listId: string

/** A document fetched the way a feed reader does: no cookie, no token. */
async function anonymous(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { accept: "application/rss+xml, application/atom+xml, */*", ...headers } })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

/** Atom text constructs parse as `{value}`, RSS titles as strings. */
type Text = string | { value?: string } | undefined
const textOf = (t: Text) => (typeof t === "string" ? t : (t?.value ?? ""))

function titlesOf(text: string): string[] {
  const feed = parseFeed(text).feed as { items?: { title?: Text }[]; entries?: { title?: Text }[] }
  return (feed.items ?? feed.entries ?? []).map((i) => textOf(i.title))
}

function feedTitle(text: string): string {
  return textOf((parseFeed(text).feed as { title?: Text }).title)
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  ;[alice, bob] = await Promise.all([signUp(server.url, "Alice"), signUp(server.url, "Bob")])
  aliceApi = apiAs(server.url, alice)
  bobApi = apiAs(server.url, bob)
  feeds.set("/news.xml", { body: rss("News & views", items(3, "news")) })
  feeds.set("/art.xml", { body: rss("Art", items(2, "art")) })
  feeds.set("/quiet.xml", { body: rss("Quiet", items(1, "quiet")) })
  const subscribe = async (name: string, extra: object) =>
    (feedIds[name] = (
      await aliceApi("POST", "/subscriptions", { url: feeds.url(`/${name}.xml`), view: 0, ...extra })
    ).body.feed.id)
  await subscribe("news", { category: "Daily" })
  await subscribe("art", { category: "Culture" })
  await subscribe("quiet", { isPrivate: true })
  listId = (await aliceApi("POST", "/lists", { title: "Picks", view: 0, fee: 0 })).body.data.id
  await aliceApi("POST", "/lists/feeds", { listId, feedId: feedIds.art })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("feed outputs", () => {
  it("publishes a view, a category and the starred items in three formats, readable without a session", async () => {
    const view = (await aliceApi("POST", "/feed-outputs", { kind: "view", target: "0" })).body.data
    expect(view.urls.rss).toMatch(/\/out\/[\w-]{32}\/rss\.xml$/)
    const rssDoc = await anonymous(view.urls.rss)
    expect(rssDoc.status).toBe(200)
    expect(rssDoc.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8")
    expect(rssDoc.headers.get("cache-control")).toBe("private, max-age=300")
    expect(titlesOf(rssDoc.text).sort()).toEqual(["art 0", "art 1", "news 0", "news 1", "news 2", "quiet 0"])
    // The parser reads the same items from the Atom and JSON documents, newest first, with their content.
    const atom = await anonymous(view.urls.atom)
    expect(atom.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8")
    expect(titlesOf(atom.text)).toEqual(titlesOf(rssDoc.text))
    const json = JSON.parse((await anonymous(view.urls.json)).text)
    expect(json.version).toBe("https://jsonfeed.org/version/1.1")
    expect(json.items.map((i: { title: string }) => i.title)).toEqual(titlesOf(rssDoc.text))
    expect(json.items.find((i: { title: string }) => i.title === "news 0").content_html).toContain("news 0 body")
    expect(json.items[0]._source.title).toBeTruthy()

    const category = (await aliceApi("POST", "/feed-outputs", { kind: "category", target: "Daily" })).body.data
    expect(titlesOf((await anonymous(category.urls.rss)).text)).toEqual(["news 0", "news 1", "news 2"])
    expect(feedTitle((await anonymous(category.urls.rss)).text)).toBe("Daily")

    const page = (await aliceApi("POST", "/entries", { view: 0, feedId: feedIds.news })).body.data
    const starredId = page.find((i: { entries: { title: string } }) => i.entries.title === "news 1").entries.id
    await aliceApi("POST", "/collections", { entryId: starredId, view: 0 })
    const starred = (await aliceApi("POST", "/feed-outputs", { kind: "starred" })).body.data
    expect(titlesOf((await anonymous(starred.urls.atom)).text)).toEqual(["news 1"])
  })

  it("escapes what the entries carry and answers 304 to a reader that has the document", async () => {
    const category = (await aliceApi("POST", "/feed-outputs", { kind: "category", target: "Daily" })).body.data
    const first = await anonymous(category.urls.rss)
    // The feed's own title has an ampersand: escaped in the XML, read back as it was.
    expect(first.text).toContain("News &amp; views")
    expect(parseFeed(first.text).format).toBe("rss")
    const again = await anonymous(category.urls.rss, { "if-none-match": first.headers.get("etag")! })
    expect(again.status).toBe(304)
    expect(again.text).toBe("")
  })

  it("keeps one URL per target, lists them, and stops answering once revoked", async () => {
    const a = (await aliceApi("POST", "/feed-outputs", { kind: "category", target: "Culture" })).body.data
    const b = (await aliceApi("POST", "/feed-outputs", { kind: "category", target: "Culture" })).body.data
    expect(b).toEqual(a)
    const listed = (await aliceApi("GET", "/feed-outputs")).body.data
    expect(listed.filter((o: { id: string }) => o.id === a.id)).toHaveLength(1)
    expect((await anonymous(a.urls.json)).status).toBe(200)
    expect((await aliceApi("DELETE", "/feed-outputs", { id: a.id })).status).toBe(200)
    const gone = await anonymous(a.urls.json)
    expect(gone.status).toBe(404)
    expect(JSON.parse(gone.text).code).toBe(6)
    // A new output of the same target has a new token: the old URL stays dead.
    const renewed = (await aliceApi("POST", "/feed-outputs", { kind: "category", target: "Culture" })).body.data
    expect(renewed.urls.rss).not.toBe(a.urls.rss)
    expect((await anonymous(a.urls.rss)).status).toBe(404)
  })

  it("publishes a list and an inbox the user has, and refuses what they do not have", async () => {
    // Alice follows her own list; Bob follows nothing of hers.
    await aliceApi("POST", "/subscriptions", { listId, view: 0 })
    const list = (await aliceApi("POST", "/feed-outputs", { kind: "list", target: listId })).body.data
    expect(titlesOf((await anonymous(list.urls.rss)).text)).toEqual(["art 0", "art 1"])
    const bobList = await bobApi("POST", "/feed-outputs", { kind: "list", target: listId })
    expect(bobList.status).toBe(404)
    expect(bobList.body.code).toBe(8000)

    await aliceApi("POST", "/inboxes", { handle: "alice-news" })
    const inbox = (await aliceApi("POST", "/feed-outputs", { kind: "inbox", target: "alice-news" })).body.data
    const inboxDoc = await anonymous(inbox.urls.atom)
    expect(inboxDoc.status).toBe(200)
    expect(titlesOf(inboxDoc.text)).toEqual([])
    expect((await bobApi("POST", "/feed-outputs", { kind: "inbox", target: "alice-news" })).body.code).toBe(10000)
    expect((await bobApi("POST", "/feed-outputs", { kind: "category", target: "Daily" })).status).toBe(404)
  })

  it("never lets another user list or revoke an output, and rejects bad input without storing anything", async () => {
    const mine = (await aliceApi("POST", "/feed-outputs", { kind: "view", target: "0" })).body.data
    expect((await bobApi("GET", "/feed-outputs")).body.data).toEqual([])
    const revoke = await bobApi("DELETE", "/feed-outputs", { id: mine.id })
    expect(revoke.status).toBe(404)
    expect((await anonymous(mine.urls.rss)).status).toBe(200)
    for (const body of [{ kind: "everything" }, { kind: "view", target: "9" }, { kind: "category", target: " " }]) {
      const res = await bobApi("POST", "/feed-outputs", body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(4)
    }
    expect((await bobApi("GET", "/feed-outputs")).body.data).toEqual([])
    expect((await apiAs(server.url, undefined)("GET", "/feed-outputs")).status).toBe(401)
    expect((await anonymous(`${server.url}/out/${"x".repeat(32)}/rss.xml`)).status).toBe(404)
    expect((await anonymous(mine.urls.rss.replace("rss.xml", "feed.txt"))).status).toBe(404)
  })

  it("serves a list's public feed and a user's public subscriptions as OPML to anyone", async () => {
    const doc = await anonymous(`${server.url}/out/lists/${listId}/atom.xml`)
    expect(doc.status).toBe(200)
    expect(feedTitle(doc.text)).toBe("Picks")
    expect(titlesOf(doc.text)).toEqual(["art 0", "art 1"])
    expect((await anonymous(`${server.url}/out/lists/0000/rss.xml`)).status).toBe(404)
    const opml = await anonymous(`${server.url}/out/users/${alice.id}/subscriptions.opml`)
    expect(opml.status).toBe(200)
    expect(opml.text).toContain(feeds.url("/news.xml"))
    // The private subscription is left out.
    expect(opml.text).not.toContain(feeds.url("/quiet.xml"))
  })
})
