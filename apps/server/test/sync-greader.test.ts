// The Google Reader API replayed as real clients call it, checked field by field, with the state it changes seen
// through the normal API and the reverse; app passwords (create, list, revoke) and their limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/news.xml", { body: rss("News", items(30, "news"), "https://news.example/") })
  feeds.set("/blog.xml", { body: rss("Blog", items(4, "blog"), "https://blog.example/") })
  feeds.set("/extra.xml", { body: rss("Extra", items(2, "extra"), "https://extra.example/") })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

const READING_LIST = "user/-/state/com.google/reading-list"
const READ = "user/-/state/com.google/read"
const STARRED = "user/-/state/com.google/starred"

interface Reader {
  user: TestUser
  api: ReturnType<typeof apiAs>
  password: string
}

async function newReader(category = "Tech"): Promise<Reader> {
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  await api("POST", "/subscriptions", { url: feeds.url("/news.xml"), view: 0, category })
  await api("POST", "/subscriptions", { url: feeds.url("/blog.xml"), view: 0 })
  const created = await api("POST", "/app-passwords", { name: "Reeder on iPhone" })
  expect(created.status).toBe(200)
  return { user, api, password: created.body.data.password }
}

/** A client of the Google Reader API under `base` (FreshRSS's /api/greader.php or Miniflux's root). */
function client(base: string, auth?: string) {
  const call = async (method: "GET" | "POST", path: string, form?: [string, string][]) => {
    const body = form ? new URLSearchParams(form).toString() : undefined
    const res = await fetch(`${server.url}${base}${path}`, {
      method,
      headers: {
        ...(auth ? { authorization: `GoogleLogin auth=${auth}` } : {}),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    })
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    // biome-ignore lint/suspicious/noExplicitAny: protocol answers are read field by field
    return { status: res.status, text, json: json as any, headers: res.headers }
  }
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, form: [string, string][]) => call("POST", path, form),
  }
}

async function login(base: string, email: string, password: string) {
  const res = await client(base).post("/accounts/ClientLogin", [
    ["Email", email],
    ["Passwd", password],
  ])
  const auth = /^Auth=(.+)$/m.exec(res.text)?.[1]
  return { res, auth }
}

describe("app passwords", () => {
  it("are created with a name, shown once, listed without the password, and revoked", async () => {
    const { api, user } = await newReader()
    const list = await api("GET", "/app-passwords")
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toEqual({
      id: expect.any(String),
      name: "Reeder on iPhone",
      createdAt: expect.any(String),
      lastUsedAt: null,
    })
    expect(JSON.stringify(list.body)).not.toContain("password")
    const bad = await api("POST", "/app-passwords", { name: "  " })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe(4)
    // Another user cannot revoke it.
    const other = apiAs(server.url, await signUp(server.url))
    expect((await other("DELETE", `/app-passwords/${list.body.data[0].id}`)).status).toBe(404)
    expect((await other("GET", "/app-passwords")).body.data).toEqual([])
    expect((await api("GET", "/app-passwords")).body.data).toHaveLength(1)
    expect(user.id).toBeTruthy()
  })

  it("need a session", async () => {
    const res = await apiAs(server.url, undefined)("GET", "/app-passwords")
    expect(res.status).toBe(401)
  })
})

