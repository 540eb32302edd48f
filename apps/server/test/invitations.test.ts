// Invitations through the official client: create, list, use (which makes the user pro), limits and the error codes.
import { randomUUID } from "node:crypto"
import { FollowAPIError, FollowClient } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp, type TestUser } from "./support/users.ts"

let server: TestServer
const LIMIT = 3
// Admins may invite; everyone signed up here with another address is a trial user, even on a fresh database.
const adminEmails = Array.from({ length: 8 }, () => `inviter-${randomUUID()}@example.test`)

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: adminEmails.join(","), INVITATION_LIMIT: String(LIMIT) })
})
afterAll(async () => {
  await server?.close()
})

const sdkAs = (user: TestUser) => new FollowClient({ baseURL: server.url, authToken: user.token, timeout: 20_000 }).api

let admins = 0
async function newAdmin() {
  const user = await signUp(server.url, "Inviter", adminEmails[admins++])
  return { user, api: sdkAs(user) }
}
async function newTrialUser(name = "Invitee") {
  const user = await signUp(server.url, name)
  return { user, api: sdkAs(user) }
}

async function failure(call: Promise<unknown>) {
  const error = await call.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(FollowAPIError)
  const e = error as FollowAPIError
  return { status: e.status, code: e.code, message: e.message }
}

async function sessionOf(user: TestUser) {
  const res = await fetch(`${server.url}/better-auth/get-session`, {
    headers: { authorization: `Bearer ${user.token}` },
  })
  return (await res.json()) as Record<string, unknown> & { user: Record<string, unknown> }
}

