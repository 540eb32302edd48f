// Search (issue 15): words (stemmed), "phrases", -exclusions and filters over the entries a user can see, ranked,
// with marked snippets; the index follows new and changed entries; one user never finds another's entries.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSearchIndexer } from "../src/jobs/search-index.ts"
import { parseSearchQuery } from "../src/services/search.ts"
import { pendingCount } from "../src/storage/search.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let alice: ReturnType<typeof apiAs>
let bob: ReturnType<typeof apiAs>
const feedIds: Record<string, string> = {}

const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12))

const techItems = [
  {
    guid: "t1",
    title: "Ownership in Rust",
    description: "<p>The borrow checker keeps references valid; running it is cheap.</p>",
    pubDate: day(10),
  },
  {
    guid: "t2",
    title: "A checker for grammar",
    description: "<p>This checker does not borrow anything from Rust. &lt;script&gt; is text here.</p>",
    pubDate: day(12),
  },
  {
    guid: "t3",
    title: "Garbage collectors",
    description: "<p>Tracing and running collectors compared.</p>",
    pubDate: day(14),
  },
  // Two years older than the rest: found in the widest of the windows a search reads.
  {
    guid: "t0",
    title: "Archival notes",
    description: "<p>Kept from long ago.</p>",
    pubDate: new Date(Date.UTC(2024, 0, 5)),
  },
  { guid: "t4", title: "東京の天気", description: "<p>今日は晴れです。東京タワーが見えます。</p>", pubDate: day(15) },
]
const cookingItems = [
  { guid: "c1", title: "Running a bakery", description: "<p>Flour, water and early mornings.</p>", pubDate: day(11) },
  { guid: "c2", title: "Sourdough starter", description: "<p>Feed it daily; it runs on flour.</p>", pubDate: day(13) },
]

const index = () => startSearchIndexer(server.deps, { intervalMs: 3_600_000 }).tick()

async function search(api: ReturnType<typeof apiAs>, q: string, extra = "") {
  const res = await api("GET", `/entries/search?q=${encodeURIComponent(q)}${extra}`)
  return res
}
const titles = (res: { body: { data: { entries: { title: string } }[] } }) => res.body.data.map((i) => i.entries.title)

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  const [a, b] = await Promise.all([signUp(server.url, "Alice"), signUp(server.url, "Bob")])
  alice = apiAs(server.url, a)
  bob = apiAs(server.url, b)
  feeds.set("/tech.xml", { body: rss("Tech notes", techItems) })
  feeds.set("/cooking.xml", { body: rss("Kitchen", cookingItems) })
  feeds.set("/secret.xml", { body: rss("Bob's", [{ guid: "s1", title: "Zanzibar plans", pubDate: day(9) }]) })
  feedIds.tech = (await alice("POST", "/subscriptions", { url: feeds.url("/tech.xml"), view: 0 })).body.feed.id
  feedIds.cooking = (await alice("POST", "/subscriptions", { url: feeds.url("/cooking.xml"), view: 1 })).body.feed.id
  await bob("POST", "/subscriptions", { url: feeds.url("/secret.xml"), view: 0 })
  await index()
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("the search query language", () => {
  it("splits words, phrases, exclusions and filters", () => {
    const q = parseSearchQuery(
      'rust "borrow checker" -grammar feed:"Tech notes" view:social is:unread -is:starred before:2026-02-01 after:2026-01-01',
    )
    expect(q.terms).toEqual([
      { value: "rust", negated: false, phrase: false },
      { value: "borrow checker", negated: false, phrase: true },
      { value: "grammar", negated: true, phrase: false },
    ])
    expect(q).toMatchObject({ feeds: ["Tech notes"], view: 1, unread: true, starred: false })
    expect(q.before?.toISOString()).toBe("2026-02-01T00:00:00.000Z")
    expect(q.after?.toISOString()).toBe("2026-01-01T00:00:00.000Z")
    // A colon inside a word that names no filter is text.
    expect(parseSearchQuery("re:invent").terms).toEqual([{ value: "re:invent", negated: false, phrase: false }])
  })
})

