// Data export v2 and import (GET / POST /data/g): a round trip between two fresh servers is exact, an import
// touches no other user, and a bad or oversized document changes nothing.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId } from "../src/ids.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import { storeInboxEntry } from "../src/services/inboxes.ts"
import { listFeeds, lists } from "../src/storage/schema.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let source: TestServer
let target: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[source, target, feeds] = await Promise.all([
    startTestServer({}, { freshDatabase: true }),
    startTestServer({ DATA_IMPORT_MAX_BYTES: String(256 * 1024) }, { freshDatabase: true }),
    startFeedServer(),
  ])
})
afterAll(async () => {
  await source?.close()
  await target?.close()
  await feeds?.close()
})

type Api = ReturnType<typeof apiAs>
type Doc = Record<string, unknown> & { subscriptions: Record<string, unknown>[] }

function newFeed(name: string, count = 4) {
  const path = `/${name}-${randomUUID()}.xml`
  feeds.set(path, { body: rss(`Feed ${name}`, items(count, path.slice(1, 12))) })
  return feeds.url(path)
}

async function exportOf(api: Api): Promise<Doc> {
  const res = await api("GET", "/data/g")
  expect(res.status).toBe(200)
  expect(res.body.code).toBe(0)
  return res.body.data
}

async function entryIds(api: Api, feedId: string): Promise<Record<string, string>> {
  const list: { entries: { id: string; title: string } }[] = (await api("POST", "/entries", { feedId })).body.data
  return Object.fromEntries(list.map((i) => [i.entries.title, i.entries.id]))
}

/** A user on the source server with something of every kind. */
async function richAccount() {
  const user = await signUp(source.url, "Mover")
  const api = apiAs(source.url, user)
  const [tech, news] = [newFeed("tech"), newFeed("news", 3)]
  const rules = [
    {
      name: "hide 3",
      condition: [{ field: "entry_title", operator: "contains", value: " 3" }],
      result: { block: true },
    },
  ]
  expect((await api("PUT", "/actions", { rules })).body).toEqual({ code: 0 })
  const techId = (await api("POST", "/subscriptions", { url: tech, view: 0, category: "Tech", title: "Mine" })).body
    .feed.id
  const newsId = (await api("POST", "/subscriptions", { url: news, view: 1, isPrivate: true })).body.feed.id
  await api("PATCH", "/subscriptions", { feedId: newsId, hideFromTimeline: true })
  const techEntries = Object.values(await entryIds(api, techId))
  const newsEntries = Object.values(await entryIds(api, newsId))
  expect(techEntries).toHaveLength(3)
  await api("POST", "/reads", { entryIds: [techEntries[0], newsEntries[1]] })
  await api("POST", "/collections", { entryId: techEntries[1], view: 0 })
  await api("POST", "/collections", { entryId: newsEntries[0], view: 1 })
  await api("PATCH", "/settings/general", { unreadOnly: false, language: "ja" })
  const listId = newId()
  await source.deps.db.insert(lists).values({ id: listId, ownerUserId: user.id, title: "Reading list", view: 0 })
  await source.deps.db.insert(listFeeds).values({ listId, feedId: newsId })
  expect((await api("POST", "/subscriptions", { listId, view: 0, category: "Lists" })).status).toBe(200)
  const handle = `box-${randomUUID().slice(0, 8)}`
  expect((await api("POST", "/inboxes", { handle, title: "Mail" })).status).toBe(200)
  for (const [i, read] of [false, true].entries())
    await storeInboxEntry(source.deps, handle, {
      guid: `mail-${i}`,
      title: `Letter ${i}`,
      content: `<p>Hello ${i}</p>`,
      publishedAt: new Date(Date.UTC(2026, 1, i + 1)),
      read,
    })
  return { api, handle, token: user.token }
}

