// Own RSSHub instances through the official SDK's rsshub module: two loopback stand-ins for RSSHub (one behind an
// access key), rsshub:// feeds fetched from the instance in use with failover to the next, the 13000–13007 errors,
// the admin's shared instances, and a second user who can neither see nor change the first's instances.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { findFeedById } from "../src/storage/feeds.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
const logLines: string[] = []
let hubA: FeedServer
let hubB: FeedServer
const adminEmail = `admin-${randomUUID()}@example.test`
const KEY = "open-sesame"

/** An RSSHub stand-in: /healthz and rsshub routes, all refused without the access key when it has one. */
async function startHub(name: string, key?: string): Promise<FeedServer> {
  const hub = await startFeedServer()
  const guarded =
    (body: string, type = "application/rss+xml") =>
    (req: { url?: string }) => {
      const given = new URL(req.url ?? "/", "http://x").searchParams.get("key")
      if (key && given !== key) return { status: 403, body: "Authentication failed. Access denied." }
      return { body, headers: { "content-type": type } }
    }
  hub.set("/healthz", guarded("ok", "text/plain"))
  hub.set("/own/items/new", guarded(rss(`${name} items`, items(3, name))))
  hub.set("/own/items/other", guarded(rss(`${name} other`, items(2, `${name}-other`))))
  return hub
}

async function user(name = "Reader"): Promise<TestUser> {
  return signUp(server.url, name)
}

const codeOf = async (call: Promise<unknown>) => Number((await sdkFailure(call)).code)

beforeAll(async () => {
  hubA = await startHub("alpha", KEY)
  hubB = await startHub("beta")
  // The server's own RSSHUB_URL answers nothing, so every rsshub:// entry below came from an own instance.
  server = await startTestServer(
    { RSSHUB_URL: "http://127.0.0.1:9/", ADMIN_EMAILS: adminEmail, LOG_LEVEL: "debug" },
    { logSink: (line) => logLines.push(line) },
  )
})
afterAll(async () => {
  await server?.close()
  await hubA?.close()
  await hubB?.close()
})

