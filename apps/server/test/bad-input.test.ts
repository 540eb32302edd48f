// Bad input gets a clear catalogue error with the right HTTP status, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let api: ReturnType<typeof apiAs>
let feedId: string
const unknownId = "1234567890123456789"

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/ok.xml", { body: rss("OK", items(3)) })
  feeds.set("/page.html", {
    body: "<!doctype html><html><head><title>Hi</title></head><body><p>Not a feed</p></body></html>",
    headers: { "content-type": "text/html" },
  })
  feeds.set("/gone.xml", { status: 404, body: "missing" })
  api = apiAs(server.url, await signUp(server.url))
  feedId = (await api("POST", "/subscriptions", { url: feeds.url("/ok.xml"), view: 0 })).body.feed.id
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

async function state() {
  const [subs, reads, starred] = await Promise.all([
    api("GET", "/subscriptions"),
    api("GET", "/reads"),
    api("POST", "/entries", { isCollection: true }),
  ])
  return { subs: subs.body.data, reads: reads.body.data, starred: starred.body.data }
}

const cases: [string, string, unknown, number, number][] = [
  // method, path, body, HTTP status, code
  ["POST", "/subscriptions", {}, 422, 2002],
  ["POST", "/subscriptions", { url: 42 }, 400, 4],
  ["POST", "/subscriptions", { url: "http://exa mple.com/feed" }, 400, 4],
  ["POST", "/subscriptions", { url: "ftp://example.com/feed" }, 400, 4],
  ["POST", "/subscriptions", { url: "https://example.com/x", view: 9 }, 400, 4],
  ["POST", "/subscriptions", { url: "https://example.com/x", isPrivate: "maybe" }, 400, 4],
  ["PATCH", "/subscriptions", {}, 422, 2002],
  ["PATCH", "/subscriptions", { feedId: unknownId, view: 1 }, 404, 2001],
  ["PATCH", "/subscriptions", { feedId: "x", view: "one" }, 400, 4],
  ["DELETE", "/subscriptions", {}, 422, 2002],
  ["DELETE", "/subscriptions", { feedId: unknownId }, 404, 2001],
  ["DELETE", "/subscriptions", { feedIdList: "nope-not-a-list-of-mine" }, 404, 2001],
  ["GET", "/feeds", undefined, 422, 2002],
  ["GET", `/feeds?id=${unknownId}`, undefined, 404, 2001],
  ["GET", "/feeds?url=https://unknown.invalid/feed.xml", undefined, 400, 2003],
  ["POST", "/entries", { limit: 0 }, 400, 4],
  ["POST", "/entries", { limit: 1000 }, 400, 4],
  ["POST", "/entries", { view: "abc" }, 400, 4],
  ["POST", "/entries", { publishedAfter: "not a date" }, 400, 4],
  ["POST", "/entries", { read: "perhaps" }, 400, 4],
  ["POST", "/entries", "{not json", 400, 4],
  ["POST", "/entries", "[1,2]", 400, 4],
  ["GET", "/entries?id=", undefined, 400, 4],
  ["GET", `/entries?id=${unknownId}`, undefined, 404, 3000],
  ["GET", `/entries/${unknownId}`, undefined, 404, 3000],
  ["POST", "/reads", {}, 400, 4],
  ["POST", "/reads", { entryIds: [1, 2] }, 400, 4],
  ["POST", "/reads", { entryIds: [unknownId] }, 404, 3000],
  ["DELETE", "/reads", {}, 400, 4],
  ["DELETE", "/reads", { entryId: unknownId }, 404, 3000],
  ["POST", "/reads/all", { startTime: "yesterday-ish" }, 400, 4],
  ["POST", "/reads/all", { feedId: unknownId }, 404, 2001],
  ["POST", "/reads/all", { view: 12 }, 400, 4],
  ["GET", "/reads?view=x", undefined, 400, 4],
  ["GET", "/collections", undefined, 400, 4],
  ["POST", "/collections", {}, 400, 4],
  ["POST", "/collections", { entryId: unknownId }, 404, 3000],
  ["DELETE", "/collections", {}, 400, 4],
  ["DELETE", "/collections", { entryId: unknownId }, 404, 3000],
  ["PATCH", "/categories", {}, 400, 4],
  ["PATCH", "/categories", { feedIdList: [unknownId], category: "X" }, 404, 2001],
  ["DELETE", "/categories", { feedIdList: [] }, 400, 4],
  ["GET", "/nothing-here", undefined, 404, 6],
]