describe("a NetNewsWire sync", () => {
  // The calls NetNewsWire's ReaderAPICaller.swift (Ranchero-Software/NetNewsWire, Account/Sources/Account/ReaderAPI)
  // makes, in its order: ClientLogin (Email, Passwd) → parse "Auth=" from the lines; GET token; tag/list and
  // subscription/list (output=json); stream/items/ids for the reading list without read items (n=10000, ot as a
  // fractional Unix time); POST stream/items/contents with unpadded hex ids (i=…); stream/items/ids for starred;
  // POST edit-tag with 16-digit hex ids and a=/r= read or starred; subscription/edit (ac=edit, a=label).
  it("signs in, lists, fetches unread items and marks them, at FreshRSS's path", async () => {
    const { user, api, password } = await newReader()
    const base = "/api/greader.php"
    const { res, auth } = await login(base, user.email, password)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("text/plain")
    expect(res.text).toMatch(/^SID=\S+\nLSID=null\nAuth=\S+\n$/)
    const c = client(base, auth)

    const token = await c.get("/reader/api/0/token")
    expect(token.status).toBe(200)
    expect(token.text.trim()).toMatch(/^[0-9a-f]{57}$/)

    const info = await c.get("/reader/api/0/user-info?output=json")
    expect(info.json).toMatchObject({
      userId: user.id,
      userProfileId: user.id,
      userEmail: user.email,
      userName: "Reader",
    })

    const tags = await c.get("/reader/api/0/tag/list?output=json")
    expect(tags.json).toEqual({ tags: [{ id: STARRED }, { id: "user/-/label/Tech", label: "Tech", type: "folder" }] })

    const subs = await c.get("/reader/api/0/subscription/list?output=json")
    expect(subs.json.subscriptions).toEqual([
      {
        id: `feed/${feeds.url("/news.xml")}`,
        title: "News",
        categories: [{ id: "user/-/label/Tech", label: "Tech" }],
        url: feeds.url("/news.xml"),
        htmlUrl: "https://news.example/",
        iconUrl: "",
        firstitemmsec: expect.stringMatching(/^\d+$/),
      },
      {
        id: `feed/${feeds.url("/blog.xml")}`,
        title: "Blog",
        categories: [],
        url: feeds.url("/blog.xml"),
        htmlUrl: "https://blog.example/",
        iconUrl: "",
        firstitemmsec: expect.stringMatching(/^\d+$/),
      },
    ])

    const since = (Date.UTC(2025, 11, 1) / 1000 + 0.25).toString()
    const unread = await c.get(
      `/reader/api/0/stream/items/ids?ot=${since}&n=10000&output=json&xt=${READ}&s=${READING_LIST}`,
    )
    expect(unread.status).toBe(200)
    expect(unread.json.itemRefs).toHaveLength(34)
    expect(unread.json.continuation).toBeUndefined()
    expect(unread.json.itemRefs[0]).toEqual({
      id: expect.stringMatching(/^\d{17,19}$/),
      directStreamIds: [],
      timestampUsec: String(Date.UTC(2026, 0, 1) * 1000),
    })

    // NetNewsWire: String(Int(itemId), radix: 16) — hex without padding.
    const first = unread.json.itemRefs.slice(0, 3).map((r: { id: string }) => r.id)
    const contents = await c.post("/reader/api/0/stream/items/contents", [
      ["T", token.text.trim()],
      ["output", "json"],
      ...first.map((id: string): [string, string] => ["i", BigInt(id).toString(16)]),
    ])
    expect(contents.status).toBe(200)
    expect(contents.json.id).toBe(READING_LIST)
    expect(contents.json.items).toHaveLength(3)
    const item = contents.json.items.find((i: { title: string }) => i.title === "news 0")
    expect(item).toEqual({
      id: expect.stringMatching(/^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/),
      crawlTimeMsec: expect.stringMatching(/^\d{13}$/),
      timestampUsec: String(Date.UTC(2026, 0, 1) * 1000),
      published: Date.UTC(2026, 0, 1) / 1000,
      updated: Date.UTC(2026, 0, 1) / 1000,
      title: "news 0",
      author: "",
      canonical: [{ href: "https://example.com/news/0" }],
      alternate: [{ href: "https://example.com/news/0", type: "text/html" }],
      categories: [READING_LIST, "user/-/label/Tech"],
      origin: { streamId: `feed/${feeds.url("/news.xml")}`, title: "News", htmlUrl: "https://news.example/" },
      summary: { direction: "ltr", content: expect.stringContaining("news 0 body") },
      content: { direction: "ltr", content: expect.stringContaining("news 0 body") },
      enclosure: [],
    })

    const longIds = first.map(
      (id: string) => `tag:google.com,2005:reader/item/${BigInt(id).toString(16).padStart(16, "0")}`,
    )
    expect(longIds).toContain(item.id)

    // NetNewsWire: String(format: "%.16llx", id) for edit-tag; mark two read and star one.
    const hex16 = (id: string) => BigInt(id).toString(16).padStart(16, "0")
    const read = await c.post("/reader/api/0/edit-tag", [
      ["T", token.text.trim()],
      ["i", hex16(first[0])],
      ["i", hex16(first[1])],
      ["a", READ],
    ])
    expect(read.status).toBe(200)
    expect(read.text).toBe("OK")
    await c.post("/reader/api/0/edit-tag", [
      ["i", hex16(first[2])],
      ["a", STARRED],
    ])

    // Seen through the normal API: two fewer unread, the star in the starred list.
    const total = async () => (await api("GET", "/reads/total-count")).body.data.count
    expect(await total()).toBe(32)
    const readNow = await api("GET", `/entries?id=${first[0]}`)
    expect(readNow.body.data.read).toBe(true)
    const entries = await api("GET", `/entries?id=${first[2]}`)
    expect(entries.body.data.collections).toBeTruthy()
    const starredIds = await c.get(`/reader/api/0/stream/items/ids?s=${STARRED}&n=10000&output=json`)
    expect(starredIds.json.itemRefs.map((r: { id: string }) => r.id)).toEqual([first[2]])

    // And the reverse: read in the web client, read in the sync app.
    await api("POST", "/reads", { entryIds: [first[2]] })
    const after = await c.get(`/reader/api/0/stream/items/ids?n=10000&xt=${READ}&s=${READING_LIST}&output=json`)
    expect(after.json.itemRefs).toHaveLength(31)
    const again = await c.post("/reader/api/0/stream/items/contents", [["i", first[2]]])
    expect(again.json.items[0].categories.filter((c: string) => !c.includes("/label/"))).toEqual([
      READING_LIST,
      READ,
      STARRED,
    ])

    // r=read marks unread again (decimal short ids this time).
    await c.post("/reader/api/0/edit-tag", [
      ["i", first[0]],
      ["r", READ],
    ])
    expect(await total()).toBe(32)
    expect((await api("GET", `/entries?id=${first[0]}`)).body.data.read).toBe(false)
  })
})

