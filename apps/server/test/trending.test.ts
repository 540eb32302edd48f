// Recommendations (GET /trending/feeds): what other people here follow publicly. Private subscriptions and the
// viewer's own follows never count, and nothing but a number says who follows.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let alice: TestUser
let bob: TestUser
let carol: TestUser

interface Item {
  feedId: string
  view: number
  feed: { url: string; title: string }
  analytics: { subscriptionCount: number }
}

const follow = (user: TestUser, path: string, view = 0, isPrivate = false) =>
  apiAs(server.url, user)("POST", "/subscriptions", { url: feeds.url(path), view, isPrivate })

async function trending(user: TestUser, query = ""): Promise<Item[]> {
  const res = await apiAs(server.url, user)("GET", `/trending/feeds${query}`)
  expect(res.status).toBe(200)
  return res.body.data
}
const titles = (list: Item[]) => list.map((item) => [item.feed.title, item.analytics.subscriptionCount])

beforeAll(async () => {
  // Its own database: the answers are compared whole, so no other test's feeds may be in them.
  ;[server, feeds] = await Promise.all([startTestServer({}, { freshDatabase: true }), startFeedServer()])
  for (const name of ["popular", "secret", "shared", "alices", "pictures"])
    feeds.set(`/${name}.xml`, { body: rss(`Feed ${name}`, items(2, name)) })
  ;[alice, bob, carol] = await Promise.all([
    signUp(server.url, "Alice"),
    signUp(server.url, "Bob"),
    signUp(server.url, "Carol"),
  ])
  await follow(bob, "/popular.xml")
  await follow(carol, "/popular.xml")
  await follow(bob, "/secret.xml", 0, true)
  await follow(carol, "/secret.xml", 0, true)
  await follow(bob, "/shared.xml")
  await follow(alice, "/shared.xml", 0, true)
  await follow(alice, "/alices.xml")
  await follow(carol, "/pictures.xml", 2)
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("trending feeds", () => {
  it("recommends other people's public follows, most followed first, without the viewer's own or private ones", async () => {
    // secret: followed by two, privately. shared and alices: Alice follows them already.
    expect(titles(await trending(alice))).toEqual([
      ["Feed popular", 2],
      ["Feed pictures", 1],
    ])
    // Bob's own follows are left out; Alice's public one counts, her private one does not.
    expect(titles(await trending(bob))).toEqual([
      ["Feed alices", 1],
      ["Feed pictures", 1],
    ])
  })

  it("says how many, never who", async () => {
    const text = JSON.stringify(await trending(alice))
    for (const user of [bob, carol]) {
      expect(text).not.toContain(user.id)
      expect(text).not.toContain(user.email)
    }
    expect(text).not.toContain("userId")
  })

  it("narrows by view and by range, and speaks the SDK's shape", async () => {
    const pictures = await trending(alice, "?view=2")
    expect(titles(pictures)).toEqual([["Feed pictures", 1]])
    expect(pictures[0]).toMatchObject({ view: 2, feedId: pictures[0]!.feedId, analytics: { view: 2 } })
    expect(titles(await trending(alice, "?range=1d&limit=1"))).toEqual([["Feed popular", 2]])
    const viaSdk = await sdkAs(server.url, carol).trending.getFeeds({ language: "eng", range: "7d" })
    // Bob follows shared publicly: for Carol it counts, though Alice also follows it privately.
    expect(titles(viaSdk.data as unknown as Item[])).toEqual([
      ["Feed alices", 1],
      ["Feed shared", 1],
    ])
  })

  it("refuses bad input and answers nobody without a session", async () => {
    const api = apiAs(server.url, alice)
    for (const query of ["?range=2w", "?view=9", "?limit=0", "?language=fr"]) {
      const res = await api("GET", `/trending/feeds${query}`)
      expect({ query, status: res.status }).toEqual({ query, status: 400 })
    }
    expect((await apiAs(server.url, undefined)("GET", "/trending/feeds")).status).toBe(401)
  })
})
