// Trending over 1 / 7 / 30 days: entries by their readers (GET /trending/entries), lists by new followers
// (GET /lists/trending, /lists/discover) and people by followers of what they own (GET /trending/users). A read or a
// follow ten days old counts for 30 days, not for 7; private follows, unsubscriptions and mark-all-read never count.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let alice: TestUser
let bob: TestUser
let carol: TestUser
let dave: TestUser
let erin: TestUser
let entryIds: string[]
let oldList: string
let freshList: string

const api = (user: TestUser | undefined) => apiAs(server.url, user)

async function get(user: TestUser, path: string) {
  const res = await api(user)("GET", path)
  expect({ path, status: res.status }).toEqual({ path, status: 200 })
  return res.body.data
}

/** Moves a user's reads of an entry, or their follows of a list, `days` into the past. */
async function age(table: "entry_reads" | "subscriptions", userId: string, column: string, id: string, days: number) {
  const stamp = table === "entry_reads" ? sql.raw("read_at") : sql.raw("created_at")
  await server.database.db.execute(
    sql`update ${sql.identifier(table)} set ${stamp} = now() - make_interval(days => ${days})
      where user_id = ${userId} and ${sql.identifier(column)} = ${id}`,
  )
}

const entryTitles = (data: { entries: { title: string }; readCount: number }[]) =>
  data.map((d) => [d.entries.title, d.readCount])

beforeAll(async () => {
  // Its own database: the answers are compared whole.
  ;[server, feeds] = await Promise.all([startTestServer({}, { freshDatabase: true }), startFeedServer()])
  feeds.set("/tech.xml", { body: rss("Tech", items(3, "tech")) })
  // Alice signs up first (the admin); she owns the lists.
  alice = await signUp(server.url, "Alice")
  ;[bob, carol, dave, erin] = await Promise.all(["Bob", "Carol", "Dave", "Erin"].map((n) => signUp(server.url, n)))
  const url = feeds.url("/tech.xml")
  for (const [user, isPrivate] of [
    [bob, false],
    [carol, false],
    [dave, true],
    [erin, false],
  ] as const)
    expect((await api(user)("POST", "/subscriptions", { url, view: 0, isPrivate })).status).toBe(200)
  const feedId = (await api(bob)("GET", "/subscriptions")).body.data[0].feedId as string
  const page = await api(bob)("POST", "/entries", { feedId })
  entryIds = (page.body.data as { entries: { id: string; title: string } }[])
    .sort((a, b) => a.entries.title.localeCompare(b.entries.title))
    .map((e) => e.entries.id)
  const read = (user: TestUser, ids: string[]) => api(user)("POST", "/reads", { entryIds: ids })
  await read(bob, [entryIds[0]!, entryIds[1]!])
  await read(carol, [entryIds[0]!])
  // Carol then marks the rest read at once: marking a timeline read is not reading it, so it counts for nothing.
  expect((await api(carol)("POST", "/reads/all", {})).status).toBe(200)
  expect(Object.values((await api(carol)("GET", "/reads")).body.data)).toEqual([0])
  // Dave follows privately: his read never counts.
  await read(dave, [entryIds[2]!])
  // Erin leaves without reading: her unread rows go with the subscription, which is no read.
  await api(erin)("DELETE", "/subscriptions", { feedId })
  // Bob read the second entry ten days ago.
  await age("entry_reads", bob.id, "entry_id", entryIds[1]!, 10)

  oldList = (await api(alice)("POST", "/lists", { title: "Old favourites", view: 0, fee: 0 })).body.data.id
  freshList = (await api(alice)("POST", "/lists", { title: "Fresh picks", view: 0, fee: 0 })).body.data.id
  for (const user of [bob, carol]) await api(user)("POST", "/subscriptions", { listId: oldList, view: 0 })
  await api(dave)("POST", "/subscriptions", { listId: freshList, view: 0 })
  for (const user of [bob, carol]) await age("subscriptions", user.id, "list_id", oldList, 10)
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("trending entries", () => {
  it("counts a read ten days old for 30 days, not for 7 or 1", async () => {
    expect(entryTitles(await get(alice, "/trending/entries?range=30d"))).toEqual([
      ["tech 0", 2],
      ["tech 1", 1],
    ])
    expect(entryTitles(await get(alice, "/trending/entries?range=7d"))).toEqual([["tech 0", 2]])
    expect(entryTitles(await get(alice, "/trending/entries?range=1d"))).toEqual([["tech 0", 2]])
    // All time without a range; still without Dave's private read and Erin's departure.
    expect(entryTitles(await get(alice, "/trending/entries"))).toEqual([
      ["tech 0", 2],
      ["tech 1", 1],
    ])
  })

  it("feeds: among equal followers, the more read first; the same window for both", async () => {
    const data = await get(alice, "/trending/feeds?range=30d")
    expect(data.map((d: { feed: { title: string }; readCount: number }) => [d.feed.title, d.readCount])).toEqual([
      ["Tech", 3],
    ])
    expect((await get(alice, "/trending/feeds?range=7d"))[0].readCount).toBe(2)
  })

  it("says how many, never who", async () => {
    const text = JSON.stringify(await get(alice, "/trending/entries?range=30d"))
    for (const user of [bob, carol, dave]) {
      expect(text).not.toContain(user.id)
      expect(text).not.toContain(user.email)
    }
  })
})

describe("trending lists", () => {
  it("ranks by follows within the window, then by all followers", async () => {
    const titles = (data: { title: string; recentSubscriptionCount: number; subscriptionCount: number }[]) =>
      data.map((l) => [l.title, l.recentSubscriptionCount, l.subscriptionCount])
    expect(titles(await get(bob, "/lists/trending?range=7d"))).toEqual([
      ["Fresh picks", 1, 1],
      ["Old favourites", 0, 2],
    ])
    expect(titles(await get(bob, "/lists/trending?range=30d"))).toEqual([
      ["Old favourites", 2, 2],
      ["Fresh picks", 1, 1],
    ])
    expect(titles(await get(bob, "/lists/trending"))).toEqual([
      ["Old favourites", 2, 2],
      ["Fresh picks", 1, 1],
    ])
    expect(titles(await get(bob, "/lists/discover?keyword=favourites&range=7d"))).toEqual([["Old favourites", 0, 2]])
  })
})

describe("trending users", () => {
  it("ranks the owners of what gained followers within the window, with public fields only", async () => {
    const month = await get(bob, "/trending/users?range=30d")
    expect(
      month.map((u: { user: { name: string }; subscriptionCount: number }) => [u.user.name, u.subscriptionCount]),
    ).toEqual([["Alice", 3]])
    expect(Object.keys(month[0].user).sort()).toEqual(["handle", "id", "image", "name"])
    expect(JSON.stringify(month)).not.toContain(alice.email)
    expect((await get(bob, "/trending/users?range=7d"))[0].subscriptionCount).toBe(1)
  })
})

describe("bad input", () => {
  it("answers 400 and nobody without a session", async () => {
    for (const path of [
      "/trending/entries?range=2w",
      "/trending/entries?view=9",
      "/trending/users?limit=0",
      "/lists/trending?range=9d",
      "/lists/discover?range=week",
    ]) {
      const res = await api(alice)("GET", path)
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 400, code: 4 })
    }
    expect((await api(undefined)("GET", "/trending/entries")).status).toBe(401)
  })
})
