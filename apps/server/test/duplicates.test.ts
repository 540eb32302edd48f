// Duplicates across feeds (issue 15): the same story in several of a user's feeds — one URL under different
// tracking parameters, one guid, one title within 48 hours — shows once with "also in", and reading or starring it
// applies to all of its copies; a per-user setting keeps them apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSearchIndexer } from "../src/jobs/search-index.ts"
import { canonicalUrl, normalisedTitle, storyKeys } from "../src/reader/story-keys.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import { type FeedServer, type RssItem, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
const at = Date.UTC(2026, 0, 10, 12)
const hour = 3_600_000

type Item = {
  entries: { id: string; title: string }
  feeds: { id: string; title: string }
  read: boolean
  collections?: { createdAt: string }
  alsoIn?: { feedId: string; entryId: string; title: string }[]
}

/** Each of the three feeds carries `own` items and one copy of the shared story, found by `how`. */
function story(feed: string, how: "url" | "guid" | "title", shift = 0): RssItem {
  const base = { pubDate: new Date(at + shift) }
  if (how === "url")
    return { ...base, guid: `${feed}-s`, title: `${feed}: a story`, link: "https://News.example.com:443/story/1/" }
  if (how === "guid")
    return {
      ...base,
      guid: "tag:example.com,2026:story-1",
      title: `${feed} tells a story`,
      link: `https://${feed}.example/1`,
    }
  return { ...base, guid: `${feed}-t`, title: "Mars Rover Finds Water!", link: `https://${feed}.example/t` }
}