describe("a Reeder sync at Miniflux's path", () => {
  // Reeder's Google Reader accounts (as the FreshRSS and Miniflux docs give its set-up): ClientLogin with
  // output=json, unread-count, then stream/contents of the reading list paged by continuation with n, r=o (oldest
  // first) and xt=read, labels as streams, and mark-all-as-read with ts when the user marks a folder read.
  it("pages stream contents by continuation, oldest first, and marks a label read up to ts", async () => {
    const { user, api, password } = await newReader("Daily")
    const login = await client("").post("/accounts/ClientLogin", [
      ["Email", user.email.toUpperCase()],
      ["Passwd", password],
      ["output", "json"],
    ])
    expect(login.status).toBe(200)
    expect(login.json).toEqual({ SID: expect.any(String), LSID: null, Auth: login.json.SID })
    const c = client("", login.json.Auth)

    const counts = await c.get("/reader/api/0/unread-count?output=json")
    const byId = Object.fromEntries(counts.json.unreadcounts.map((u: { id: string; count: number }) => [u.id, u]))
    expect(counts.json.max).toBe(34)
    expect(byId[`feed/${feeds.url("/news.xml")}`]).toEqual({
      id: `feed/${feeds.url("/news.xml")}`,
      count: 30,
      newestItemTimestampUsec: String(Date.UTC(2026, 0, 1) * 1000),
    })
    expect(byId["user/-/label/Daily"].count).toBe(30)
    expect(byId[READING_LIST].count).toBe(34)

    const titles: string[] = []
    let continuation: string | undefined
    for (let page = 0; page < 10; page++) {
      const res = await c.get(
        `/reader/api/0/stream/contents/${encodeURIComponent("user/-/label/Daily")}?n=8&r=o&xt=${READ}&output=json${continuation ? `&c=${continuation}` : ""}`,
      )
      expect(res.status).toBe(200)
      expect(res.json.id).toBe("user/-/label/Daily")
      titles.push(...res.json.items.map((i: { title: string }) => i.title))
      continuation = res.json.continuation
      if (!continuation) break
    }
    expect(titles).toEqual(Array.from({ length: 30 }, (_, i) => `news ${29 - i}`))

    // ot / nt bound the publish time (seconds).
    const window = await c.get(
      `/reader/api/0/stream/items/ids?s=feed/${encodeURIComponent(feeds.url("/news.xml"))}&n=100&ot=${Date.UTC(2025, 11, 31, 22) / 1000}&nt=${Date.UTC(2026, 0, 1) / 1000}`,
    )
    expect(window.json.itemRefs).toHaveLength(2)

    // Marked read up to a time before the entries arrived: nothing; up to now: the label's feed only.
    await c.post("/reader/api/0/mark-all-as-read", [
      ["s", "user/-/label/Daily"],
      ["ts", String(Date.UTC(2020, 0, 1) * 1000)],
    ])
    expect((await c.get("/reader/api/0/unread-count")).json.max).toBe(34)
    await c.post("/reader/api/0/mark-all-as-read", [
      ["s", "user/-/label/Daily"],
      ["ts", String(Date.now() * 1000)],
    ])
    const total = await api("GET", "/reads/total-count")
    expect(total.body.data.count).toBe(4)
  })

  it("edits subscriptions and labels: subscribe, rename, move, quickadd, rename-tag, disable-tag, unsubscribe, export", async () => {
    const { user, api, password } = await newReader("Tech")
    const { auth } = await login("", user.email, password)
    const c = client("", auth)
    const extra = feeds.url("/extra.xml")
    expect(
      (
        await c.post("/reader/api/0/subscription/edit", [
          ["ac", "subscribe"],
          ["s", `feed/${extra}`],
          ["a", "user/-/label/Later"],
          ["t", "Extra!"],
        ])
      ).text,
    ).toBe("OK")
    let subs = (await api("GET", "/subscriptions")).body.data
    expect(subs.find((s: { feeds: { url: string } }) => s.feeds.url === extra)).toMatchObject({
      category: "Later",
      title: "Extra!",
    })
    // NetNewsWire moves a feed: a= the new label, then r= the old one, in two calls.
    await c.post("/reader/api/0/subscription/edit", [
      ["ac", "edit"],
      ["s", `feed/${extra}`],
      ["a", "user/-/label/Tech"],
    ])
    await c.post("/reader/api/0/subscription/edit", [
      ["ac", "edit"],
      ["s", `feed/${extra}`],
      ["r", "user/-/label/Later"],
    ])
    await c.post("/reader/api/0/subscription/edit", [
      ["ac", "edit"],
      ["s", `feed/${extra}`],
      ["t", "Extra renamed"],
    ])
    subs = (await api("GET", "/subscriptions")).body.data
    expect(subs.find((s: { feeds: { url: string } }) => s.feeds.url === extra)).toMatchObject({
      category: "Tech",
      title: "Extra renamed",
    })
    expect(
      (
        await c.post("/reader/api/0/rename-tag", [
          ["s", "user/-/label/Tech"],
          ["dest", "user/-/label/Work"],
        ])
      ).text,
    ).toBe("OK")
    expect((await api("GET", "/categories")).body.data).toEqual(["Work"])
    await c.post("/reader/api/0/disable-tag", [["s", "user/-/label/Work"]])
    expect((await api("GET", "/categories")).body.data).toEqual([])
    expect((await api("GET", "/subscriptions")).body.data).toHaveLength(3)

    const opml = await c.get("/reader/api/0/subscription/export")
    expect(opml.headers.get("content-type")).toContain("opml")
    expect(opml.text).toContain(`xmlUrl="${extra}"`)

    await c.post("/reader/api/0/subscription/edit", [
      ["ac", "unsubscribe"],
      ["s", `feed/${extra}`],
    ])
    expect((await api("GET", "/subscriptions")).body.data).toHaveLength(2)
    const quick = await c.post("/reader/api/0/subscription/quickadd", [["quickadd", extra]])
    expect(quick.json).toEqual({ numResults: 1, query: extra, streamId: `feed/${extra}`, streamName: "Extra" })
    expect((await api("GET", "/subscriptions")).body.data).toHaveLength(3)
  })
})