describe("GET /entries/search", () => {
  it("finds words by their stem, the title's matches first, with the words marked", async () => {
    const res = await search(alice, "runs")
    expect(res.status).toBe(200)
    // "Running a bakery" matches in its title, the others in their text ("runs", "running"): newest first among those.
    expect(titles(res)).toEqual(["Running a bakery", "Garbage collectors", "Sourdough starter", "Ownership in Rust"])
    expect(res.body.data[0].search.title).toBe("<mark>Running</mark> a bakery")
    expect(res.body.data[1].search.snippet).toBe("Tracing and <mark>running</mark> collectors compared.")
    expect(res.body.hasMore).toBe(false)
    // Items are timeline items: read state, feed and view come with them.
    expect(res.body.data[0]).toMatchObject({ read: false, view: 1, feeds: { id: feedIds.cooking } })
  })

  it("matches a phrase only as a phrase, and leaves out excluded words", async () => {
    expect(titles(await search(alice, '"borrow checker"'))).toEqual(["Ownership in Rust"])
    // Both have both words; the one where they stand together ranks first.
    expect(titles(await search(alice, "checker borrow"))).toEqual(["Ownership in Rust", "A checker for grammar"])
    expect(titles(await search(alice, "checker -grammar"))).toEqual(["Ownership in Rust"])
    expect(titles(await search(alice, "bakery or sourdough"))).toEqual(["Sourdough starter", "Running a bakery"])
  })

  it("escapes the text around the marks", async () => {
    const res = await search(alice, "grammar")
    expect(res.body.data[0].search.snippet).toContain("&lt;script&gt; is text here.")
    expect(res.body.data[0].search.snippet).not.toContain("<script>")
  })

  it("view: follows a feed moved to another view, and finds what a list followed in that view brings", async () => {
    const moved = await alice("PATCH", "/subscriptions", { feedId: feedIds.cooking, view: 2 })
    expect(moved.status).toBe(200)
    expect(titles(await search(alice, "running view:2"))).toEqual(["Running a bakery", "Sourdough starter"])
    expect(titles(await search(alice, "running view:1"))).toEqual([])
    await alice("PATCH", "/subscriptions", { feedId: feedIds.cooking, view: 1 })

    const list = await bob("POST", "/lists", { title: "Kitchen reading", view: 0, fee: 0 })
    expect((await bob("POST", "/lists/feeds", { listId: list.body.data.id, feedId: feedIds.cooking })).status).toBe(200)
    const carol = apiAs(server.url, await signUp(server.url, "Carol"))
    expect((await carol("POST", "/subscriptions", { listId: list.body.data.id, view: 3 })).status).toBe(200)
    expect(titles(await search(carol, "running view:3"))).toEqual(["Running a bakery", "Sourdough starter"])
    expect(titles(await search(carol, "running view:1"))).toEqual([])
  })

  it("narrows by feed, view, read and starred state, and dates", async () => {
    expect(titles(await search(alice, "running feed:kitchen"))).toEqual(["Running a bakery", "Sourdough starter"])
    expect(titles(await search(alice, `running feed:${feedIds.tech}`))).toEqual([
      "Garbage collectors",
      "Ownership in Rust",
    ])
    expect(titles(await search(alice, "running -feed:kitchen"))).toEqual(["Garbage collectors", "Ownership in Rust"])
    expect(titles(await search(alice, "running view:1"))).toEqual(["Running a bakery", "Sourdough starter"])
    expect(titles(await search(alice, "running after:2026-01-12 before:2026-01-14"))).toEqual(["Sourdough starter"])

    const garbage = (await search(alice, "garbage")).body.data[0].entries.id
    await alice("POST", "/reads", { entryIds: [garbage] })
    expect(titles(await search(alice, "running is:unread"))).not.toContain("Garbage collectors")
    expect(titles(await search(alice, "running is:read"))).toEqual(["Garbage collectors"])

    const rust = (await search(alice, "ownership")).body.data[0].entries.id
    await alice("POST", "/collections", { entryId: rust, view: 0 })
    expect(titles(await search(alice, "is:starred"))).toEqual(["Ownership in Rust"])
    expect(titles(await search(alice, "running -is:starred"))).not.toContain("Ownership in Rust")
    // A feed the user does not follow matches nothing.
    expect(titles(await search(alice, "running feed:nonesuch"))).toEqual([])
  })

  it("reads back through time until it has found enough", async () => {
    expect(titles(await search(alice, "archival"))).toEqual(["Archival notes"])
    expect(titles(await search(alice, "archival before:2025-01-01"))).toEqual(["Archival notes"])
    expect(titles(await search(alice, "archival after:2025-01-01"))).toEqual([])
  })

  it("finds text in scripts written without spaces", async () => {
    const res = await search(alice, "東京")
    expect(titles(res)).toEqual(["東京の天気"])
    expect(res.body.data[0].search.title).toBe("<mark>東京</mark>の天気")
    expect(res.body.data[0].search.snippet).toContain("<mark>東京</mark>タワー")
  })

  it("pages with limit and offset", async () => {
    const first = await search(alice, "running", "&limit=2")
    expect(first.body.hasMore).toBe(true)
    const second = await search(alice, "running", "&limit=2&offset=2")
    expect(second.body.hasMore).toBe(false)
    expect([...titles(first), ...titles(second)]).toEqual(titles(await search(alice, "running")))
  })

  it("never finds another user's entries", async () => {
    expect(titles(await search(bob, "zanzibar"))).toEqual(["Zanzibar plans"])
    expect(titles(await search(alice, "zanzibar"))).toEqual([])
    expect(titles(await search(bob, "running"))).toEqual([])
    expect(titles(await search(bob, `feed:${feedIds.tech}`))).toEqual([])
  })

  it("follows a changed entry once the indexer has run", async () => {
    feeds.set("/cooking.xml", {
      body: rss("Kitchen", [{ ...cookingItems[1], description: "<p>Now with rye and spelt.</p>" }, cookingItems[0]]),
    })
    await alice("GET", `/feeds/refresh?id=${feedIds.cooking}`)
    await server.refreshDue(new Date(Date.now() + 7 * 86_400_000))
    expect(await pendingCount(server.deps.db)).toBeGreaterThan(0)
    await index()
    expect(await pendingCount(server.deps.db)).toBe(0)
    expect(titles(await search(alice, "spelt"))).toEqual(["Sourdough starter"])
  })

  it("answers the AI chat's keyword lookups from the same search", async () => {
    const res = await alice("GET", "/entries?keyword=bakery")
    expect(res.status).toBe(200)
    expect(res.body.data.map((i: { entries: { title: string } }) => i.entries.title)).toEqual(["Running a bakery"])
  })

  it("refuses an empty query and unknown filter values, with the catalogue's codes", async () => {
    const empty = await search(alice, "  ")
    expect(empty.status).toBe(400)
    expect(empty.body.code).toBe(4)
    for (const q of ["is:banana", "before:someday", "view:radio"]) {
      const res = await search(alice, q)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(1002)
      expect(res.body.message).toBeTruthy()
    }
    expect((await alice("GET", "/entries/search")).status).toBe(400)
  })
})
