// Public profiles (GET /profiles, POST /profiles/batch) and the profile fields a user sets through update-user.
import { FollowAPIError, FollowClient } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const sdkAs = (user: TestUser) => new FollowClient({ baseURL: server.url, authToken: user.token, timeout: 20_000 }).api

/** A handle no other test (or test run, on a shared database) uses. */
const uniqueHandle = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`

async function updateUser(user: TestUser, body: unknown) {
  const res = await fetch(`${server.url}/better-auth/update-user`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie: user.cookie },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string; status?: boolean } }
}

async function session(user: TestUser) {
  const res = await fetch(`${server.url}/better-auth/get-session`, {
    headers: { authorization: `Bearer ${user.token}` },
  })
  return (await res.json()) as { role: string; roleEndAt: string | null; user: Record<string, unknown> }
}

const PUBLIC_KEYS = ["bio", "handle", "id", "image", "name", "socialLinks", "website"]

describe("profiles", () => {
  it("sets the profile fields through update-user and shows only public fields, by id or by handle in any case", async () => {
    const alice = await signUp(server.url, "Alice")
    const handle = uniqueHandle("Alice")
    const fields = {
      handle,
      bio: "Reads feeds.",
      website: "https://alice.example.test/",
      socialLinks: { github: "alice", twitter: "" },
    }
    expect(await updateUser(alice, fields)).toEqual({ status: 200, body: { status: true } })

    const bob = sdkAs(await signUp(server.url, "Bob"))
    const byId = await bob.profiles.getProfile({ id: alice.id })
    expect(byId).toEqual({ code: 0, data: { id: alice.id, name: "Alice", image: null, ...fields } })
    expect(Object.keys(byId.data).sort()).toEqual(PUBLIC_KEYS)
    const byHandle = await bob.profiles.getProfile({ handle: handle.toUpperCase() })
    expect(byHandle.data).toEqual(byId.data)
    expect((await session(alice)).user).toMatchObject(fields)
  })

  it("answers a batch as a map of public profiles, leaving unknown ids out", async () => {
    const [alice, bob] = [await signUp(server.url, "Alice"), await signUp(server.url, "Bob")]
    const api = sdkAs(alice)
    const batch = await api.profiles.getBatch({ ids: [alice.id, bob.id, "1234567890123456789", bob.id] })
    expect(Object.keys(batch.data).sort()).toEqual([alice.id, bob.id].sort())
    expect(batch.data[bob.id]).toMatchObject({ id: bob.id, name: "Bob", handle: null })
    for (const profile of Object.values(batch.data)) expect(Object.keys(profile).sort()).toEqual(PUBLIC_KEYS)
    expect((await api.profiles.getBatch({ ids: [] })).data).toEqual({})
  })

  it("6000 (404) for an unknown id or handle; 4 (400) without either or with too many ids", async () => {
    const user = await signUp(server.url)
    const api = sdkAs(user)
    for (const query of [{ id: "1234567890123456789" }, { handle: uniqueHandle("nobody") }]) {
      const error = await api.profiles.getProfile(query).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(FollowAPIError)
      expect([(error as FollowAPIError).status, (error as FollowAPIError).code]).toEqual([404, "6000"])
    }
    const http = apiAs(server.url, user)
    const neither = await http("GET", "/profiles")
    expect([neither.status, neither.body.code]).toEqual([400, 4])
    const tooMany = await http("POST", "/profiles/batch", { ids: Array.from({ length: 201 }, (_, i) => `${i}`) })
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 4])
    expect((await http("POST", "/profiles/batch", { ids: "not-a-list" })).body.data).toEqual({})
  })

  it("needs a session (401)", async () => {
    expect((await apiAs(server.url, undefined)("GET", "/profiles?id=1")).status).toBe(401)
  })
})

describe("profile fields on update-user", () => {
  it("refuses a bad handle, website, bio or social links with a 400 and changes nothing", async () => {
    const user = await signUp(server.url)
    const handle = uniqueHandle("keep")
    await updateUser(user, { handle, website: "https://keep.example.test" })
    const before = (await session(user)).user
    const bad = [
      { handle: "ab" },
      { handle: "has space" },
      { handle: "x".repeat(33) },
      { handle: "emoji😀x" },
      { handle: 12345 },
      { website: "ftp://files.example.test" },
      { website: "not a url" },
      { website: "javascript:alert(1)" },
      { bio: "b".repeat(501) },
      { socialLinks: "github" },
      { socialLinks: { github: 5 } },
      { socialLinks: ["a"] },
    ]
    for (const body of bad) {
      const res = await updateUser(user, body)
      expect({ body, status: res.status, code: res.body.code }).toEqual({
        body,
        status: 400,
        code: "INVALID_PROFILE_FIELD",
      })
    }
    expect((await session(user)).user).toEqual(before)
  })

  it("keeps handles unique regardless of case, with a clear 400 (not a 500), and lets the owner re-case theirs", async () => {
    const [alice, bob] = [await signUp(server.url, "Alice"), await signUp(server.url, "Bob")]
    const handle = uniqueHandle("taken")
    expect((await updateUser(alice, { handle })).status).toBe(200)
    const clash = await updateUser(bob, { handle: handle.toUpperCase() })
    expect([clash.status, clash.body.code]).toEqual([400, "HANDLE_TAKEN"])
    expect(clash.body.message).toContain("already taken")
    expect((await session(bob)).user.handle).toBeNull()

    expect((await updateUser(alice, { handle: handle.toUpperCase() })).status).toBe(200)
    expect((await session(alice)).user.handle).toBe(handle.toUpperCase())
    // An empty handle clears it, and two users without a handle do not clash.
    expect((await updateUser(alice, { handle: "" })).status).toBe(200)
    expect((await session(alice)).user.handle).toBeNull()
    expect((await updateUser(bob, { handle })).status).toBe(200)
  })

  it("gives a contested handle to exactly one of many users racing for it, and 400 to the rest", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(server.url, `Racer${i}`)))
    const handle = uniqueHandle("race")
    const answers = await Promise.all(
      users.map((u, i) => updateUser(u, { handle: i % 2 ? handle.toUpperCase() : handle })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 400 && a.body.code === "HANDLE_TAKEN")).toHaveLength(users.length - 1)
    const holders = (await Promise.all(users.map(session))).filter((s) => s.user.handle)
    expect(holders).toHaveLength(1)
  })

  it("checks the fields at sign-up too", async () => {
    const owner = await signUp(server.url)
    const handle = uniqueHandle("signup")
    await updateUser(owner, { handle })
    const res = await fetch(`${server.url}/better-auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: `${handle}@example.test`, password: "long enough pw", name: "X", handle }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe("HANDLE_TAKEN")
  })

  it("never lets a user set their own role or role end", async () => {
    const user = await signUp(server.url)
    const before = await session(user)
    for (const body of [{ role: "admin" }, { roleEndAt: "2099-01-01T00:00:00Z" }, { name: "R", role: "pro" }]) {
      expect((await updateUser(user, body)).status).toBe(400)
    }
    const after = await session(user)
    expect([after.role, after.roleEndAt]).toEqual([before.role, before.roleEndAt])
    expect(after.user.name).toBe(before.user.name)
  })
})

describe("another user's profile", () => {
  it("shows no private fields, and a second user's update-user changes only their own account", async () => {
    const [alice, bob] = [await signUp(server.url, "Alice"), await signUp(server.url, "Bob")]
    await updateUser(alice, { handle: uniqueHandle("alice"), bio: "mine" })
    const aliceBefore = (await session(alice)).user

    const seen = (await sdkAs(bob).profiles.getProfile({ id: alice.id })).data as Record<string, unknown>
    for (const key of ["email", "emailVerified", "role", "roleEndAt", "twoFactorEnabled", "createdAt", "updatedAt"]) {
      expect(seen).not.toHaveProperty(key)
    }
    const batch = (await sdkAs(bob).profiles.getBatch({ ids: [alice.id] })).data[alice.id] as Record<string, unknown>
    expect(batch).not.toHaveProperty("email")

    expect((await updateUser(bob, { id: alice.id, userId: alice.id, bio: "bob's" })).status).toBe(200)
    expect((await session(alice)).user).toEqual(aliceBefore)
    expect((await session(bob)).user.bio).toBe("bob's")
  })
})
