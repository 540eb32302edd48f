// Pages over several feeds (a category, a list): merged newest first across the feeds, paged without gaps or
// repeats, for a few feeds (read feed by feed) and for many (read in the timeline's order), unread only or not.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, type RssItem, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
const FEEDS = 36
const PER_FEED = 6

/** Feed f's items, published at times that interleave with every other feed's. */
function feedItems(f: number): RssItem[] {
  return Array.from({ length: PER_FEED }, (_, i) => ({
    guid: `f${f}-${i}`,
    title: `feed ${f} item ${i}`,
    pubDate: new Date(Date.UTC(2026, 0, 1) - (i * FEEDS + f) * 60_000),
  }))
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer({ TRIAL_MAX_FEED_SUBSCRIPTIONS: "100" }), startFeedServer()])
  for (let f = 0; f < FEEDS; f++) feeds.set(`/many-${f}.xml`, { body: rss(`many ${f}`, feedItems(f)) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

type Item = { entries: { id: string; title: string; publishedAt: string }; read: boolean }

describe("pages over several feeds", () => {
  it("merge the feeds newest first and page through them exactly", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    const feedIds: string[] = []
    for (let f = 0; f < FEEDS; f++) {
      feedIds.push((await api("POST", "/subscriptions", { url: feeds.url(`/many-${f}.xml`), view: 0 })).body.feed.id)
    }
    const all = async (body: Record<string, unknown>, limit: number): Promise<Item[]> => {
      const seen: Item[] = []
      let cursor: string | undefined
      for (let guard = 0; guard < 100; guard++) {
        const page = (await api("POST", "/entries", { ...body, limit, publishedAfter: cursor })).body.data as Item[]
        seen.push(...page)
        if (page.length < limit) return seen
        cursor = page.at(-1)!.entries.publishedAt
      }
      throw new Error("paging did not end")
    }
    const titlesOf = (fs: number[], skip = new Set<string>()) =>
      fs
        .flatMap(feedItems)
        .sort((a, b) => b.pubDate!.getTime() - a.pubDate!.getTime())
        .map((i) => i.title)
        .filter((t) => !skip.has(t))
    for (const chosen of [[3, 7, 11], Array.from({ length: FEEDS }, (_, f) => f)]) {
      const body = { feedIdList: chosen.map((f) => feedIds[f]) }
      expect(
        (await all(body, 4)).map((i) => i.entries.title),
        `${chosen.length} feeds`,
      ).toEqual(titlesOf(chosen))
    }
    // Unread only, after reading some of them.
    const three = (await all({ feedIdList: [feedIds[3], feedIds[7], feedIds[11]] }, 50)).filter((_, i) => i % 3 === 0)
    await api("POST", "/reads", { entryIds: three.map((i) => i.entries.id) })
    const readTitles = new Set(three.map((i) => i.entries.title))
    const unread = await all({ feedIdList: [feedIds[3], feedIds[7], feedIds[11]], read: false }, 4)
    expect(unread.map((i) => i.entries.title)).toEqual(titlesOf([3, 7, 11], readTitles))
    // A list of two of the feeds, followed by a second reader.
    const listId = (await api("POST", "/lists", { title: "pair", view: 0, fee: 0 })).body.data.id
    for (const f of [5, 9]) await api("POST", "/lists/feeds", { listId, feedId: feedIds[f] })
    const other = apiAs(server.url, await signUp(server.url))
    await other("POST", "/subscriptions", { listId })
    const listed = await (async () => {
      const seen: Item[] = []
      let cursor: string | undefined
      for (;;) {
        const page = (await other("POST", "/entries", { listId, limit: 5, publishedAfter: cursor })).body.data as Item[]
        seen.push(...page)
        if (page.length < 5) return seen
        cursor = page.at(-1)!.entries.publishedAt
      }
    })()
    expect(listed.map((i) => i.entries.title)).toEqual(titlesOf([5, 9]))
  }, 120_000)
})