function own(feed: string): RssItem[] {
  return [0, 1].map((i) => ({
    guid: `${feed}-own-${i}`,
    title: `${feed} own item ${i}`,
    link: `https://${feed}.example/own/${i}`,
    pubDate: new Date(at - (i + 1) * hour),
  }))
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  // A: the story by URL (utm), guid and title; B: the same URL with other tracking parameters, and the guid;
  // C: the same title, 30 hours later.
  const a = { ...story("a", "url"), guid: "tag:example.com,2026:story-1", title: "Mars rover finds water" }
  a.link = "https://news.example.com/story/1?utm_source=rss&utm_medium=feed"
  feeds.set("/a.xml", { body: rss("Alpha", [a, ...own("a")]) })
  feeds.set("/b.xml", {
    body: rss("Beta", [
      { ...story("b", "url", hour), link: "https://NEWS.example.com/story/1/?fbclid=x&gclid=y#top" },
      ...own("b"),
    ]),
  })
  feeds.set("/c.xml", { body: rss("Gamma", [story("c", "title", 30 * hour), ...own("c")]) })
  // D: the same title three days before: another story.
  feeds.set("/d.xml", { body: rss("Delta", [story("d", "title", -72 * hour)]) })
  // E, F: the same guid only.
  feeds.set("/e.xml", { body: rss("Echo", [{ ...story("e", "guid"), title: "echo headline" }]) })
  feeds.set("/f.xml", { body: rss("Foxtrot", [{ ...story("f", "guid", 2 * hour), title: "a different headline" }]) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

/** What the scheduling process does seconds after entries arrive or a follow: keys written, copies grouped. */
const group = () => startSearchIndexer(server.deps, { intervalMs: 3_600_000 }).tick()

async function reader(paths: string[], options: { groupEach?: boolean } = {}) {
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  const ids: string[] = []
  for (const path of paths) {
    const res = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
    expect(res.status).toBe(200)
    ids.push(res.body.feed.id)
    if (options.groupEach) await group()
  }
  await group()
  const page = async (body: Record<string, unknown> = {}) =>
    (await api("POST", "/entries", { view: 0, ...body })).body.data as Item[]
  return { api, ids, page }
}

const storyOf = (items: Item[]) => items.filter((i) => /story|mars/i.test(i.entries.title))

describe("story keys", () => {
  it("canonical URLs ignore tracking parameters, fragment, default port, host case and a trailing slash", () => {
    expect(canonicalUrl("https://News.Example.com:443/a/b/?utm_source=x&b=2&a=1&fbclid=z#frag")).toBe(
      "news.example.com/a/b?a=1&b=2",
    )
    expect(canonicalUrl("http://www.example.com/a?ref=hn&mc_cid=1&gclid=2")).toBe("example.com/a")
    expect(canonicalUrl("mailto:x@example.com")).toBeNull()
    expect(normalisedTitle("  Mars Rover — finds WATER!! ")).toBe("mars rover finds water")
  })

  it("short guids and titles are not keys", () => {
    expect(storyKeys({ url: null, guid: "123", title: "Hi" })).toEqual([])
  })
})

describe("duplicates across feeds", () => {
  it("shows one item with alsoIn for the same URL, guid and title within 48 hours", async () => {
    const { page, ids } = await reader(["/a.xml", "/b.xml", "/c.xml"])
    const all = await page()
    expect(all).toHaveLength(7)
    const shown = storyOf(all)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.feeds.id).toBe(ids[0])
    expect(shown[0]!.alsoIn?.map((x) => x.feedId)).toEqual([ids[1], ids[2]])
    expect(shown[0]!.alsoIn?.map((x) => x.title)).toEqual(["Beta", "Gamma"])
    // Items without copies carry no alsoIn.
    expect(all.filter((i) => i.alsoIn)).toHaveLength(1)
    // One feed's own page shows its copy, with the others as alsoIn.
    const b = await page({ feedId: ids[1] })
    expect(b).toHaveLength(3)
    expect(storyOf(b)[0]!.alsoIn?.map((x) => x.feedId)).toEqual([ids[0], ids[2]])
    // A page of two of the feeds (read feed by feed) shows it once with the first copy among them; without it, the
    // copies show (their first is not on the page).
    expect(storyOf(await page({ feedIdList: [ids[0], ids[2]] }))).toHaveLength(1)
    expect(storyOf(await page({ feedIdList: [ids[1], ids[2]] }))).toHaveLength(2)
    // The unread-only page too.
    expect(storyOf(await page({ read: false }))).toHaveLength(1)
  })

  it("reading the item reads all three copies, and the unread counts drop by three", async () => {
    const { api, page, ids } = await reader(["/a.xml", "/b.xml", "/c.xml"])
    const before = (await api("GET", "/reads")).body.data
    expect(before).toEqual({ [ids[0]!]: 3, [ids[1]!]: 3, [ids[2]!]: 3 })
    const [item] = storyOf(await page())
    expect((await api("POST", "/reads", { entryIds: [item!.entries.id] })).body).toEqual({ code: 0 })
    expect((await api("GET", "/reads")).body.data).toEqual({ [ids[0]!]: 2, [ids[1]!]: 2, [ids[2]!]: 2 })
    expect(storyOf(await page({ read: false }))).toHaveLength(0)
    for (const feedId of ids) expect(storyOf(await page({ feedId }))[0]!.read).toBe(true)
    // Unread again: the group too.
    await api("DELETE", "/reads", { entryId: item!.entries.id })
    expect((await api("GET", "/reads")).body.data).toEqual({ [ids[0]!]: 3, [ids[1]!]: 3, [ids[2]!]: 3 })
    // Marking one feed all read reads the copies in the other two.
    await api("POST", "/reads/all", { feedId: ids[2] })
    expect((await api("GET", "/reads")).body.data).toEqual({ [ids[0]!]: 2, [ids[1]!]: 2, [ids[2]!]: 0 })
  })

  it("starring applies to the group, and the starred list shows it once", async () => {
    const { api, page, ids } = await reader(["/a.xml", "/b.xml", "/c.xml"])
    const copyInC = storyOf(await page({ feedId: ids[2] }))[0]!
    expect((await api("POST", "/collections", { entryId: copyInC.entries.id, view: 0 })).body).toEqual({ code: 0 })
    for (const feedId of ids) expect(storyOf(await page({ feedId }))[0]!.collections).toBeDefined()
    const starred = await page({ isCollection: true })
    expect(starred).toHaveLength(1)
    expect(starred[0]!.feeds.id).toBe(ids[0])
    expect(starred[0]!.alsoIn).toHaveLength(2)
    await api("DELETE", "/collections", { entryId: starred[0]!.entries.id })
    for (const feedId of ids) expect(storyOf(await page({ feedId }))[0]!.collections).toBeUndefined()
    expect(await page({ isCollection: true })).toHaveLength(0)
  })

  it("the same title three days apart is another story; the same guid alone groups", async () => {
    const { page, ids } = await reader(["/c.xml", "/d.xml", "/e.xml", "/f.xml"])
    const all = await page()
    const mars = all.filter((i) => /mars/i.test(i.entries.title))
    expect(mars).toHaveLength(2)
    expect(mars.every((i) => !i.alsoIn)).toBe(true)
    const guid = all.filter((i) => /headline/.test(i.entries.title))
    expect(guid).toHaveLength(1)
    expect(guid[0]!.alsoIn?.map((x) => x.feedId)).toEqual([ids[3]])
  })

  it("with the setting off, the copies show as three items, each read on its own", async () => {
    const { api, page } = await reader(["/a.xml", "/b.xml", "/c.xml"])
    expect((await api("PATCH", "/settings/general", { dedupeAcrossFeeds: false })).body).toEqual({ code: 0 })
    const shown = storyOf(await page())
    expect(shown).toHaveLength(3)
    expect(shown.every((i) => !i.alsoIn)).toBe(true)
    await api("POST", "/reads", { entryIds: [shown[0]!.entries.id] })
    const counts = (await api("GET", "/reads")).body.data as Record<string, number>
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(8)
    expect((await api("PATCH", "/settings/general", { dedupeAcrossFeeds: "no" })).status).toBe(400)
    await api("PATCH", "/settings/general", { dedupeAcrossFeeds: true })
    expect(storyOf(await page())).toHaveLength(1)
  })

  it("another user's timeline is unaffected", async () => {
    const first = await reader(["/a.xml", "/b.xml"])
    // B grouped before A is followed: B's copy was there first and leads.
    const other = await reader(["/b.xml", "/a.xml"], { groupEach: true })
    const [item] = storyOf(await first.page())
    expect(item!.alsoIn?.map((x) => x.feedId)).toEqual([first.ids[1]])
    await first.api("POST", "/reads", { entryIds: [item!.entries.id] })
    // The other user has their own group (B first, A also) and nothing of theirs was read.
    const theirs = storyOf(await other.page())
    expect(theirs).toHaveLength(1)
    expect(theirs[0]!.read).toBe(false)
    expect(theirs[0]!.alsoIn?.map((x) => x.feedId)).toEqual([other.ids[1]])
    expect((await other.api("GET", "/reads")).body.data).toEqual({ [other.ids[0]!]: 3, [other.ids[1]!]: 3 })
  })

  it("a copy arriving after its story was read arrives read", async () => {
    const { api, page, ids } = await reader(["/a.xml", "/b.xml"])
    const [item] = storyOf(await page())
    await api("POST", "/reads", { entryIds: [item!.entries.id] })
    const c = await api("POST", "/subscriptions", { url: feeds.url("/c.xml"), view: 0 })
    await group()
    const counts = (await api("GET", "/reads")).body.data
    expect(counts).toEqual({ [ids[0]!]: 2, [ids[1]!]: 2, [c.body.feed.id]: 2 })
    const shown = storyOf(await page())
    expect(shown).toHaveLength(1)
    expect(shown[0]!.read).toBe(true)
    expect(shown[0]!.alsoIn).toHaveLength(2)
  })

  it("copies arriving in one statement (a list of three feeds, followed) are grouped under the earliest", async () => {
    const owner = await reader(["/a.xml", "/b.xml", "/c.xml"])
    const list = await owner.api("POST", "/lists", { title: "Space news", view: 0, fee: 0 })
    const listId = list.body.data.id
    for (const feedId of owner.ids) await owner.api("POST", "/lists/feeds", { listId, feedId })
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    expect((await api("POST", "/subscriptions", { listId, view: 0 })).status).toBe(200)
    await group()
    const all = (await api("POST", "/entries", { listId })).body.data as Item[]
    const shown = storyOf(all)
    expect(shown).toHaveLength(1)
    // A's copy is the earliest published (B's an hour later, C's 30 hours later).
    expect(shown[0]!.feeds.id).toBe(owner.ids[0])
    expect(shown[0]!.alsoIn?.map((x) => x.feedId)).toEqual([owner.ids[1], owner.ids[2]])
    await api("POST", "/reads", { entryIds: [shown[0]!.entries.id] })
    expect((await api("GET", "/reads")).body.data).toEqual({ [listId]: 6 })
  })

  it("a copy published later by a feed already followed is grouped once the indexer has run, not before", async () => {
    feeds.set("/g.xml", { body: rss("Golf", own("g")) })
    feeds.set("/h.xml", { body: rss("Hotel", own("h")) })
    const { page, ids } = await reader(["/g.xml", "/h.xml"])
    const late = { guid: "late-story", title: "Comet seen over the harbour", link: "https://news.example.com/comet" }
    feeds.set("/g.xml", { body: rss("Golf", [{ ...late, pubDate: new Date(at) }, ...own("g")]) })
    feeds.set("/h.xml", {
      body: rss("Hotel", [{ ...late, guid: "h-comet", pubDate: new Date(at + hour) }, ...own("h")]),
    })
    await refreshFeedById(server.deps, ids[0]!)
    await refreshFeedById(server.deps, ids[1]!)
    const comet = (items: Item[]) => items.filter((i) => /comet/i.test(i.entries.title))
    // The refresh itself groups nothing: that is the indexer's work, off the ingest's path.
    expect(comet(await page())).toHaveLength(2)
    await group()
    const shown = comet(await page())
    expect(shown).toHaveLength(1)
    expect(shown[0]!.feeds.id).toBe(ids[0])
    expect(shown[0]!.alsoIn?.map((x) => x.feedId)).toEqual([ids[1]])
  })

  it("a first copy in a feed hidden from the timeline does not hide the others", async () => {
    const { api, page, ids } = await reader(["/a.xml", "/b.xml"])
    const sub = await api("PATCH", "/subscriptions", { feedId: ids[0], hideFromTimeline: true })
    expect(sub.status).toBe(200)
    const shown = storyOf(await page())
    expect(shown).toHaveLength(1)
    expect(shown[0]!.feeds.id).toBe(ids[1])
  })

  it("when the first copy goes (unsubscribed), the next one leads the group", async () => {
    const { api, page, ids } = await reader(["/a.xml", "/b.xml", "/c.xml"])
    await api("DELETE", "/subscriptions", { feedId: ids[0] })
    const shown = storyOf(await page())
    expect(shown).toHaveLength(1)
    expect(shown[0]!.alsoIn).toHaveLength(1)
  })
})