describe("authentication and isolation", () => {
  it("refuses a wrong app password, the account password, and a revoked one", async () => {
    const { user, api, password } = await newReader()
    expect((await login("", user.email, "wrong-password")).res.status).toBe(401)
    expect((await login("", user.email, user.password)).res.status).toBe(401)
    const other = await signUp(server.url)
    expect((await login("", other.email, password)).res.status).toBe(401)
    const { auth } = await login("/api/greader.php", user.email, password)
    expect((await client("", "nope/abc").get("/reader/api/0/user-info")).status).toBe(401)
    expect((await client("").get("/reader/api/0/subscription/list")).status).toBe(401)
    expect((await client("", auth).get("/reader/api/0/subscription/list")).status).toBe(200)
    const [row] = (await api("GET", "/app-passwords")).body.data
    expect(row.lastUsedAt).toEqual(expect.any(String))
    expect((await api("DELETE", `/app-passwords/${row.id}`)).status).toBe(200)
    expect((await client("", auth).get("/reader/api/0/subscription/list")).status).toBe(401)
    expect((await login("", user.email, password)).res.status).toBe(401)
  })

  it("never shows or changes another user's items", async () => {
    const alice = await newReader()
    const bob = await newReader()
    const bobIds = (await bob.api("GET", "/entries?view=0&limit=3")).body.data.map(
      (i: { entries: { id: string } }) => i.entries.id,
    )
    // Bob's entries are the same entries as Alice's (same feeds); a third user with other feeds must not see them.
    const carol = await signUp(server.url)
    const carolApi = apiAs(server.url, carol)
    await carolApi("POST", "/subscriptions", { url: feeds.url("/extra.xml"), view: 0 })
    const carolPassword = (await carolApi("POST", "/app-passwords", { name: "x" })).body.data.password
    const { auth } = await login("", carol.email, carolPassword)
    const c = client("", auth)
    const contents = await c.post(
      "/reader/api/0/stream/items/contents",
      bobIds.map((id: string): [string, string] => ["i", id]),
    )
    expect(contents.json.items).toEqual([])
    await c.post("/reader/api/0/edit-tag", [...bobIds.map((id: string): [string, string] => ["i", id]), ["a", READ]])
    await c.post("/reader/api/0/edit-tag", [...bobIds.map((id: string): [string, string] => ["i", id]), ["a", STARRED]])
    expect((await bob.api("GET", "/reads/total-count")).body.data.count).toBe(34)
    expect((await alice.api("GET", "/reads/total-count")).body.data.count).toBe(34)
    const ids = await c.get(`/reader/api/0/stream/items/ids?s=${READING_LIST}&n=1000`)
    expect(ids.json.itemRefs).toHaveLength(2)
    expect((await c.get(`/reader/api/0/stream/items/ids?s=${STARRED}&n=1000`)).json.itemRefs).toEqual([])
  })

  it("answers bad input with a catalogue error and changes nothing", async () => {
    const { user, password } = await newReader()
    const { auth } = await login("", user.email, password)
    const c = client("", auth)
    const bad = await c.post("/reader/api/0/edit-tag", [
      ["i", "not-an-id"],
      ["a", READ],
    ])
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({ code: 4 })
    expect((await c.get(`/reader/api/0/stream/items/ids?s=user/-/state/com.google/nope`)).status).toBe(400)
    expect((await c.get(`/reader/api/0/stream/items/ids?s=${READING_LIST}&n=0`)).status).toBe(400)
    expect((await c.get(`/reader/api/0/stream/items/ids?s=${READING_LIST}&c=zzz`)).status).toBe(400)
    expect((await c.get("/reader/api/0/unread-count")).json.max).toBe(34)
  })

  it("holds back guessing like sign-in", async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: "true", AUTH_LOCKOUT_FAILURES: "3" })
    try {
      const user = await signUp(limited.url)
      const password = (await apiAs(limited.url, user)("POST", "/app-passwords", { name: "x" })).body.data.password
      const attempt = (p: string) =>
        fetch(`${limited.url}/accounts/ClientLogin`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ Email: user.email, Passwd: p }).toString(),
        })
      for (let i = 0; i < 3; i++) expect((await attempt("wrong")).status).toBe(401)
      const locked = await attempt(password)
      expect(locked.status).toBe(429)
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})
