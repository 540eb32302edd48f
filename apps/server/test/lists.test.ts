import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs as sdkAsUser, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let owner: TestUser
let ownerApi: ReturnType<typeof apiAs>
const feedIds: Record<string, string> = {}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer({ TRIAL_MAX_LIST_SUBSCRIPTIONS: "2" }), startFeedServer()])
  owner = await signUp(server.url, "Owner")
  ownerApi = apiAs(server.url, owner)
  for (const name of ["alpha", "beta", "gamma"]) {
    feeds.set(`/${name}.xml`, { body: rss(name, items(4, name)) })
    feedIds[name] = (await ownerApi("POST", "/subscriptions", { url: feeds.url(`/${name}.xml`), view: 0 })).body.feed.id
  }
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

function sdk(user: TestUser) {
  return sdkAsUser(server.url, user)
}

async function newList(title = "Reading list") {
  const created = await sdk(owner).lists.create({ title, view: 0, fee: 0, description: "Good feeds" })
  return created.data.id
}

describe("lists", () => {
  it("creates, edits, lists and shows a list through the SDK", async () => {
    const api = sdk(owner)
    const listId = await newList("Tech picks")
    const added = await api.lists.addFeeds({ listId, feedIds: [feedIds.alpha!, feedIds.beta!] })
    expect(added.data.map((f) => f.id).sort()).toEqual([feedIds.alpha, feedIds.beta].sort())
    await api.lists.update({ listId, title: "Tech picks, renamed" })
    const shown = await api.lists.get({ listId })
    expect(shown.data.list).toMatchObject({
      id: listId,
      title: "Tech picks, renamed",
      ownerUserId: owner.id,
      view: 0,
      fee: 0,
    })
    expect(shown.data.list.feeds.map((f) => f.id).sort()).toEqual([feedIds.alpha, feedIds.beta].sort())
    expect(shown.data.feedCount).toBe(2)
    expect(shown.data.entries.length).toBeGreaterThan(0)
    const mine = await api.lists.list({})
    expect(mine.data.find((l) => l.id === listId)?.feedIds).toHaveLength(2)
    expect((await ownerApi("GET", `/lists/${listId}/analytics`)).body.data).toEqual({ listId, subscriptionCount: 0 })
  })

  it("following a list brings its feeds' entries, with `from` naming the list, and its own unread count", async () => {
    const listId = await newList()
    await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds.alpha })
    const reader = apiAs(server.url, await signUp(server.url))
    const sub = await reader("POST", "/subscriptions", { listId, view: 1 })
    expect(sub.body).toMatchObject({ code: 0, feed: null, list: { id: listId }, unread: { [listId]: 4 } })
    const page = await reader("POST", "/entries", { listId })
    expect(page.body.data).toHaveLength(4)
    expect(page.body.data[0]).toMatchObject({ from: [listId], view: 1 })
    expect((await reader("GET", "/reads")).body.data).toEqual({ [listId]: 4 })
    const subs = await reader("GET", "/subscriptions")
    expect(subs.body.data[0]).toMatchObject({ listId, lists: { id: listId, feedIds: [feedIds.alpha] } })

    // A feed added to the list reaches every subscriber; one removed leaves their timelines.
    await ownerApi("POST", "/lists/feeds", { listId, feedIds: [feedIds.gamma] })
    expect((await reader("GET", "/reads")).body.data).toEqual({ [listId]: 8 })
    await ownerApi("DELETE", `/lists/${listId}/feeds/${feedIds.alpha}`)
    expect((await reader("POST", "/entries", { listId })).body.data).toHaveLength(4)
    const marked = await reader("POST", "/reads/all", { listId })
    expect(Object.values(marked.body.data.read)).toEqual([4])
    expect((await reader("GET", "/reads")).body.data).toEqual({ [listId]: 0 })
    await reader("DELETE", "/subscriptions", { listId })
    expect((await reader("POST", "/entries", {})).body.data).toEqual([])
  })

  it("an entry reached both directly and through a list is one row with both sources", async () => {
    const listId = await newList()
    await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds.beta })
    const reader = apiAs(server.url, await signUp(server.url))
    await reader("POST", "/subscriptions", { url: feeds.url("/beta.xml"), view: 0 })
    await reader("POST", "/subscriptions", { listId, view: 0 })
    const page = await reader("POST", "/entries", { view: 0 })
    expect(page.body.data).toHaveLength(4)
    expect(page.body.data[0].from.sort()).toEqual(["feed", listId].sort())
    // Unsubscribing from the feed keeps what the list brings.
    await reader("DELETE", "/subscriptions", { feedId: feedIds.beta })
    const after = await reader("POST", "/entries", { view: 0 })
    expect(after.body.data.map((i: { from: string[] }) => i.from)).toEqual(Array(4).fill([listId]))
  })

  it("new entries of a listed feed fan out to list subscribers at ingest", async () => {
    const listId = await newList()
    feeds.set("/delta.xml", { body: rss("delta", items(1, "delta")) })
    const delta = (await ownerApi("GET", `/feeds?url=${encodeURIComponent(feeds.url("/delta.xml"))}`)).body.data.feed.id
    await ownerApi("POST", "/subscriptions", { url: feeds.url("/delta.xml"), view: 0 })
    await ownerApi("POST", "/lists/feeds", { listId, feedId: delta })
    const reader = apiAs(server.url, await signUp(server.url))
    await reader("POST", "/subscriptions", { listId })
    feeds.set("/delta.xml", {
      body: rss("delta", [{ guid: "fresh", title: "Fresh delta", pubDate: new Date() }, ...items(1, "delta")]),
    })
    await ownerApi("POST", "/feeds/refresh", { id: delta }).then(async (r) => {
      // Only admins may refresh; on a shared database the owner may not be the first user, so fall back to the job.
      if (r.body.code !== 0) await server.jobs.queue.add([delta]).then(() => server.jobs.queue.idle())
    })
    const page = await reader("POST", "/entries", { listId })
    expect(page.body.data[0]).toMatchObject({ entries: { title: "Fresh delta" }, from: [listId] })
  })

  it("only the owner changes a list; refusals change nothing", async () => {
    const listId = await newList()
    await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds.alpha })
    const stranger = apiAs(server.url, await signUp(server.url, "Stranger"))
    const attempts: [string, string, unknown][] = [
      ["PATCH", "/lists", { listId, title: "Mine now" }],
      ["DELETE", "/lists", { listId }],
      ["POST", "/lists/feeds", { listId, feedId: feedIds.beta }],
      ["DELETE", "/lists/feeds", { listId, feedId: feedIds.alpha }],
      ["DELETE", `/lists/${listId}/feeds/${feedIds.alpha}`, undefined],
    ]
    for (const [method, path, body] of attempts) {
      const res = await stranger(method, path, body)
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 8001 })
    }
    const list = (await stranger("GET", `/lists?listId=${listId}`)).body.data.list
    expect(list).toMatchObject({ title: "Reading list", feedIds: [feedIds.alpha] })
    // A stranger's own lists never include the owner's.
    expect((await stranger("GET", "/lists/list")).body.data).toEqual([])
  })

  it("answers the spec's codes: 8000 unknown, 8003 already added, 8004 delete while followed, 1101 limit", async () => {
    const listId = await newList()
    await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds.alpha })
    expect((await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds.alpha })).body.code).toBe(8003)
    expect((await ownerApi("GET", "/lists?listId=1234567890123456789")).body.code).toBe(8000)
    expect((await ownerApi("POST", "/subscriptions", { listId: "1234567890123456789" })).body.code).toBe(8000)
    expect((await ownerApi("POST", "/lists/feeds", { listId, feedId: "1234567890123456789" })).body.code).toBe(2001)
    expect((await ownerApi("POST", "/lists", { view: 0, fee: 0 })).body.code).toBe(4)
    const reader = apiAs(server.url, await signUp(server.url))
    await reader("POST", "/subscriptions", { listId })
    expect((await ownerApi("DELETE", "/lists", { listId })).body.code).toBe(8004)
    const extra = [await newList("two"), await newList("three")]
    await reader("POST", "/subscriptions", { listId: extra[0] })
    const over = await reader("POST", "/subscriptions", { listId: extra[1] })
    expect([over.status, over.body.code]).toEqual([400, 1101])
    await reader("DELETE", "/subscriptions", { listId })
    expect((await ownerApi("DELETE", "/lists", { listId })).body).toEqual({ code: 0 })
  })

  it("exports a list as OPML, imports OPML into a list, and finds lists by words", async () => {
    const listId = await newList("Zeppelin watchers")
    await ownerApi("POST", "/lists/feeds", { listId, feedIds: [feedIds.alpha, feedIds.beta] })
    const exported = await fetch(`${server.url}/lists/${listId}/export`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const opml = await exported.text()
    expect(exported.headers.get("content-type")).toContain("opml")
    expect(opml).toContain(feeds.url("/alpha.xml"))
    const target = await newList("Imported")
    const form = new FormData()
    form.set("file", new Blob([opml], { type: "text/x-opml" }), "list.opml")
    form.set("listId", target)
    const imported = await fetch(`${server.url}/lists/import`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const importedBody = (await imported.json()) as { data: unknown[] }
    expect(importedBody, JSON.stringify(importedBody)).toHaveProperty("data")
    expect(importedBody.data).toHaveLength(2)
    expect((await ownerApi("GET", `/lists?listId=${target}`)).body.data.list.feedIds.sort()).toEqual(
      [feedIds.alpha, feedIds.beta].sort(),
    )
    const found = await ownerApi("GET", "/lists/discover?keyword=zeppelin")
    expect(found.body.data.map((l: { id: string }) => l.id)).toEqual([listId])
    // Trending: the most followed first.
    const popular = await newList("Popular zeppelins")
    for (let i = 0; i < 3; i++)
      await apiAs(server.url, await signUp(server.url))("POST", "/subscriptions", { listId: popular })
    const ranked = (await ownerApi("GET", "/lists/discover?keyword=zeppelin")).body.data.map(
      (l: { id: string }) => l.id,
    )
    expect(ranked).toEqual([popular, listId])
    const trending = (await ownerApi("GET", "/lists/trending")).body.data as { id: string; subscriptionCount: number }[]
    const counts = trending.map((l) => l.subscriptionCount)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })
})
