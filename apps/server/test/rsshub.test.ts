// RSSHub: rsshub:// feed URLs fetched from the configured instance (a stand-in on loopback), its route listing,
// and how many follow each route here.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let instance: FeedServer
let api: ReturnType<typeof apiAs>

const namespace = {
  name: "Test site",
  url: "test.example",
  description: "Routes for tests",
  lang: "en",
  categories: ["programming"],
  routes: {
    "/items/:kind": {
      path: "/items/:kind",
      name: "Items",
      example: "/test/items/new",
      parameters: { kind: "new or hot" },
      categories: ["programming"],
      maintainers: ["tidings"],
      location: "items.ts",
    },
  },
}

beforeAll(async () => {
  instance = await startFeedServer()
  const json = { headers: { "content-type": "application/json" } }
  instance.set("/api/namespace", { body: JSON.stringify({ test: namespace }), ...json })
  instance.set("/api/namespace/test", { body: JSON.stringify(namespace), ...json })
  instance.set("/test/items/new", { body: rss("Test items (new)", items(3, "rss")) })
  // The guard stays on for feeds; the operator's own RSSHub instance is trusted even on a private address.
  server = await startTestServer({ RSSHUB_URL: instance.url("/"), ALLOW_PRIVATE_NETWORK: "false" })
  api = apiAs(server.url, await signUp(server.url))
})
afterAll(async () => {
  await server?.close()
  await instance?.close()
})

describe("RSSHub", () => {
  it("subscribes to an rsshub:// route through the configured instance and keeps the route as the URL", async () => {
    const sub = await api("POST", "/subscriptions", { url: "rsshub://test/items/new", view: 0 })
    expect(sub.body.feed).toMatchObject({ url: "rsshub://test/items/new", title: "Test items (new)" })
    expect(sub.body.unread).toEqual({ [sub.body.feed.id]: 3 })
    expect(instance.hits("/test/items/new")).toBe(1)
    const found = await api("POST", "/discover", { keyword: "rsshub://test/items/new" })
    expect(found.body.data[0].feed.id).toBe(sub.body.feed.id)
    const analytics = await api("GET", "/discover/rsshub-analytics")
    expect(analytics.body.data["/test/items"]).toMatchObject({ subscriptionCount: 1 })
    expect(analytics.body.data["/test/items"].topFeeds[0].url).toBe("rsshub://test/items/new")
    const probe = await apiAs(server.url, undefined)("GET", "/probes/rsshub?namespace=test&route=/items")
    expect(probe.body.data[0]).toMatchObject({ successCount: 1, errorCount: 0, successRate: 1 })
    expect((await api("GET", "/probes/rsshub?namespace=nothing")).body.data[0]).toMatchObject({ successCount: 0 })
    // A feed followed only privately is not counted: the probe is public.
    instance.set("/test/items/private", { body: rss("Private items", items(1, "private")) })
    await api("POST", "/subscriptions", { url: "rsshub://test/items/private", view: 0, isPrivate: true })
    const privateProbe = await apiAs(server.url, undefined)("GET", "/probes/rsshub?namespace=test&route=/items/private")
    expect(privateProbe.body.data[0]).toMatchObject({ successCount: 0, errorCount: 0 })
  })

  it("lists the instance's routes, by namespace and category, and looks one up", async () => {
    const all = await api("GET", "/discover/rsshub")
    expect(Object.keys(all.body.data)).toEqual(["test"])
    expect(all.body.data.test.routes["/items/:kind"].example).toBe("/test/items/new")
    expect(Object.keys((await api("GET", "/discover/rsshub?namespace=test")).body.data)).toEqual(["test"])
    expect((await api("GET", "/discover/rsshub?category=programming")).body.data.test).toBeDefined()
    expect((await api("GET", "/discover/rsshub?category=cooking")).body.data).toEqual({})
    const route = await api("GET", `/discover/rsshub-route?route=${encodeURIComponent("/test/items/:kind")}`)
    expect(route.body.data).toMatchObject({ prefix: "test", name: "Test site", route: { name: "Items" } })
    expect((await api("GET", "/discover/rsshub/route?route=/test/items/:kind")).body.code).toBe(0)
    const missing = await api("GET", "/discover/rsshub-route?route=/test/nothing")
    expect([missing.status, missing.body.code]).toEqual([404, 13000])
  })

  it("stays inside the instance: no path escapes, no trusted redirects to other private hosts", async () => {
    for (const url of [
      "rsshub://../internal-admin",
      "rsshub://test/%2e%2e/%2e%2e/x",
      "rsshub://test/./x",
      "rsshub:///x",
    ]) {
      expect({ url, code: (await api("POST", "/subscriptions", { url, view: 0 })).body.code }).toEqual({ url, code: 4 })
    }
    const elsewhere = await startFeedServer()
    try {
      elsewhere.set("/secret.xml", { body: rss("Internal", items(1, "internal")) })
      instance.set("/test/items/redirect", {
        status: 302,
        body: "",
        headers: { location: elsewhere.url("/secret.xml") },
      })
      const res = await api("POST", "/subscriptions", { url: "rsshub://test/items/redirect", view: 0 })
      expect(res.body.code).toBe(2003)
      expect(elsewhere.hits("/secret.xml")).toBe(0)
    } finally {
      await elsewhere.close()
    }
  })

  it("answers 13007 when the instance cannot be reached, and refuses a malformed route", async () => {
    const offline = await startTestServer({ RSSHUB_URL: "http://127.0.0.1:9/" })
    try {
      const user = apiAs(offline.url, await signUp(offline.url))
      expect((await user("GET", "/discover/rsshub")).body.code).toBe(13007)
      expect((await user("POST", "/subscriptions", { url: "rsshub://test/items/hot", view: 0 })).body.code).toBe(2003)
      expect((await user("POST", "/subscriptions", { url: "rsshub://", view: 0 })).body.code).toBe(4)
    } finally {
      await offline.close()
    }
  })
})
