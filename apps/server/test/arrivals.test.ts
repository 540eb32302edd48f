// Action rules on every path that brings entries into a timeline: the copy made at subscribe time, a list
// subscription, a feed added to a followed list, a re-subscribe, later arrivals (ingest) and inbox deliveries.
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId } from "../src/ids.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import { storeInboxEntry } from "../src/services/inboxes.ts"
import { listFeeds, lists } from "../src/storage/schema.ts"
import { type FeedServer, type RssItem, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let hooks: { url: string; calls: string[]; close(): Promise<void> }

beforeAll(async () => {
  ;[server, feeds, hooks] = await Promise.all([startTestServer(), startFeedServer(), startHookReceiver()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await hooks?.close()
})

async function startHookReceiver() {
  const calls: string[] = []
  const srv = http.createServer((req, res) => {
    let body = ""
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on("end", () => {
      calls.push(body)
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  }
}

const rule = (name: string, text: string, result: Record<string, unknown>) => ({
  name,
  condition: [{ field: "entry_title", operator: "contains", value: text }],
  result,
})
const RULES = [
  rule("hide", "spoiler", { block: true }),
  rule("keep", "keeper", { star: true, webhooks: [] as string[] }),
  rule("quiet", "noise", { silence: true }),
]

/** A feed at a path of its own whose items are a spoiler, a keeper, some noise and a plain entry. */
function seededFeed(name: string): string {
  const path = `/${name}-${newId()}.xml`
  const at = Date.UTC(2026, 0, 1)
  const item = (title: string, i: number): RssItem => ({
    guid: `${path}-${i}`,
    title,
    pubDate: new Date(at - i * 1000),
  })
  feeds.set(path, { body: rss(name, ["Big spoiler", "A keeper", "Pure noise", "Plain"].map(item)) })
  return path
}

/** A user whose rules exist before any entry reaches them; the keeper rule also calls the hook receiver. */
async function userWithRules() {
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  const rules = RULES.map((r) => (r.name === "keep" ? { ...r, result: { ...r.result, webhooks: [hooks.url] } } : r))
  expect((await api("PUT", "/actions", { rules })).body).toEqual({ code: 0 })
  return { user, api }
}

type Api = ReturnType<typeof apiAs>
type Item = { entries: { title: string }; read: boolean }

async function timelineOf(api: Api, query: Record<string, unknown> = {}) {
  const items: Item[] = (await api("POST", "/entries", query)).body.data
  return Object.fromEntries(items.map((i) => [i.entries.title, i.read]))
}
async function starredOf(api: Api) {
  const items: Item[] = (await api("POST", "/entries", { isCollection: true })).body.data
  return items.map((i) => i.entries.title).sort()
}

/** What the rules above must have done to the four seeded entries. */
async function expectRulesApplied(api: Api, query: Record<string, unknown> = {}) {
  expect(await timelineOf(api, query)).toEqual({ "A keeper": false, "Pure noise": true, Plain: false })
  expect(await starredOf(api)).toEqual(["A keeper"])
}

describe("rules at subscribe time", () => {
  it("the entries copied into a new subscriber's timeline are blocked, starred and silenced", async () => {
    const path = seededFeed("copy")
    // Someone else subscribes first, so the entries exist before our user arrives.
    const first = apiAs(server.url, await signUp(server.url))
    const feedId = (await first("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
    const { api } = await userWithRules()
    const sub = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
    expect(sub.status).toBe(200)
    expect(sub.body.unread).toEqual({ [feedId]: 2 })

    await expectRulesApplied(api, { feedId })
    expect((await api("GET", "/reads")).body.data[feedId]).toBe(2)
    // The other subscriber, without rules, sees all four.
    expect(Object.keys(await timelineOf(first, { feedId }))).toHaveLength(4)
    // A copy is no news: the webhook is not called for it.
    await server.deps.webhooks.idle()
    expect(hooks.calls.filter((c) => c.includes(path))).toEqual([])
  })

  it("hold for the first subscriber of a feed, whose subscribe fetches it", async () => {
    const path = seededFeed("first")
    const { api } = await userWithRules()
    const feedId = (await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
    await expectRulesApplied(api, { feedId })
  })

  it("hold again on a re-subscribe", async () => {
    const path = seededFeed("again")
    const { api } = await userWithRules()
    const feedId = (await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
    await api("DELETE", "/subscriptions", { feedId })
    expect(await starredOf(api)).toEqual(["A keeper"])
    await api("DELETE", "/collections", { entryId: await entryIdOf(api, "A keeper") })
    expect((await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).status).toBe(200)
    await expectRulesApplied(api, { feedId })
  })
})

async function entryIdOf(api: Api, title: string): Promise<string> {
  const items: { entries: { id: string; title: string } }[] = (await api("POST", "/entries", { isCollection: true }))
    .body.data
  return items.find((i) => i.entries.title === title)!.entries.id
}

/** A list owned by a fresh user holding the feed at `path`, when `withFeed`. */
async function listOf(path: string, withFeed: boolean) {
  const owner = await signUp(server.url)
  const ownerApi = apiAs(server.url, owner)
  const feedId = (await ownerApi("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id as string
  const listId = newId()
  await server.deps.db.insert(lists).values({ id: listId, ownerUserId: owner.id, title: "L", view: 0 })
  if (withFeed) await server.deps.db.insert(listFeeds).values({ listId, feedId })
  return { listId, feedId, ownerApi }
}

describe("rules on entries that come through lists", () => {
  it("apply to the copy made when the user subscribes to a list", async () => {
    const { listId } = await listOf(seededFeed("list"), true)
    const { api } = await userWithRules()
    expect((await api("POST", "/subscriptions", { listId, view: 0 })).status).toBe(200)
    await expectRulesApplied(api, { listId })
  })

  it("apply when a list the user follows gains a feed", async () => {
    const { listId, feedId, ownerApi } = await listOf(seededFeed("grow"), false)
    const { api } = await userWithRules()
    expect((await api("POST", "/subscriptions", { listId, view: 0 })).status).toBe(200)
    expect(await timelineOf(api, { listId })).toEqual({})
    expect((await ownerApi("POST", "/lists/feeds", { listId, feedId })).status).toBe(200)
    await expectRulesApplied(api, { listId })
  })
})

describe("rules on later arrivals", () => {
  it("still apply to entries ingested after the subscribe, and only those call webhooks", async () => {
    const path = seededFeed("later")
    const { api } = await userWithRules()
    const feedId = (await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
    const at = Date.UTC(2026, 0, 2)
    const fresh = ["New spoiler", "Another keeper", "More noise"].map((title, i) => ({
      guid: `${path}-new-${i}`,
      title,
      pubDate: new Date(at - i * 1000),
    }))
    const old = ["Big spoiler", "A keeper", "Pure noise", "Plain"].map((title, i) => ({
      guid: `${path}-${i}`,
      title,
      pubDate: new Date(Date.UTC(2026, 0, 1) - i * 1000),
    }))
    feeds.set(path, { body: rss("later", [...fresh, ...old]) })
    await refreshFeedById(server.deps, feedId)

    expect(await timelineOf(api, { feedId })).toEqual({
      "Another keeper": false,
      "More noise": true,
      "A keeper": false,
      "Pure noise": true,
      Plain: false,
    })
    expect(await starredOf(api)).toEqual(["A keeper", "Another keeper"])
    await server.deps.webhooks.idle()
    const calls = hooks.calls.filter((c) => c.includes(feeds.url(path)))
    expect(calls.map((c) => JSON.parse(c).entry.title)).toEqual(["Another keeper"])
  })
})

describe("rules on inbox deliveries", () => {
  it("block and silence entries pushed into an inbox, and webhooks announce them", async () => {
    const { api } = await userWithRules()
    const handle = `rules-${newId().slice(-8)}`
    expect((await api("POST", "/inboxes", { handle, title: "Mail" })).status).toBe(200)
    const at = Date.UTC(2026, 2, 1)
    for (const [i, title] of ["Big spoiler", "A keeper", "Pure noise", "Plain"].entries())
      await storeInboxEntry(server.deps, handle, {
        guid: `${handle}-${i}`,
        title,
        publishedAt: new Date(at - i * 1000),
      })

    const items: Item[] = (await api("POST", "/entries/inbox", { inboxId: handle })).body.data
    expect(Object.fromEntries(items.map((i) => [i.entries.title, i.read]))).toEqual({
      "A keeper": false,
      "Pure noise": true,
      Plain: false,
    })
    await server.deps.webhooks.idle()
    const calls = hooks.calls.map((c) => JSON.parse(c)).filter((c) => c.feed.id === handle)
    expect(calls.map((c) => c.entry.title)).toEqual(["A keeper"])
  })
})
