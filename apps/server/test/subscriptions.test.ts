// Subscriptions beyond the basics: another user's public view, list subscriptions, batch moves, all or nothing.
import { FollowClient } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  for (const name of ["one", "two", "three"]) feeds.set(`/${name}.xml`, { body: rss(name, items(2, name)) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("subscriptions", () => {
  it("shows another user only their public feed and list subscriptions", async () => {
    const alice = apiAs(server.url, await signUp(server.url))
    const bob = await signUp(server.url)
    const aliceId = (await alice("GET", "/subscriptions")).body.data
    expect(aliceId).toEqual([])
    await alice("POST", "/subscriptions", { url: feeds.url("/one.xml"), view: 0 })
    await alice("POST", "/subscriptions", { url: feeds.url("/two.xml"), view: 0, isPrivate: true })
    const list = (await alice("POST", "/lists", { title: "Shared", view: 0, fee: 0 })).body.data.id
    await alice("POST", "/subscriptions", { listId: list })
    const mine = await alice("GET", "/subscriptions")
    const aliceUserId = mine.body.data[0].userId
    const seen = await apiAs(server.url, bob)("GET", `/subscriptions?userId=${aliceUserId}`)
    expect(
      seen.body.data.map((s: { feeds?: { url: string }; listId?: string }) => s.feeds?.url ?? s.listId).sort(),
    ).toEqual([feeds.url("/one.xml"), list].sort())
    expect(JSON.stringify(seen.body.data)).not.toContain("two.xml")
  })

  it("edits and removes a list subscription through the SDK", async () => {
    const owner = apiAs(server.url, await signUp(server.url))
    const list = (await owner("POST", "/lists", { title: "Edit me", view: 0, fee: 0 })).body.data.id
    const user = await signUp(server.url)
    const api = new FollowClient({ baseURL: server.url, authToken: user.token }).api
    await api.subscriptions.create({ listId: list, view: 0 } as never)
    await api.subscriptions.update({ listId: list, view: 3, category: "Later", title: "Renamed" } as never)
    const subs = (await api.subscriptions.get({})).data as {
      listId?: string
      view: number
      category: string
      title: string
    }[]
    expect(subs.find((s) => s.listId === list)).toMatchObject({ view: 3, category: "Later", title: "Renamed" })
    await api.subscriptions.delete({ listId: list } as never)
    expect((await api.subscriptions.get({})).data).toEqual([])
    const missing = await apiAs(server.url, user)("PATCH", "/subscriptions", { listId: list, view: 1 })
    expect(missing.body.code).toBe(8000)
  })

  it("moves many feeds at once, and refuses the batch whole when one is not the user's", async () => {
    const alice = apiAs(server.url, await signUp(server.url))
    const bob = apiAs(server.url, await signUp(server.url))
    const one = (await alice("POST", "/subscriptions", { url: feeds.url("/one.xml"), view: 0 })).body.feed.id
    const two = (await alice("POST", "/subscriptions", { url: feeds.url("/two.xml"), view: 0 })).body.feed.id
    const three = (await bob("POST", "/subscriptions", { url: feeds.url("/three.xml"), view: 0 })).body.feed.id
    expect(
      (await alice("PATCH", "/subscriptions/batch", { feedIds: [one, two], view: 2, category: "Pics" })).body,
    ).toEqual({ code: 0 })
    expect((await alice("POST", "/entries", { view: 2 })).body.data).toHaveLength(4)
    const refused = await alice("PATCH", "/subscriptions/batch", { feedIds: [one, three], view: 4 })
    expect(refused.body.code).toBe(2001)
    const subs = (await alice("GET", "/subscriptions")).body.data
    expect(subs.map((s: { view: number; category: string }) => [s.view, s.category])).toEqual([
      [2, "Pics"],
      [2, "Pics"],
    ])
    expect((await bob("GET", "/subscriptions")).body.data[0]).toMatchObject({ view: 0, category: null })
    expect((await alice("PATCH", "/subscriptions/batch", { feedIds: [] })).body.code).toBe(4)
    expect((await alice("DELETE", "/subscriptions", { feedIdList: [one, three] })).body.code).toBe(2001)
    expect((await alice("GET", "/subscriptions")).body.data).toHaveLength(2)
  })
})

describe("limits under concurrency", () => {
  it("parallel subscribes cannot pass the trial limit", async () => {
    const limited = await startTestServer({ TRIAL_MAX_FEED_SUBSCRIPTIONS: "2", ADMIN_EMAILS: "nobody@example.test" })
    try {
      for (let i = 0; i < 6; i++) feeds.set(`/race-${i}.xml`, { body: rss(`race ${i}`, items(1, `race${i}`)) })
      const api = apiAs(limited.url, await signUp(limited.url))
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api("POST", "/subscriptions", { url: feeds.url(`/race-${i}.xml`), view: 0 }),
        ),
      )
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(2)
      expect(answers.filter((a) => a.body.code === 1100)).toHaveLength(4)
      expect((await api("GET", "/subscriptions")).body.data).toHaveLength(2)
    } finally {
      await limited.close()
    }
  })
})
