// Inboxes end to end: the owner's calls through the official SDK, handle rules, limits, and another user's reach.
import { randomUUID } from "node:crypto"
import { FollowValidationError } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs as sdkAsUser, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
const adminEmail = `boss-${randomUUID().slice(0, 8)}@example.test`

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: adminEmail })
})
afterAll(async () => {
  await server?.close()
})

const newHandle = (prefix = "in") => `${prefix}-${randomUUID().slice(0, 8)}`

function sdk(user: TestUser) {
  return sdkAsUser(server.url, user)
}

const failure = sdkFailure

/** The inbox items GET /subscriptions lists for the user (told apart by their `inboxes` key). */
async function inboxSubscriptions(user: TestUser) {
  const subs = (await apiAs(server.url, user)("GET", "/subscriptions")).body.data as object[]
  return subs.filter((s) => "inboxes" in s)
}

describe("an inbox's life through the SDK", () => {
  it("is created with a secret and a subscription, read, renamed, listed and deleted", async () => {
    const alice = await signUp(server.url, "Alice")
    const api = sdk(alice)
    const handle = newHandle()
    expect(await api.inboxes.post({ handle: handle.toUpperCase(), title: "  Newsletters " })).toEqual({ code: 0 })

    const got = await api.inboxes.get({ handle })
    expect(got.data).toMatchObject({ type: "inbox", id: handle, title: "Newsletters", ownerUserId: alice.id })
    expect(got.data.secret).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    // The handle is case-insensitive on every lookup.
    expect((await api.inboxes.get({ handle: handle.toUpperCase() })).data.id).toBe(handle)
    expect((await api.inboxes.list()).data).toEqual([got.data])
    expect(await inboxSubscriptions(alice)).toEqual([
      {
        type: "inbox",
        userId: alice.id,
        feedId: null,
        listId: null,
        inboxId: handle,
        view: 0,
        category: null,
        title: null,
        isPrivate: false,
        hideFromTimeline: false,
        createdAt: expect.any(String),
        inboxes: got.data,
      },
    ])
    expect((await api.reads.get({})).data).toEqual({ [handle]: 0 })

    expect(await api.inboxes.put({ handle, title: "Letters" })).toEqual({ code: 0 })
    expect((await api.inboxes.get({ handle })).data.title).toBe("Letters")

    expect(await api.inboxes.delete({ handle })).toEqual({ code: 0 })
    const gone = await failure(api.inboxes.get({ handle }))
    expect([gone.status, gone.code]).toEqual([404, "10000"])
    expect((await api.inboxes.list()).data).toEqual([])
    expect(await inboxSubscriptions(alice)).toEqual([])
    expect((await api.reads.get({})).data).toEqual({})
  })

  it("answers 10000 for unknown handles on get, put and delete", async () => {
    const api = sdk(await signUp(server.url))
    for (const call of [
      () => api.inboxes.get({ handle: newHandle() }),
      () => api.inboxes.put({ handle: newHandle(), title: "x" }),
      () => api.inboxes.delete({ handle: newHandle() }),
    ]) {
      const error = await failure(call())
      expect([error.status, error.code]).toEqual([404, "10000"])
    }
  })
})

