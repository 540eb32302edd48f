// First-party usage analytics: POST /analytics/events stores daily counts only while the caller's sendAnonymousData
// is on (nothing at all once it is off), refuses malformed batches whole with the catalogue's code, keeps no
// address or id; GET /admin/analytics answers admins only (1004 otherwise). Also GET /plan (settings › plan).
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type OpenAiStub, startOpenAiStub } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let stub: OpenAiStub
let admin: TestUser
let bob: TestUser
let carol: TestUser

const api = (user: TestUser | undefined) => apiAs(server.url, user)

function batch(codes: number[], extra: Record<string, unknown> = {}) {
  return {
    client_id: "client-1",
    user_id: "whoever",
    events: codes.map((code) => ({
      name: `event-${code}`,
      params: { event_code: code, session_id: "session-1", engagement_time_msec: 1000 },
    })),
    user_properties: { build_type: { value: "web" }, language: { value: "en" } },
    ...extra,
  }
}

async function stored() {
  const daily = await server.database.db.execute<{ metric: string; count: number }>(
    sql`select metric, count from analytics_daily where metric like 'event:%' order by metric`,
  )
  const actors = await server.database.db.execute<{ actor: string }>(sql`select actor from analytics_actors`)
  return { daily: daily.rows.map((r) => [r.metric, Number(r.count)]), actors: actors.rows.map((r) => r.actor) }
}

beforeAll(async () => {
  // Its own database: the counts are compared whole. The first user to sign up is the admin.
  stub = await startOpenAiStub()
  server = await startTestServer({ AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" }, { freshDatabase: true })
  admin = await signUp(server.url, "Admin")
  ;[bob, carol] = await Promise.all([signUp(server.url, "Bob"), signUp(server.url, "Carol")])
})
afterAll(async () => {
  await stub?.close()
  await server?.close()
})

describe("usage analytics", () => {
  it("stores daily counts per event code and one hashed actor per user and day, nothing else", async () => {
    expect((await api(bob)("POST", "/analytics/events", batch([1003, 1002, 3002]))).body).toEqual({
      code: 0,
      data: { stored: true },
    })
    expect((await api(bob)("POST", "/analytics/events", batch([3002, 4000]))).status).toBe(200)
    const now = await stored()
    expect(now.daily).toEqual([
      ["event:1002", 1],
      ["event:1003", 1],
      ["event:3002", 2],
      ["event:4000", 1],
    ])
    expect(now.actors).toHaveLength(1)
    const text = JSON.stringify(now)
    expect(text).not.toContain(bob.id)
    expect(text).not.toContain("127.0.0.1")
    expect(text).not.toContain("client-1")
  })

  it("stores nothing while the user's sendAnonymousData is off, and again once it is on", async () => {
    const before = await stored()
    expect((await api(carol)("PATCH", "/settings/general", { sendAnonymousData: false })).status).toBe(200)
    const res = await api(carol)("POST", "/analytics/events", batch([1000, 2000, 4000]))
    expect(res.body).toEqual({ code: 0, data: { stored: false } })
    expect(await stored()).toEqual(before)
    await api(carol)("PATCH", "/settings/general", { sendAnonymousData: true })
    expect((await api(carol)("POST", "/analytics/events", batch([2000]))).body.data).toEqual({ stored: true })
    expect((await stored()).actors).toHaveLength(2)
  })

  it("refuses a malformed batch whole with the catalogue's code, storing nothing", async () => {
    const before = await stored()
    for (const body of [
      batch([999]),
      batch([1004]),
      batch([2016]),
      batch([1000, 5000]),
      batch([]),
      batch([1000], { client_id: "" }),
      { ...batch([1000]), events: [{ name: "x", params: { event_code: "1000", session_id: "s" } }] },
      { ...batch([1000]), events: [{ name: "x", params: { event_code: 1000 } }] },
      batch(Array.from({ length: 101 }, () => 1000)),
    ]) {
      const res = await api(bob)("POST", "/analytics/events", body)
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 4 })
    }
    expect(await stored()).toEqual(before)
    expect((await api(undefined)("POST", "/analytics/events", batch([1000]))).status).toBe(401)
  })
})

describe("admin analytics dashboard", () => {
  it("answers admins with one row per day: actives, subscriptions, AI use, errors and event counts", async () => {
    const res = await api(admin)("GET", "/admin/analytics?days=7")
    expect(res.status).toBe(200)
    const days = res.body.data.days as { day: string; activeUsers: number; events: Record<string, number> }[]
    expect(days).toHaveLength(7)
    const today = days.at(-1)!
    expect(today.day).toBe(new Date().toISOString().slice(0, 10))
    expect(today).toMatchObject({ activeUsers: 2, subscriptions: 0, aiCalls: 0, aiTokens: 0, errors: 0 })
    expect(today.events).toEqual({ "1002": 1, "1003": 1, "2000": 1, "3002": 2, "4000": 1 })
    expect(days[0]).toMatchObject({ activeUsers: 0, events: {} })
  })

  it("counts the day's AI calls and tokens and the errors the server answered with a 5xx", async () => {
    const today = async () =>
      ((await api(admin)("GET", "/admin/analytics?days=1")).body.data.days as Record<string, number>[]).at(-1)!
    const before = await today()
    // One model call (10 tokens in, 5 out from the stand-in), then one the model server fails: a 1005, HTTP 500.
    expect((await api(bob)("POST", "/ai/provider/test", {})).body.data.ok).toBe(true)
    stub.set({ failStatus: 500 })
    const failed = await api(bob)("POST", "/ai/provider/test", {})
    stub.reset()
    expect([failed.status, failed.body.code]).toEqual([500, 1005])
    // A refusal (4xx) is not a server error.
    expect((await api(bob)("GET", "/admin/analytics")).status).toBe(403)
    const after = await today()
    expect(after.aiCalls - before.aiCalls).toBeGreaterThanOrEqual(1)
    expect(after.aiTokens - before.aiTokens).toBeGreaterThanOrEqual(15)
    expect(after.errors - before.errors).toBe(1)
  })

  it("refuses everyone else with 1004, and bad input with the catalogue's code", async () => {
    for (const user of [bob, carol]) {
      const res = await api(user)("GET", "/admin/analytics")
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 1004 })
    }
    expect((await api(undefined)("GET", "/admin/analytics")).status).toBe(401)
    for (const query of ["?days=0", "?days=91", "?days=x"])
      expect((await api(admin)("GET", `/admin/analytics${query}`)).status).toBe(400)
  })
})

describe("plan", () => {
  it("says the caller's role, the trial's end, every role's limits, and that no payment is taken", async () => {
    const mine = (await api(bob)("GET", "/plan")).body.data
    expect(mine).toMatchObject({ role: "trial", payments: false, trialDays: 45 })
    const end = new Date(mine.roleEndAt).getTime()
    expect(end).toBeGreaterThan(Date.now() + 44 * 86_400_000)
    const trial = mine.roles.find((r: { role: string }) => r.role === "trial")
    expect(trial).toMatchObject({ feedSubscriptionLimit: 100, listSubscriptionLimit: 20, inboxLimit: 3 })
    expect(trial.aiDailyTokens).toBe(200000)
    expect(trial.invite).toBe(false)
    const pro = mine.roles.find((r: { role: string }) => r.role === "pro")
    expect(pro).toMatchObject({ feedSubscriptionLimit: null, aiDailyTokens: null, invite: true })
    const admins = (await api(admin)("GET", "/plan")).body.data
    expect(admins).toMatchObject({ role: "admin", roleEndAt: null })
  })
})
