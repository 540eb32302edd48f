// Sign-up, sign-in, session and sign-out through better-auth at /better-auth, with the spec's roles.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signedToken, signUp } from "./support/users.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: "boss@example.test" })
})
afterAll(async () => {
  await server?.close()
})

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify(body),
  })
}

async function session(headers: Record<string, string>) {
  const res = await fetch(`${server.url}/better-auth/get-session`, { headers })
  // biome-ignore lint/suspicious/noExplicitAny: the session answer is checked field by field
  return res.json() as Promise<Record<string, any> | null>
}

describe("accounts", () => {
  it("a new account is a trial user for 45 days, visible in get-session at both levels", async () => {
    const user = await signUp(server.url)
    const answer = await session({ authorization: `Bearer ${user.token}` })
    expect(answer?.user).toMatchObject({ id: user.id, email: user.email, emailVerified: false, role: "trial" })
    expect(answer?.role).toBe("trial")
    const days = (new Date(answer?.roleEndAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(44.9)
    expect(days).toBeLessThanOrEqual(45)
    expect(answer?.user.roleEndAt).toBe(answer?.roleEndAt)
    expect(answer?.feedSubscriptionLimit).toBeTypeOf("number")
  })

  it("an address in ADMIN_EMAILS becomes admin", async () => {
    const res = await post("/better-auth/sign-up/email", {
      email: "boss@example.test",
      password: "long enough pw",
      name: "Boss",
    })
    const token = signedToken(res)
    const answer = await session({ authorization: `Bearer ${token}` })
    expect(answer?.role).toBe("admin")
    expect(answer?.roleEndAt).toBeNull()
    expect(answer?.feedSubscriptionLimit).toBeNull()
  })

  it("the first account is admin when ADMIN_EMAILS is unset", async () => {
    const fresh = await startTestServer({}, { freshDatabase: true })
    try {
      const first = await signUp(fresh.url)
      const second = await signUp(fresh.url)
      const roleOf = async (token: string) => {
        const res = await fetch(`${fresh.url}/better-auth/get-session`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return ((await res.json()) as { role: string }).role
      }
      expect([await roleOf(first.token), await roleOf(second.token)]).toEqual(["admin", "trial"])
    } finally {
      await fresh.close()
    }
  })

  it("signs in with the password, keeps a cookie session, and signs out", async () => {
    const user = await signUp(server.url)
    const wrong = await post("/better-auth/sign-in/email", { email: user.email, password: "wrong password" })
    expect(wrong.status).toBe(401)
    const res = await post("/better-auth/sign-in/email", { email: user.email, password: user.password })
    expect(res.status).toBe(200)
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!
    expect(cookie).toMatch(/^better-auth\.session_token=/)
    expect((await session({ cookie }))?.user.id).toBe(user.id)
    const api = await fetch(`${server.url}/reads`, { headers: { cookie } })
    expect(api.status).toBe(200)

    const out = await post("/better-auth/sign-out", {}, { cookie })
    expect(out.status).toBe(200)
    expect(await session({ cookie })).toBeNull()
    expect((await fetch(`${server.url}/reads`, { headers: { cookie } })).status).toBe(401)
  })

  it("revoking a user's sessions ends them at once, however recently they were used", async () => {
    const user = await signUp(server.url)
    const again = await post("/better-auth/sign-in/email", { email: user.email, password: user.password })
    const second = signedToken(again)
    const reads = (token: string) => fetch(`${server.url}/reads`, { headers: { authorization: `Bearer ${token}` } })
    expect([(await reads(user.token)).status, (await reads(second)).status]).toEqual([200, 200])
    const revoke = await post("/better-auth/revoke-sessions", {}, { authorization: `Bearer ${second}` })
    expect(revoke.status).toBe(200)
    expect([(await reads(user.token)).status, (await reads(second)).status]).toEqual([401, 401])
  })

  it("accepts the signed token as a bearer, not the raw session token stored in the database", async () => {
    const res = await post("/better-auth/sign-up/email", {
      email: `bearer-${Date.now()}@example.test`,
      password: "correct horse battery",
      name: "Bearer",
    })
    const raw = ((await res.json()) as { token: string }).token
    const signed = signedToken(res)
    expect(decodeURIComponent(signed).startsWith(`${raw}.`)).toBe(true)
    const reads = (token: string) => fetch(`${server.url}/reads`, { headers: { authorization: `Bearer ${token}` } })
    expect((await reads(raw)).status).toBe(401)
    expect((await reads(signed)).status).toBe(200)
    expect(await session({ authorization: `Bearer ${raw}` })).toBeNull()
  })

  it("refuses a duplicate e-mail and a short password", async () => {
    const user = await signUp(server.url)
    expect(
      (await post("/better-auth/sign-up/email", { email: user.email, password: "another password", name: "x" })).status,
    ).toBe(422)
    expect(
      (await post("/better-auth/sign-up/email", { email: "short@example.test", password: "short", name: "x" })).status,
    ).toBe(400)
  })

  it("answers a cross-origin preflight for allowed origins only", async () => {
    const other = await startTestServer({ CORS_ORIGINS: "https://app.example.test" })
    try {
      const preflight = (origin: string) =>
        fetch(`${other.url}/entries`, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type,x-app-name",
          },
        })
      const allowed = await preflight("https://app.example.test")
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.test")
      expect(allowed.headers.get("access-control-allow-credentials")).toBe("true")
      expect(allowed.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-app-name")
      const denied = await preflight("https://evil.example.test")
      expect(denied.headers.get("access-control-allow-origin")).toBeNull()
      // The answers themselves carry the allowance for that origin only, and say they vary by origin.
      const get = (origin: string) => fetch(`${other.url}/status/configs`, { headers: { origin } })
      const answer = await get("https://app.example.test")
      expect(answer.headers.get("access-control-allow-origin")).toBe("https://app.example.test")
      expect(answer.headers.get("access-control-allow-credentials")).toBe("true")
      expect(answer.headers.get("vary")).toMatch(/origin/i)
      expect((await get("https://evil.example.test")).headers.get("access-control-allow-origin")).toBeNull()
    } finally {
      await other.close()
    }
  })
})
