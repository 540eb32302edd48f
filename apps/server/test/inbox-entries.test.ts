// Inbox entries: webhook ingress by secret, the owner's entry list and read state, and another user's reach.
import { randomUUID } from "node:crypto"
import type { InboxWebhookRequest } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs as sdkAsUser, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

interface Inbox {
  user: TestUser
  api: ReturnType<typeof sdk>
  call: ReturnType<typeof apiAs>
  handle: string
  secret: string
}

function sdk(user: TestUser) {
  return sdkAsUser(server.url, user)
}

async function newInbox(name = "Reader"): Promise<Inbox> {
  const user = await signUp(server.url, name)
  const api = sdk(user)
  const handle = `wh-${randomUUID().slice(0, 8)}`
  await api.inboxes.post({ handle })
  return { user, api, call: apiAs(server.url, user), handle, secret: (await api.inboxes.get({ handle })).data.secret }
}

/** A raw webhook post; `auth` picks how the secret travels. */
async function push(
  handle: string | undefined,
  secret: string | undefined,
  body: unknown,
  auth: "header" | "bearer" = "header",
) {
  const headers: Record<string, string> = { "content-type": "application/json" }
  if (secret !== undefined)
    headers[auth === "header" ? "x-inbox-secret" : "authorization"] = auth === "header" ? secret : `Bearer ${secret}`
  const query = handle === undefined ? "" : `?handle=${encodeURIComponent(handle)}`
  const res = await fetch(`${server.url}/inboxes/webhook${query}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code: number; data?: unknown } }
}

const failure = sdkFailure

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString()

async function entriesOf(inbox: Inbox) {
  return (await inbox.api.entries.inbox.list({ inboxId: inbox.handle, limit: 100 })).data
}

describe("webhook ingress", () => {
  it("stores a sanitised entry, by header or bearer secret, with the handle in the query or the body", async () => {
    const inbox = await newInbox()
    const entry: InboxWebhookRequest = {
      guid: "g-1",
      publishedAt: at(1),
      title: "  Hello\n  world ",
      url: "https://example.com/posts/1",
      content: `<p onclick="x()">Hi <a href="/about">about</a></p><script>alert(1)</script>`,
      author: "Ann",
      categories: ["news"],
      media: [{ url: "https://example.com/a.png", type: "photo" }],
      summary: "  A short greeting.  ",
    }
    const viaSdk = { ...entry, handle: inbox.handle }
    expect(await inbox.api.inboxes.webhook(viaSdk, { headers: { "X-Inbox-Secret": inbox.secret } })).toEqual({
      code: 0,
    })
    expect((await push(inbox.handle, inbox.secret, { guid: "g-2", publishedAt: at(2) }, "bearer")).body.code).toBe(0)
    const inBody = { guid: "g-3", publishedAt: Date.parse(at(3)), inboxId: inbox.handle.toUpperCase() }
    expect((await push(undefined, inbox.secret, inBody)).body.code).toBe(0)

    const list = await entriesOf(inbox)
    expect(list.map((i) => i.entries.guid)).toEqual(["g-3", "g-2", "g-1"])
    const first = list[2]!
    expect(first.feeds).toMatchObject({ type: "inbox", id: inbox.handle, secret: inbox.secret })
    expect(first.read).toBe(false)
    expect("collections" in first).toBe(false)
    expect("content" in first.entries).toBe(false)
    expect(first.entries).toMatchObject({ title: "Hello world", inboxHandle: inbox.handle, read: false })
    expect(first.entries).toMatchObject({ description: "Hi about", author: "Ann", categories: ["news"] })
    expect(first.entries).toMatchObject({ summary: "A short greeting." })
    expect(list[1]!.entries).toMatchObject({ summary: null })

    const one = await inbox.api.entries.inbox.get({ id: first.entries.id })
    // Scripts and handlers dropped, the relative link resolved against the entry's url.
    expect(one.data?.entries.content).toMatch(/^<p>Hi <a href="https:\/\/example.com\/about"[^>]*>about<\/a><\/p>$/)
    expect(one.data?.feeds.id).toBe(inbox.handle)
    expect((await inbox.api.reads.get({})).data).toEqual({ [inbox.handle]: 3 })
  })

  it("updates the entry when a guid comes again, keeping its id and read state", async () => {
    const inbox = await newInbox()
    await push(inbox.handle, inbox.secret, { guid: "same", publishedAt: at(1), title: "v1" })
    const [before] = await entriesOf(inbox)
    await inbox.api.reads.markAsRead({ entryIds: [before!.entries.id], isInbox: true })
    await push(inbox.handle, inbox.secret, {
      guid: "same",
      publishedAt: at(5),
      title: "v2",
      content: "<b>new</b>",
      summary: "s2",
    })
    const after = await entriesOf(inbox)
    expect(after).toHaveLength(1)
    expect(after[0]!.entries).toMatchObject({ id: before!.entries.id, title: "v2", publishedAt: at(5), read: true })
    expect(after[0]!.entries).toMatchObject({ summary: "s2" })
    await push(inbox.handle, inbox.secret, { guid: "same", publishedAt: at(5), title: "v3", read: false })
    expect((await inbox.api.reads.get({})).data).toEqual({ [inbox.handle]: 1 })
  })

  it("refuses a wrong, missing or foreign secret and an unknown handle alike with 10003, storing nothing", async () => {
    const inbox = await newInbox()
    const other = await newInbox()
    const body = { guid: "nope", publishedAt: at(1) }
    const attempts = [
      await push(inbox.handle, `${inbox.secret}x`, body),
      await push(inbox.handle, inbox.secret.slice(1), body, "bearer"),
      await push(inbox.handle, undefined, body),
      await push(inbox.handle, other.secret, body),
      await push(`unknown-${randomUUID().slice(0, 6)}`, inbox.secret, body),
      await push(undefined, inbox.secret, body),
      await push(inbox.handle, "", "{broken"),
    ]
    for (const res of attempts) expect([res.status, res.body.code]).toEqual([403, 10003])
    const viaSdk = await failure(other.api.inboxes.webhook({ ...body, handle: inbox.handle } as InboxWebhookRequest))
    expect([viaSdk.status, viaSdk.code]).toEqual([403, "10003"])
    expect(await entriesOf(inbox)).toEqual([])
    expect(await entriesOf(other)).toEqual([])
  })

  it("refuses bad bodies from the secret holder with code 4, storing nothing", async () => {
    const inbox = await newInbox()
    const bad: unknown[] = [
      "{broken",
      { publishedAt: at(1) },
      { guid: "g", publishedAt: "not a date" },
      { guid: "g" },
      { guid: "g", publishedAt: at(1), url: "javascript:alert(1)" },
      { guid: "g", publishedAt: at(1), media: [{ url: "https://x.test/a.png", type: "gif" }] },
      { guid: "g", publishedAt: at(1), categories: "news" },
    ]
    for (const body of bad) {
      const res = await push(inbox.handle, inbox.secret, body)
      expect([res.status, res.body.code]).toEqual([400, 4])
    }
    // Past the server's 1 MiB body cap: refused before it is read.
    const huge = await push(inbox.handle, inbox.secret, {
      guid: "g",
      publishedAt: at(1),
      content: "x".repeat(1024 * 1024),
    })
    expect([huge.status, huge.body.code]).toEqual([413, 14001])
    expect(await entriesOf(inbox)).toEqual([])
    expect((await inbox.api.reads.get({})).data).toEqual({ [inbox.handle]: 0 })
  })
})

describe("the owner's entry list", () => {
  it("pages newest first with publishedAfter as an exclusive upper bound, extending runs of equal times", async () => {
    const inbox = await newInbox()
    const times = [9, 8, 7, 7, 7, 7, 6, 5]
    await Promise.all(times.map((m, i) => push(inbox.handle, inbox.secret, { guid: `p${i}`, publishedAt: at(m) })))
    const api = inbox.api.entries.inbox
    const first = (await api.list({ inboxId: inbox.handle, limit: 3 })).data
    // The page ends inside the run at minute 7, so it takes the whole run.
    expect(first.map((i) => i.entries.publishedAt)).toEqual([at(9), at(8), at(7), at(7), at(7), at(7)])
    const second = (
      await api.list({ inboxId: inbox.handle, limit: 3, publishedAfter: first.at(-1)!.entries.publishedAt })
    ).data
    expect(second.map((i) => i.entries.publishedAt)).toEqual([at(6), at(5)])
    expect(new Set([...first, ...second].map((i) => i.entries.id)).size).toBe(8)

    await inbox.api.reads.markAsRead({ entryIds: first.map((i) => i.entries.id), isInbox: true })
    const unread = (await api.list({ inboxId: inbox.handle, read: false })).data
    expect(unread.map((i) => i.entries.guid).sort()).toEqual(["p6", "p7"])
  })

  it("marks read, unread and all read, within a time window, and counts them in the totals", async () => {
    const inbox = await newInbox()
    for (const m of [1, 2, 3, 4]) await push(inbox.handle, inbox.secret, { guid: `m${m}`, publishedAt: at(m) })
    const ids = (await entriesOf(inbox)).map((i) => i.entries.id)
    const reads = inbox.api.reads
    expect((await reads.getTotalCount()).data.count).toBe(4)
    await reads.markAsRead({ entryIds: ids.slice(0, 2), isInbox: true })
    expect((await reads.get({})).data).toEqual({ [inbox.handle]: 2 })
    await reads.markAsUnread({ entryId: ids[0]!, isInbox: true })
    expect((await reads.get({ view: 0 })).data).toEqual({ [inbox.handle]: 3 })
    expect((await reads.get({ view: 1 })).data).toEqual({})
    const window = { inboxId: inbox.handle, startTime: Date.parse(at(2)), endTime: Date.parse(at(2)) }
    expect((await reads.markAllAsRead(window)).data.read).toEqual({ [inbox.handle]: 1 })
    expect((await reads.markAllAsRead({ inboxId: inbox.handle })).data.read).toEqual({ [inbox.handle]: 2 })
    expect((await reads.getTotalCount()).data.count).toBe(0)
    await reads.markAsUnread({ entryId: ids[3]!, isInbox: true })
    // Mark everything (no view, no source) takes the inboxes too.
    expect((await reads.markAllAsRead({})).data.read).toEqual({ [inbox.handle]: 1 })
  })

  it("gets one entry with content and deletes it", async () => {
    const inbox = await newInbox()
    await push(inbox.handle, inbox.secret, { guid: "d", publishedAt: at(1), content: "<p>body</p>" })
    const [item] = await entriesOf(inbox)
    const got = await inbox.api.entries.inbox.get({ id: item!.entries.id })
    expect(got.data?.entries).toMatchObject({ content: "<p>body</p>", description: "body", read: false })
    expect(await inbox.api.entries.inbox.delete({ entryId: item!.entries.id })).toEqual({ code: 0 })
    const gone = await failure(inbox.api.entries.inbox.get({ id: item!.entries.id }))
    expect([gone.status, gone.code]).toEqual([404, "3000"])
    const again = await failure(inbox.api.entries.inbox.delete({ entryId: item!.entries.id }))
    expect([again.status, again.code]).toEqual([404, "3000"])
    expect((await inbox.api.reads.get({})).data).toEqual({ [inbox.handle]: 0 })
  })

  it("rejects bad list input with code 4 and unknown inboxes with 10000", async () => {
    const inbox = await newInbox()
    expect((await inbox.call("POST", "/entries/inbox", {})).body.code).toBe(4)
    expect((await inbox.call("POST", "/entries/inbox", { inboxId: inbox.handle, limit: 0 })).body.code).toBe(4)
    expect((await inbox.call("GET", "/entries/inbox")).body.code).toBe(4)
    expect((await inbox.call("DELETE", "/entries/inbox", {})).body.code).toBe(4)
    const missing = await inbox.call("POST", "/entries/inbox", { inboxId: "no-such-inbox" })
    expect([missing.status, missing.body.code]).toEqual([404, 10000])
  })

  it("loses its entries with the inbox", async () => {
    const inbox = await newInbox()
    await push(inbox.handle, inbox.secret, { guid: "x", publishedAt: at(1) })
    const [item] = await entriesOf(inbox)
    await inbox.api.inboxes.delete({ handle: inbox.handle })
    expect((await inbox.call("GET", `/entries/inbox?id=${item!.entries.id}`)).body.code).toBe(3000)
    expect((await push(inbox.handle, inbox.secret, { guid: "y", publishedAt: at(1) })).body.code).toBe(10003)
    expect((await inbox.api.reads.getTotalCount()).data.count).toBe(0)
  })
})

describe("another user", () => {
  it("can neither see nor change the entries or their read state", async () => {
    const alice = await newInbox("Alice")
    const bob = await newInbox("Bob")
    for (const m of [1, 2, 3]) await push(alice.handle, alice.secret, { guid: `a${m}`, publishedAt: at(m) })
    await push(bob.handle, bob.secret, { guid: "b1", publishedAt: at(1) })
    const [bobsOwn] = await entriesOf(bob)
    const ids = (await entriesOf(alice)).map((i) => i.entries.id)
    const state = async () => ({ list: await entriesOf(alice), reads: (await alice.api.reads.get({})).data })
    const before = await state()

    const attempts: [string, string, unknown, number, number][] = [
      ["POST", "/entries/inbox", { inboxId: alice.handle }, 404, 10000],
      ["GET", `/entries/inbox?id=${ids[0]}`, undefined, 404, 3000],
      ["DELETE", "/entries/inbox", { entryId: ids[0] }, 404, 3000],
      ["POST", "/reads", { entryIds: [ids[0]], isInbox: true }, 404, 3000],
      // All or nothing: Bob's own id beside Alice's changes neither.
      ["POST", "/reads", { entryIds: [bobsOwn!.entries.id, ids[1]], isInbox: true }, 404, 3000],
      ["DELETE", "/reads", { entryId: ids[2], isInbox: true }, 404, 3000],
      ["POST", "/reads/all", { inboxId: alice.handle }, 404, 10000],
    ]
    for (const [method, path, body, status, code] of attempts) {
      const res = await bob.call(method, path, body)
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status, code })
    }
    expect((await bob.call("POST", "/reads/all", {})).body.data.read).toEqual({ [bob.handle]: 1 })
    expect((await bob.call("GET", "/reads")).body.data).toEqual({ [bob.handle]: 0 })
    expect(await state()).toEqual(before)
    expect(before.reads).toEqual({ [alice.handle]: 3 })
  })
})
