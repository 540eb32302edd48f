// One user never sees or changes another's data: every call, with the other user's ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let alice: ReturnType<typeof apiAs>
let bob: ReturnType<typeof apiAs>
let feedId: string
let entryId: string
let starredId: string

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/private.xml", { body: rss("Alice only", items(6, "a")) })
  alice = apiAs(server.url, await signUp(server.url, "Alice"))
  bob = apiAs(server.url, await signUp(server.url, "Bob"))
  const sub = await alice("POST", "/subscriptions", { url: feeds.url("/private.xml"), view: 0, category: "Secret" })
  feedId = sub.body.feed.id
  const list = await alice("POST", "/entries", { feedId })
  entryId = list.body.data[0].entries.id
  starredId = list.body.data[1].entries.id
  await alice("POST", "/collections", { entryId: starredId })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

async function aliceState() {
  const [subs, reads, starred, categories] = await Promise.all([
    alice("GET", "/subscriptions"),
    alice("GET", "/reads"),
    alice("POST", "/entries", { isCollection: true }),
    alice("GET", "/categories"),
  ])
  return { subs: subs.body.data, reads: reads.body.data, starred: starred.body.data, categories: categories.body.data }
}

describe("another user's ids", () => {
  it("are invisible to reads of every kind", async () => {
    expect((await bob("GET", "/subscriptions")).body.data).toEqual([])
    expect((await bob("GET", `/feeds?id=${feedId}`)).body.code).toBe(2001)
    expect((await bob("GET", `/entries?id=${entryId}`)).body.code).toBe(3000)
    expect((await bob("GET", `/entries/${entryId}`)).body.code).toBe(3000)
    expect((await bob("GET", `/entries?id=${starredId}`)).body.code).toBe(3000)
    expect((await bob("POST", "/entries", { feedId })).body.data).toEqual([])
    expect((await bob("POST", "/entries", { feedIdList: [feedId] })).body.data).toEqual([])
    expect((await bob("POST", "/entries", { isCollection: true })).body.data).toEqual([])
    expect((await bob("GET", `/entries?feedId=${feedId}`)).body.data).toEqual([])
    expect((await bob("GET", "/reads")).body.data).toEqual({})
    expect((await bob("GET", "/reads/total-count")).body.data.count).toBe(0)
    expect((await bob("GET", `/collections?entryId=${starredId}`)).body.data).toBe(false)
    expect((await bob("GET", "/categories")).body.data).toEqual([])
  })

  it("cannot be changed by any call, and each attempt is refused with its catalogue code", async () => {
    const before = await aliceState()
    const attempts: [string, string, unknown, number][] = [
      ["POST", "/reads", { entryIds: [entryId] }, 3000],
      ["DELETE", "/reads", { entryId }, 3000],
      ["POST", "/reads/all", { feedId }, 2001],
      ["POST", "/reads/all", { feedIdList: [feedId] }, 2001],
      ["POST", "/collections", { entryId, view: 0 }, 3000],
      ["DELETE", "/collections", { entryId: starredId }, 3000],
      ["PATCH", "/subscriptions", { feedId, view: 3, category: "Mine", title: "x" }, 2001],
      ["DELETE", "/subscriptions", { feedId }, 2001],
      ["DELETE", "/subscriptions", { feedIdList: [feedId] }, 2001],
      ["DELETE", "/subscriptions", { url: feeds.url("/private.xml") }, 2001],
      ["PATCH", "/categories", { feedIdList: [feedId], category: "Stolen" }, 2001],
      ["DELETE", "/categories", { feedIdList: [feedId], deleteSubscriptions: true }, 2001],
    ]
    for (const [method, path, body, code] of attempts) {
      const res = await bob(method, path, body)
      expect({ method, path, code: res.body.code }).toEqual({ method, path, code })
    }
    // Bob's own mark-all-read across every view leaves Alice's rows alone.
    expect((await bob("POST", "/reads/all", {})).body.data.read).toEqual({})
    expect(await aliceState()).toEqual(before)
    expect(before.reads).toEqual({ [feedId]: 6 })
    expect(before.starred).toHaveLength(1)
  })

  it("following the same feed gives each user their own read state and stars", async () => {
    await bob("POST", "/subscriptions", { url: feeds.url("/private.xml"), view: 0 })
    const bobs = await bob("POST", "/entries", { feedId })
    expect(bobs.body.data).toHaveLength(6)
    expect(bobs.body.data.every((i: { read: boolean }) => i.read === false)).toBe(true)
    expect(bobs.body.data.some((i: object) => "collections" in i)).toBe(false)
    await bob("POST", "/reads/all", { feedId })
    expect((await alice("GET", "/reads")).body.data).toEqual({ [feedId]: 6 })
    await bob("DELETE", "/subscriptions", { feedId })
    expect((await alice("POST", "/entries", { feedId })).body.data).toHaveLength(6)
  })
})