describe("invitations", () => {
  it("creates unambiguous codes within the limit and lists them with who used each", async () => {
    const admin = await newAdmin()
    expect(await admin.api.invitations.getLimitation()).toEqual({ code: 0, data: LIMIT })
    const created = await admin.api.invitations.create({})
    expect(created.code).toBe(0)
    expect(created.data).toMatch(/^[2-9A-HJKMNP-Z]{10}$/)
    expect((await admin.api.invitations.getLimitation()).data).toBe(LIMIT - 1)

    const list = await admin.api.invitations.list()
    expect(list.data).toEqual([
      { code: created.data, createdAt: expect.any(String), usedAt: null, toUserId: null, users: null },
    ])

    const invitee = await newTrialUser("Carol")
    expect(await invitee.api.invitations.use({ code: created.data })).toEqual({ code: 0, data: null })
    const [used] = (await admin.api.invitations.list()).data
    expect(used).toMatchObject({ code: created.data, toUserId: invitee.user.id })
    expect(used!.users).toEqual({ id: invitee.user.id, name: "Carol", image: null })
    expect(new Date(used!.usedAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it("a used code makes the user pro in the session, without an end, and lifts the trial limits", async () => {
    const admin = await newAdmin()
    const invitee = await newTrialUser()
    expect((await sessionOf(invitee.user)).role).toBe("trial")
    expect(await invitee.api.invitations.getLimitation()).toEqual({ code: 0, data: 0 })
    const { data: code } = await admin.api.invitations.create({})
    // Codes are read back by people: case and surrounding spaces do not matter.
    await invitee.api.invitations.use({ code: ` ${code.toLowerCase()} ` })

    const session = await sessionOf(invitee.user)
    expect([session.role, session.roleEndAt, session.user.role, session.user.roleEndAt]).toEqual([
      "pro",
      null,
      "pro",
      null,
    ])
    expect([session.feedSubscriptionLimit, session.listSubscriptionLimit, session.inboxLimit]).toEqual([
      null,
      null,
      null,
    ])
    const sdkSession = await invitee.api.auth.getSession()
    expect(sdkSession.role).toBe("pro")
    // A pro user may invite in turn.
    expect((await invitee.api.invitations.getLimitation()).data).toBe(LIMIT)
    const next = await invitee.api.invitations.create({})
    const third = await newTrialUser()
    await third.api.invitations.use({ code: next.data })
    expect((await sessionOf(third.user)).role).toBe("pro")
  })

  it("gives a contested code to exactly one of two users, and never more codes than the limit", async () => {
    const admin = await newAdmin()
    const { data: code } = await admin.api.invitations.create({})
    const [a, b] = [await newTrialUser(), await newTrialUser()]
    const results = await Promise.allSettled([a.api.invitations.use({ code }), b.api.invitations.use({ code })])
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"])
    // The loser of the race is told the code is spent, whichever check caught it.
    const lost = results.find((r) => r.status === "rejected")
    expect(await failure(Promise.reject(lost?.reason))).toMatchObject({ status: 400, code: "5002" })
    const roles = [(await sessionOf(a.user)).role, (await sessionOf(b.user)).role].sort()
    expect(roles).toEqual(["pro", "trial"])

    const burst = await Promise.allSettled(Array.from({ length: 5 }, () => admin.api.invitations.create({})))
    expect(burst.filter((r) => r.status === "fulfilled")).toHaveLength(LIMIT - 1)
    expect((await admin.api.invitations.list()).data).toHaveLength(LIMIT)
  })
})

describe("invitation errors", () => {
  it("1103 (403) when a trial user creates a code; 5000 (400) past the limit", async () => {
    const trial = await newTrialUser()
    expect(await failure(trial.api.invitations.create({}))).toMatchObject({ status: 403, code: "1103" })
    expect((await trial.api.invitations.list()).data).toEqual([])

    const admin = await newAdmin()
    for (let i = 0; i < LIMIT; i++) await admin.api.invitations.create({})
    expect(await failure(admin.api.invitations.create({}))).toMatchObject({ status: 400, code: "5000" })
    expect((await admin.api.invitations.getLimitation()).data).toBe(0)
    expect((await admin.api.invitations.list()).data).toHaveLength(LIMIT)
  })

  it("5003 (404) for an unknown code, 5002 (400) for a spent one, 1003 (400) for the other refusals", async () => {
    const admin = await newAdmin()
    const { data: code } = await admin.api.invitations.create({})
    const { data: spent } = await admin.api.invitations.create({})
    const other = await newTrialUser()
    await other.api.invitations.use({ code: spent })
    const trial = await newTrialUser()

    const cases: [TestUser, unknown, number, number, string][] = [
      [trial.user, "abc", 400, 1003, "not an invitation code"],
      [trial.user, "", 400, 1003, "not an invitation code"],
      [trial.user, 1234567890, 400, 1003, "not an invitation code"],
      [trial.user, undefined, 400, 1003, "not an invitation code"],
      [trial.user, "O0I1L0O0I1", 400, 1003, "not an invitation code"],
      [trial.user, "ZZZZZZZZZZ", 404, 5003, "does not exist"],
      [trial.user, spent, 400, 5002, "already been used"],
      [trial.user, spent.toLowerCase(), 400, 5002, "already been used"],
      [admin.user, code, 400, 1003, "your own invitation code"],
      [other.user, code, 400, 1003, "already has pro access"],
    ]
    for (const [user, given, status, errorCode, reason] of cases) {
      const res = await fetch(`${server.url}/invitations/use`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ code: given }),
      })
      const body = (await res.json()) as { code: number; reason: string; data?: unknown }
      expect({ given, status: res.status, code: body.code }).toEqual({ given, status, code: errorCode })
      expect(body.reason).toContain(reason)
      // No `data`: with it the SDK would raise a validation error and lose the code.
      expect(body).not.toHaveProperty("data")
    }
    expect(await failure(trial.api.invitations.use({ code: "ZZZZZZZZZZ" }))).toMatchObject({
      status: 404,
      code: "5003",
    })
    expect(await failure(trial.api.invitations.use({ code: spent }))).toMatchObject({ status: 400, code: "5002" })
    // Nothing changed: the code is still unused and the trial user still a trial user.
    expect((await admin.api.invitations.list()).data.find((i) => i.code === code)?.usedAt).toBeNull()
    expect((await sessionOf(trial.user)).role).toBe("trial")
    await trial.api.invitations.use({ code })
    expect((await sessionOf(trial.user)).role).toBe("pro")
  })

  it("needs a session (401)", async () => {
    const anonymous = new FollowClient({ baseURL: server.url }).api
    expect(await failure(anonymous.invitations.getLimitation())).toMatchObject({ status: 401 })
  })
})

describe("another user's invitations", () => {
  it("are not listed, not counted, and cannot be changed", async () => {
    const [alice, bob] = [await newAdmin(), await newAdmin()]
    const { data: code } = await alice.api.invitations.create({})
    const before = (await alice.api.invitations.list()).data

    expect((await bob.api.invitations.list()).data).toEqual([])
    expect((await bob.api.invitations.getLimitation()).data).toBe(LIMIT)
    // Bob is an admin: using Alice's code is refused and leaves it unused for someone else.
    expect(await failure(bob.api.invitations.use({ code }))).toMatchObject({ status: 400, code: "1003" })
    expect((await alice.api.invitations.list()).data).toEqual(before)
    expect((await alice.api.invitations.getLimitation()).data).toBe(LIMIT - 1)
  })
})