describe("handles", () => {
  it("refuses malformed handles with code 4 and creates nothing", async () => {
    const user = await signUp(server.url)
    const call = apiAs(server.url, user)
    const bad = ["ab", "a".repeat(33), "-abc", ".abc", "abc.", "a..bc", "123456", "has space", "ünïcode", "a+b@c", ""]
    for (const handle of bad) {
      const res = await call("POST", "/inboxes", { handle })
      expect({ handle, status: res.status, code: res.body.code }).toEqual({ handle, status: 400, code: 4 })
      expect(Array.isArray(res.body.data)).toBe(true)
    }
    expect((await call("POST", "/inboxes", {})).status).toBe(400)
    expect((await call("POST", "/inboxes", "{not json")).body.code).toBe(4)
    const viaSdk = await failure(sdk(user).inboxes.post({ handle: "x!" }))
    expect(viaSdk).toBeInstanceOf(FollowValidationError)
    expect((await call("GET", "/inboxes/list")).body.data).toEqual([])
    expect((await call("GET", "/inboxes")).body.code).toBe(4)
  })

  it("accepts the edges of the rule", async () => {
    const call = apiAs(server.url, await signUp(server.url, "Edges"))
    const id = randomUUID().replace(/-/g, "")
    for (const handle of [`a1${id.slice(0, 1)}`, `x_${id}`.slice(0, 32), `9.${id.slice(0, 6)}_-`]) {
      expect({ handle, code: (await call("POST", "/inboxes", { handle })).body.code }).toEqual({ handle, code: 0 })
    }
  })

  it("are unique across users, case-insensitively, and reserved mailbox names are taken", async () => {
    const handle = newHandle()
    const alice = apiAs(server.url, await signUp(server.url, "Alice"))
    const bob = apiAs(server.url, await signUp(server.url, "Bob"))
    expect((await alice("POST", "/inboxes", { handle })).body.code).toBe(0)
    for (const [who, name] of [
      [bob, handle.toUpperCase()],
      [alice, handle],
      [bob, "postmaster"],
    ] as const) {
      const res = await who("POST", "/inboxes", { handle: name })
      expect([res.status, res.body.code]).toEqual([400, 10001])
    }
    expect((await bob("GET", "/inboxes/list")).body.data).toEqual([])
    expect((await alice("GET", "/inboxes/list")).body.data).toHaveLength(1)
  })
})

describe("limits", () => {
  it("stops trial users at TRIAL_MAX_INBOXES with 1102", async () => {
    const call = apiAs(server.url, await signUp(server.url, "Trial"))
    const limit = server.deps.config.TRIAL_MAX_INBOXES
    for (let i = 0; i < limit; i++) expect((await call("POST", "/inboxes", { handle: newHandle() })).body.code).toBe(0)
    const over = await call("POST", "/inboxes", { handle: newHandle() })
    expect([over.status, over.body.code]).toEqual([400, 1102])
    expect((await call("GET", "/inboxes/list")).body.data).toHaveLength(limit)
  })

  it("stops everyone at the hard cap with 10002, even when creates race", async () => {
    const admin = await signUp(server.url, "Boss", adminEmail)
    const call = apiAs(server.url, admin)
    const attempts = await Promise.all(
      Array.from({ length: 25 }, () => call("POST", "/inboxes", { handle: newHandle("cap") })),
    )
    const codes = attempts.map((r) => r.body.code)
    expect(codes.filter((c) => c === 0)).toHaveLength(20)
    expect(codes.filter((c) => c === 10002)).toHaveLength(5)
    expect(attempts.find((r) => r.body.code === 10002)?.status).toBe(400)
    expect((await call("GET", "/inboxes/list")).body.data).toHaveLength(20)
  })
})

describe("another user", () => {
  it("can neither see nor change an inbox, and is told it does not exist", async () => {
    const owner = await signUp(server.url, "Owner")
    const alice = apiAs(server.url, owner)
    const bob = apiAs(server.url, await signUp(server.url, "Bob"))
    const handle = newHandle()
    await alice("POST", "/inboxes", { handle, title: "Mine" })
    const before = (await alice("GET", "/inboxes/list")).body.data

    expect((await bob("GET", "/inboxes/list")).body.data).toEqual([])
    expect((await bob("GET", "/reads")).body.data).toEqual({})
    const attempts: [string, unknown][] = [
      ["GET", undefined],
      ["PUT", { handle, title: "Stolen" }],
      ["DELETE", { handle }],
    ]
    for (const [method, body] of attempts) {
      const res = await bob(method, method === "GET" ? `/inboxes?handle=${handle}` : "/inboxes", body)
      expect({ method, status: res.status, code: res.body.code }).toEqual({ method, status: 404, code: 10000 })
    }
    expect((await alice("GET", "/inboxes/list")).body.data).toEqual(before)
    expect(await inboxSubscriptions(owner)).toHaveLength(1)
  })

  it("needs a session for the owner's calls", async () => {
    const anonymous = apiAs(server.url, undefined)
    expect((await anonymous("GET", "/inboxes/list")).status).toBe(401)
    expect((await anonymous("POST", "/inboxes", { handle: newHandle() })).status).toBe(401)
    expect((await anonymous("POST", "/entries/inbox", { inboxId: "whatever" })).status).toBe(401)
  })
})