/** The parts of an export that mean the same on any server: ids, which each server draws itself, left out. */
function portable(doc: Doc) {
  const drop = (o: Record<string, unknown>, ...keys: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)))
  const rows = (key: string) => doc[key] as Record<string, unknown>[]
  const byText = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b))
  return {
    version: doc.version,
    subscriptions: doc.subscriptions.map((s) => drop(s, "feedId", "listId")).sort(byText),
    lists: rows("lists").map((l) => ({
      ...drop(l, "id"),
      feeds: (l.feeds as Record<string, unknown>[]).map((f) => drop(f, "feedId")),
    })),
    inboxes: doc.inboxes,
    settings: doc.settings,
    actions: doc.actions ? drop(doc.actions as Record<string, unknown>, "updatedAt") : null,
    collections: rows("collections").map((c) => drop(c, "entryId", "feedId")),
    reads: [...rows("reads")].sort(byText),
    inboxEntries: [...rows("inboxEntries")].sort(byText),
  }
}

describe("data export v2", () => {
  it("streams everything the user owns, read state and inbox entries included", async () => {
    const { api, handle, token } = await richAccount()
    // Streamed: sent in chunks as pages are read, so no length is known up front.
    const raw = await fetch(`${source.url}/data/g`, { headers: { authorization: `Bearer ${token}` } })
    expect([raw.headers.get("content-length"), raw.headers.get("transfer-encoding")]).toEqual([null, "chunked"])
    await raw.body?.cancel()
    const doc = await exportOf(api)
    expect(doc.version).toBe(2)
    expect(doc.reads).toHaveLength(2)
    expect(doc.collections).toHaveLength(2)
    expect(doc.inboxEntries).toEqual([
      expect.objectContaining({ inboxHandle: handle, guid: "mail-0", read: false }),
      expect.objectContaining({ inboxHandle: handle, guid: "mail-1", read: true }),
    ])
  })
})