describe("own RSSHub instances", () => {
  it("adds, lists, shows, uses, probes and deletes an instance through the SDK; others see none of it", async () => {
    const owner = await user()
    const sdk = sdkAs(server.url, owner)
    const created = await sdk.rsshub.create({ baseUrl: `${hubA.url("/")}/`, accessKey: KEY })
    const id = (created.data as unknown as { id: string }).id
    expect(id).toMatch(/^\d+$/)
    // The same URL again changes that instance instead of adding a second one.
    await sdk.rsshub.create({ baseUrl: hubA.url(""), accessKey: KEY })
    const list = (await sdk.rsshub.list({})).data
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ id, ownerUserId: owner.id, price: 0, userCount: 0, errorMessage: null })
    expect(list[0]).toMatchObject({
      baseUrl: hubA.url(""),
      hasAccessKey: true,
      mine: true,
      shared: false,
      inUse: false,
    })
    expect(JSON.stringify(list)).not.toContain(KEY)
    const one = (await sdk.rsshub.get({ id })).data
    expect(one).toMatchObject({ instance: { id, baseUrl: hubA.url(""), accessKey: KEY }, purchase: null })

    await sdk.rsshub.use({ id })
    const status = (await sdk.rsshub.status({})).data as unknown as Record<string, unknown>
    expect(status.usage).toMatchObject({ userId: owner.id, rsshubId: id })
    expect(status.instance).toMatchObject({ id, ok: true, error: null })
    expect((await sdk.rsshub.list({})).data[0]).toMatchObject({ inUse: true, userCount: 1 })

    // A second user sees nothing of it and changes nothing.
    const other = sdkAs(server.url, await user("Other"))
    expect((await other.rsshub.list({})).data).toEqual([])
    expect(await codeOf(other.rsshub.get({ id }))).toBe(13003)
    expect(await codeOf(other.rsshub.use({ id }))).toBe(13003)
    expect(await codeOf(other.rsshub.delete({ id }))).toBe(13003)
    expect(await codeOf(other.rsshub.create({ id, baseUrl: hubB.url("") }))).toBe(13003)
    expect((await apiAs(server.url, await user())("GET", `/rsshub/status?id=${id}`)).body.code).toBe(13003)
    expect((await sdk.rsshub.get({ id })).data.instance.baseUrl).toBe(hubA.url(""))

    await sdk.rsshub.use({ id: null })
    expect((await sdk.rsshub.status({})).data.usage).toBeUndefined()
    await sdk.rsshub.delete({ id })
    expect((await sdk.rsshub.list({})).data).toEqual([])
    expect(await codeOf(sdk.rsshub.get({ id }))).toBe(13003)
  })

  it("answers 13006 for a bad URL, 13007 for an instance that does not answer or refuses the key, 13004 past the limit", async () => {
    const owner = await user()
    const sdk = sdkAs(server.url, owner)
    for (const baseUrl of ["not a url", "ftp://example.com", `http://user:pw@${hubB.url("").slice(7)}`]) {
      expect({ baseUrl, code: await codeOf(sdk.rsshub.create({ baseUrl })) }).toEqual({ baseUrl, code: 13006 })
    }
    expect(await codeOf(sdk.rsshub.create({ baseUrl: "http://127.0.0.1:9" }))).toBe(13007)
    const refused = await apiAs(server.url, owner)("POST", "/rsshub", { baseUrl: hubA.url(""), accessKey: "wrong" })
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([
      400,
      13007,
      "HTTP 403: access key refused",
    ])
    expect(await codeOf(sdk.rsshub.create({ baseUrl: hubA.url("") }))).toBe(13007)
    expect((await sdk.rsshub.list({})).data).toEqual([])
    expect(await codeOf(sdk.rsshub.use({ id: "123" }))).toBe(13003)
    // Ten instances each (paths of one stand-in here), then 13004.
    for (let i = 0; i < 10; i++) hubB.set(`/p${i}/healthz`, { body: "ok" })
    hubB.set("/p10/healthz", { body: "ok" })
    for (let i = 0; i < 10; i++) await sdk.rsshub.create({ baseUrl: hubB.url(`/p${i}`) })
    expect(await codeOf(sdk.rsshub.create({ baseUrl: hubB.url("/p10") }))).toBe(13004)
    expect((await sdk.rsshub.list({})).data).toHaveLength(10)
  })

  it("refuses a loopback instance unless private networks are allowed", async () => {
    const guarded = await startTestServer({ ALLOW_PRIVATE_NETWORK: "false" })
    try {
      const api = apiAs(guarded.url, await signUp(guarded.url))
      const failure = (await api("POST", "/rsshub", { baseUrl: hubB.url("") })).body
      expect([failure.code, failure.reason]).toEqual([
        13006,
        "A private or loopback address is allowed only when the server sets ALLOW_PRIVATE_NETWORK=true",
      ])
      expect(hubB.hits("/healthz")).toBe(0)
    } finally {
      await guarded.close()
    }
  })

  it("offers the admin's instances to everyone: only the admin deletes them (13001), not while in use (13002)", async () => {
    const adminUser = await signUp(server.url, "Admin", adminEmail)
    const admin = sdkAs(server.url, adminUser)
    const shared = (await admin.rsshub.create({ baseUrl: hubB.url("") })).data as unknown as { id: string }
    const limited = await apiAs(server.url, { token: "" })("GET", "/rsshub/list")
    expect(limited.status).toBe(401)
    const reader = sdkAs(server.url, await user())
    const seen = (await reader.rsshub.list({})).data
    expect(seen.map((i) => i.id)).toEqual([shared.id])
    expect(seen[0]).toMatchObject({ shared: true, mine: false, owner: { name: "Admin" } })
    expect((await reader.rsshub.get({ id: shared.id })).data.instance.accessKey).toBeNull()
    expect(await codeOf(reader.rsshub.delete({ id: shared.id }))).toBe(13001)
    expect(await codeOf(reader.rsshub.create({ id: shared.id, baseUrl: hubA.url("") }))).toBe(13001)
    await reader.rsshub.use({ id: shared.id })
    expect(await codeOf(admin.rsshub.delete({ id: shared.id }))).toBe(13002)
    await reader.rsshub.use({ id: null })

    // A user limit on an instance (beyond the SDK's create: userLimit) is 13004 for the user past it.
    const adminApi = apiAs(server.url, adminUser)
    const capped = await adminApi("POST", "/rsshub", { baseUrl: hubB.url("/capped"), userLimit: 1 })
    expect(capped.body.code).toBe(13007)
    hubB.set("/capped/healthz", { body: "ok" })
    const cappedId = (await adminApi("POST", "/rsshub", { baseUrl: hubB.url("/capped"), userLimit: 1 })).body.data.id
    await reader.rsshub.use({ id: cappedId })
    expect(await codeOf(sdkAs(server.url, await user()).rsshub.use({ id: cappedId }))).toBe(13004)
    await reader.rsshub.use({ id: null })
    await admin.rsshub.delete({ id: cappedId })
    await admin.rsshub.delete({ id: shared.id })
  })

  it("fetches an rsshub:// subscription from the instance in use, and fails over to the next on 500 or when closed", async () => {
    const reader = await user()
    const sdk = sdkAs(server.url, reader)
    const api = apiAs(server.url, reader)
    const a = ((await sdk.rsshub.create({ baseUrl: hubA.url(""), accessKey: KEY })).data as unknown as { id: string })
      .id
    const b = ((await sdk.rsshub.create({ baseUrl: hubB.url("") })).data as unknown as { id: string }).id
    await sdk.rsshub.use({ id: a })
    const beforeB = hubB.hits("/own/items/new")
    const sub = await api("POST", "/subscriptions", { url: "rsshub://own/items/new", view: 0 })
    expect(sub.body.feed).toMatchObject({ url: "rsshub://own/items/new", title: "alpha items" })
    expect(sub.body.unread).toEqual({ [sub.body.feed.id]: 3 })
    expect(hubA.hits("/own/items/new")).toBe(1)
    expect(hubB.hits("/own/items/new")).toBe(beforeB)
    expect((await findFeedById(server.deps.db, sub.body.feed.id))?.rsshubInstanceId).toBe(a)

    // The instance in use answers 500: the next (the user's other instance) answers, and that is recorded.
    hubA.set("/own/items/new", { status: 500, body: "boom" })
    hubB.set("/own/items/new", { body: rss("beta items", items(4, "beta")) })
    await server.refreshDue(new Date(Date.now() + 30 * 86_400_000))
    const feed = await findFeedById(server.deps.db, sub.body.feed.id)
    expect(feed).toMatchObject({ rsshubInstanceId: b, errorAt: null, title: "beta items" })
    expect(hubB.hits("/own/items/new")).toBe(beforeB + 1)
    const listed = (await sdk.rsshub.list({})).data
    expect(listed.find((i) => i.id === a)).toMatchObject({ errorMessage: "HTTP 500" })
    const entries = await api("POST", "/entries", { feedId: sub.body.feed.id, limit: 20 })
    expect(entries.body.data.map((e: { entries: { title: string } }) => e.entries.title)).toContain("beta 3")

    // The instance in use is gone altogether (connection refused): the other one still answers a new route.
    const gone = await startHub("gone")
    const c = ((await sdk.rsshub.create({ baseUrl: gone.url("") })).data as unknown as { id: string }).id
    await sdk.rsshub.use({ id: c })
    await gone.close()
    const other = await api("POST", "/subscriptions", { url: "rsshub://own/items/other", view: 0 })
    // The next in line is the user's first other instance (the key-guarded one, whose other route still works).
    expect(other.body.feed).toMatchObject({ title: "alpha other" })
    expect((await findFeedById(server.deps.db, other.body.feed.id))?.rsshubInstanceId).toBe(a)
    expect((await sdk.rsshub.list({})).data.find((i) => i.id === c)?.errorMessage).toBeTruthy()
    // The access key is in no answer but its owner's get, and in no log line (the failovers were logged).
    expect(JSON.stringify((await sdk.rsshub.list({})).data)).not.toContain(KEY)
    expect(logLines.some((line) => line.includes("rsshub instance failed"))).toBe(true)
    expect(logLines.filter((line) => line.includes(KEY))).toEqual([])
  })
})
