// GET /subscriptions is built as JSON by the database in one statement (storage/wire-json.ts); every other answer
// with subscriptions, lists and inboxes is built in Node (services/wire.ts). The two must agree field for field.
import { and, asc, eq, isNotNull } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toFeedSubscription, toInbox, toList, toSubscription } from "../src/services/wire.ts"
import { feedIdsOfLists } from "../src/storage/lists.ts"
import { inboxes, lists, subscriptions } from "../src/storage/schema.ts"
import { listFeedSubscriptions } from "../src/storage/subscriptions.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  for (const name of ["alpha", "beta", "gamma"]) feeds.set(`/${name}.xml`, { body: rss(name, items(3, name)) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

/** What the Node mapping makes of the same rows, in the answer's order: feeds, lists, inboxes, each oldest first. */
async function expectedFor(user: TestUser, othersOnly: boolean, view?: number) {
  const db = server.deps.db
  const inView = (row: { view: number; isPrivate: boolean }) =>
    (view === undefined || row.view === view) && !(othersOnly && row.isPrivate)
  const feedRows = (await listFeedSubscriptions(db, user.id)).filter((r) => inView(r.subscription))
  const listRows = (
    await db
      .select({ subscription: subscriptions, list: lists })
      .from(subscriptions)
      .innerJoin(lists, eq(lists.id, subscriptions.listId))
      .where(and(eq(subscriptions.userId, user.id), isNotNull(subscriptions.listId)))
      .orderBy(asc(subscriptions.createdAt))
  ).filter((r) => inView(r.subscription))
  const inboxRows = othersOnly
    ? []
    : (
        await db
          .select({ subscription: subscriptions, inbox: inboxes })
          .from(subscriptions)
          .innerJoin(inboxes, eq(inboxes.handle, subscriptions.inboxId))
          .where(eq(subscriptions.userId, user.id))
          .orderBy(asc(subscriptions.createdAt))
      ).filter((r) => inView(r.subscription))
  const listFeedIds = await feedIdsOfLists(
    db,
    listRows.map((r) => r.list.id),
  )
  const expected = [
    ...feedRows.map((r) => toFeedSubscription(r.subscription, r.feed)),
    ...listRows.map((r) => ({
      ...toSubscription(r.subscription),
      lists: toList(r.list, listFeedIds.get(r.list.id) ?? []),
    })),
    ...inboxRows.map((r) => ({ ...toSubscription(r.subscription), inboxes: toInbox(r.inbox) })),
  ]
  return JSON.parse(JSON.stringify(expected))
}

describe("GET /subscriptions built by the database", () => {
  it("equals, item for item, the Node mapping: own view, one view, and another user's public view", async () => {
    const owner = await signUp(server.url, "Owner")
    const reader = await signUp(server.url, "Reader")
    const ownerApi = apiAs(server.url, owner)
    const readerApi = apiAs(server.url, reader)
    const feedIds: string[] = []
    for (const [name, body] of [
      ["alpha", { view: 0, category: "News", title: "Alpha, renamed" }],
      ["beta", { view: 1, isPrivate: true }],
      ["gamma", { view: 0 }],
    ] as const) {
      const res = await ownerApi("POST", "/subscriptions", { url: feeds.url(`/${name}.xml`), ...body })
      expect(res.status).toBe(200)
      feedIds.push(res.body.feed.id)
    }
    const list = await ownerApi("POST", "/lists", { title: "Picks", view: 0, fee: 0, description: "Good feeds" })
    const listId = list.body.data.id as string
    await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds[2] })
    await ownerApi("POST", "/lists/feeds", { listId, feedId: feedIds[0] })
    expect((await readerApi("POST", "/subscriptions", { listId, view: 0, category: "Lists" })).status).toBe(200)
    expect((await readerApi("POST", "/subscriptions", { url: feeds.url("/beta.xml"), view: 1 })).status).toBe(200)
    expect((await readerApi("POST", "/inboxes", { handle: `mail${Date.now()}`, title: "Mail" })).status).toBe(200)

    const cases: [TestUser, string, boolean, number | undefined][] = [
      [owner, "", false, undefined],
      [owner, "?view=0", false, 0],
      [reader, "", false, undefined],
      [reader, "?view=0", false, 0],
      [owner, `?userId=${owner.id}`, true, undefined],
    ]
    for (const [user, query, othersOnly, view] of cases) {
      const asker = query.includes("userId") ? readerApi : apiAs(server.url, user)
      const got = (await asker("GET", `/subscriptions${query}`)).body.data
      const expected = await expectedFor(user, othersOnly, view)
      expect(got, `${user.id} ${query}`).toEqual(expected)
      expect(got.length, `${user.id} ${query}`).toBeGreaterThan(0)
    }
    // The shapes are those of every kind: a feed with its feed, a list with its feeds in the order added, an inbox.
    const readerAll = (await readerApi("GET", "/subscriptions")).body.data
    expect(readerAll.map((s: { type: string }) => s.type)).toEqual(["feed", "list", "inbox"])
    expect(readerAll[1].lists.feedIds).toEqual([feedIds[2], feedIds[0]])
    // Another user never sees a private subscription nor an inbox.
    const seen = (await readerApi("GET", `/subscriptions?userId=${owner.id}`)).body.data
    expect(seen.map((s: { feedId: string }) => s.feedId).sort()).toEqual([feedIds[0], feedIds[2]].sort())
  })
})