describe("data import", () => {
  it("a round trip between two fresh servers is exact once the new server has fetched the feeds", async () => {
    const { api } = await richAccount()
    const before = await exportOf(api)

    const mover = apiAs(target.url, await signUp(target.url, "Mover"))
    const imported = await mover("POST", "/data/g", before)
    expect(imported.status).toBe(200)
    expect(imported.body.data).toMatchObject({ feeds: 2, lists: 1, inboxes: 1, pendingMarks: 4 })
    for (const s of (await exportOf(mover)).subscriptions)
      if (s.type === "feed") await refreshFeedById(target.deps, s.feedId as string)

    const after = await exportOf(mover)
    expect(portable(after)).toEqual(portable(before))
    // The rule held on the way in: the blocked entry is in neither timeline.
    const techId = after.subscriptions.find((s) => s.category === "Tech")?.feedId as string
    expect(Object.keys(await entryIds(mover, techId)).sort()).toEqual(
      Object.keys(
        await entryIds(api, before.subscriptions.find((s) => s.category === "Tech")?.feedId as string),
      ).sort(),
    )
  })

  it("never touches another user, and an inbox handle someone else holds refuses the whole import", async () => {
    const { api, handle } = await richAccount()
    const doc = await exportOf(api)
    // On the target, Carol reads the same feed and holds the inbox handle.
    const carol = apiAs(target.url, await signUp(target.url, "Carol"))
    const url = doc.subscriptions.find((s) => s.category === "Tech")?.url as string
    const feedId = (await carol("POST", "/subscriptions", { url, view: 0 })).body.feed.id
    await carol("POST", "/reads", { entryIds: [Object.values(await entryIds(carol, feedId))[2]] })
    await carol("PATCH", "/settings/general", { language: "en" })
    expect((await carol("POST", "/inboxes", { handle, title: "Carol's" })).status).toBe(200)
    const carolBefore = await exportOf(carol)

    const mover = apiAs(target.url, await signUp(target.url, "Mover"))
    const refused = await mover("POST", "/data/g", doc)
    expect([refused.status, refused.body.code]).toEqual([400, 10001])
    expect((await exportOf(mover)).subscriptions).toEqual([])

    const noInbox = {
      ...doc,
      inboxes: [],
      inboxEntries: [],
      subscriptions: doc.subscriptions.filter((s) => s.type !== "inbox"),
    }
    expect((await mover("POST", "/data/g", noInbox)).status).toBe(200)
    for (const s of (await exportOf(mover)).subscriptions)
      if (s.type === "feed") await refreshFeedById(target.deps, s.feedId as string)
    const carolAfter = await exportOf(carol)
    expect(carolAfter).toEqual({ ...carolBefore, exportedAt: carolAfter.exportedAt })
    // Mover's marks: one on an entry Carol's feed already had here (applied as it was copied in), one on a feed
    // fetched after the import (applied as it arrived).
    expect((await exportOf(mover)).reads).toHaveLength(2)
  })

  it("restores a star on an entry of a feed the user no longer follows, when the new server has the entry", async () => {
    const url = newFeed("left")
    const alice = apiAs(source.url, await signUp(source.url))
    const feedId = (await alice("POST", "/subscriptions", { url, view: 0 })).body.feed.id
    const starredId = Object.values(await entryIds(alice, feedId))[1]
    await alice("POST", "/collections", { entryId: starredId, view: 0 })
    await alice("DELETE", "/subscriptions", { feedId })
    const doc = await exportOf(alice)
    expect([doc.subscriptions, (doc.collections as unknown[]).length]).toEqual([[], 1])

    // Someone on the target follows the feed, so its entries exist there.
    await apiAs(target.url, await signUp(target.url))("POST", "/subscriptions", { url, view: 0 })
    const mover = apiAs(target.url, await signUp(target.url))
    expect((await mover("POST", "/data/g", doc)).status).toBe(200)
    expect(portable(await exportOf(mover)).collections).toEqual(portable(doc).collections)
  })

  it("refuses a bad document with the issues and changes nothing", async () => {
    const mover = apiAs(target.url, await signUp(target.url))
    const good = {
      version: 2,
      subscriptions: [{ type: "feed", url: newFeed("bad"), view: 0 }],
      settings: { general: { unreadOnly: true } },
    }
    for (const bad of [
      { ...good, version: 3 },
      { ...good, reads: [{ feedUrl: "https://example.com/f.xml" }] },
      {
        ...good,
        actions: { rules: [{ name: "x", condition: [{ field: "nope", operator: "eq", value: "" }], result: {} }] },
      },
      { ...good, inboxEntries: [{ inboxHandle: "nobody-here", guid: "g", publishedAt: "2026-01-01T00:00:00Z" }] },
    ]) {
      const res = await mover("POST", "/data/g", bad)
      expect(res.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400)
      expect(res.body.code).not.toBe(0)
    }
    const after = await exportOf(mover)
    expect([after.subscriptions, after.settings, after.actions]).toEqual([[], {}, null])
    expect((await mover("POST", "/data/g", good)).status).toBe(200)
  })

  it("refuses a document over DATA_IMPORT_MAX_BYTES with 14001 (413), unread", async () => {
    const mover = apiAs(target.url, await signUp(target.url))
    const reads = Array.from({ length: 4000 }, (_, i) => ({
      feedUrl: "https://example.com/feed.xml",
      guid: `guid-${i}-${"x".repeat(40)}`,
    }))
    const res = await mover("POST", "/data/g", { version: 2, reads })
    expect([res.status, res.body.code]).toEqual([413, 14001])
    expect((await exportOf(mover)).reads).toEqual([])
  })

  it("a body without a version is still the analytics sink: 204, nothing stored", async () => {
    const mover = apiAs(target.url, await signUp(target.url))
    const res = await mover("POST", "/data/g", { client_id: "c", events: [] })
    expect(res.status).toBe(204)
  })
})