describe("bad input", () => {
  it("answers each bad call with its catalogue code and status, and changes nothing", async () => {
    const before = await state()
    for (const [method, path, body, status, code] of cases) {
      const res = await api(method, path, body)
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status, code })
      expect(res.body.message).toBeTypeOf("string")
      if (code === 4) expect(Array.isArray(res.body.data) || res.body.reason).toBeTruthy()
    }
    expect(await state()).toEqual(before)
  })

  it("refuses a mixed batch as a whole: one unknown id marks nothing read", async () => {
    const list = await api("POST", "/entries", { feedId })
    const res = await api("POST", "/reads", { entryIds: [list.body.data[0].entries.id, unknownId] })
    expect(res.body.code).toBe(3000)
    expect((await api("GET", "/reads")).body.data).toEqual({ [feedId]: 3 })
  })

  it("a URL that is not a feed, a missing page and an unreachable host are feed errors", async () => {
    const before = await state()
    const page = await api("POST", "/subscriptions", { url: feeds.url("/page.html"), view: 0 })
    expect([page.status, page.body.code]).toEqual([400, 2004])
    const gone = await api("POST", "/subscriptions", { url: feeds.url("/gone.xml"), view: 0 })
    expect([gone.status, gone.body.code]).toEqual([400, 2003])
    expect(gone.body.reason).toContain("404")
    const closed = await api("POST", "/subscriptions", { url: "http://127.0.0.1:9/feed.xml", view: 0 })
    expect([closed.status, closed.body.code]).toEqual([400, 2003])
    const nowhere = await api("POST", "/subscriptions", { url: "http://no-such-host.invalid/feed.xml", view: 0 })
    expect([nowhere.status, nowhere.body.code]).toEqual([400, 2003])
    expect(await state()).toEqual(before)
  })

  it("unauthenticated calls are 401 with code 1000", async () => {
    const anonymous = apiAs(server.url, undefined)
    for (const path of ["/subscriptions", "/reads", "/categories", "/entries?id=1", "/feeds?id=1"]) {
      const res = await anonymous("GET", path)
      expect([res.status, res.body.code]).toEqual([401, 1000])
    }
    const forged = apiAs(server.url, { token: "forged-token" })
    expect((await forged("POST", "/entries", {})).status).toBe(401)
  })

  it("never leaks a stack trace or SQL", async () => {
    const res = await api("POST", "/entries", {
      feedIdList: Array.from({ length: 3 }, () => "'; drop table entries; --"),
    })
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|select |insert /i)
  })
})

describe("the SSRF guard", () => {
  it("refuses private and loopback addresses unless ALLOW_PRIVATE_NETWORK is set", async () => {
    const guarded = await startTestServer({ ALLOW_PRIVATE_NETWORK: "false" })
    try {
      const user = apiAs(guarded.url, await signUp(guarded.url))
      feeds.set("/guarded.xml", { body: rss("Guarded", items(1)) })
      for (const url of [
        feeds.url("/guarded.xml"),
        "http://localhost:1/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]:1/x",
        "http://10.0.0.1/feed",
      ]) {
        const res = await user("POST", "/subscriptions", { url, view: 0 })
        expect({ url, code: res.body.code }).toEqual({ url, code: 2003 })
      }
      expect((await user("GET", "/subscriptions")).body.data).toEqual([])
    } finally {
      await guarded.close()
    }
  })
})

describe("request bodies", () => {
  it("refuses a body over the cap before reading it, even at sign-in", async () => {
    const big = JSON.stringify({ email: "a@example.test", password: "x".repeat(2 * 1024 * 1024) })
    const signIn = await fetch(`${server.url}/better-auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: big,
    })
    expect([signIn.status, ((await signIn.json()) as { code: number }).code]).toEqual([413, 14001])
    const entries = await api("POST", "/entries", JSON.stringify({ feedIdList: Array(200_000).fill("1234567890123") }))
    expect([entries.status, entries.body.code]).toEqual([413, 14001])
  })

  it("refuses JSON sent as another content type (a cross-site simple request)", async () => {
    const user = await signUp(server.url)
    const res = await fetch(`${server.url}/reads/all`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "text/plain" },
      body: JSON.stringify({}),
    })
    expect([res.status, ((await res.json()) as { code: number }).code]).toEqual([400, 4])
  })

  it("refuses NUL characters with code 4 and stores nothing", async () => {
    const before = await state()
    const res = await api("PATCH", "/subscriptions", { feedId, title: "bad\u0000title" })
    expect([res.status, res.body.code]).toEqual([400, 4])
    expect((await api("GET", "/categories?view=%00")).body.code).toBe(4)
    expect(await state()).toEqual(before)
  })

  it("refuses lists longer than 1,000 ids", async () => {
    const res = await api("POST", "/reads", { entryIds: Array.from({ length: 1001 }, (_, i) => String(i)) })
    expect([res.status, res.body.code]).toEqual([400, 4])
  })
})
