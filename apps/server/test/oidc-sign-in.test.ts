// Sign-in with a generic OpenID Connect provider, round trip: the server reads the issuer's discovery document
// (through the SSRF guard), /better-auth/sign-in/social {provider: "oidc"} answers the provider's authorization URL
// (with PKCE), the provider sends the browser back with a code, and the callback exchanges it (client_secret_basic,
// code_verifier checked), reads userinfo and signs the user in. The provider is a loopback stand-in this test starts.
import { createHash, randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cookieHeader, keepCookies } from "./support/cookies.ts"
import { startTestServer, type TestServer } from "./support/server.ts"

const CLIENT_ID = "tidings-client"
const CLIENT_SECRET = "oidc-client-secret-value"

async function startProvider() {
  const codes = new Map<string, { challenge: string; redirect: string; email: string }>()
  const tokens = new Map<string, { sub: string; email: string }>()
  const seen: string[] = []
  let nextEmail = "oidc-user@example.test"
  let base = ""
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base)
      seen.push(url.pathname)
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
      if (url.pathname === "/realm/.well-known/openid-configuration")
        return json(200, {
          issuer: `${base}/realm`,
          authorization_endpoint: `${base}/realm/authorize`,
          token_endpoint: `${base}/realm/token`,
          userinfo_endpoint: `${base}/realm/userinfo`,
          response_types_supported: ["code"],
        })
      if (url.pathname === "/realm/authorize") {
        const q = url.searchParams
        if (q.get("client_id") !== CLIENT_ID || q.get("response_type") !== "code") return json(400, { error: "bad" })
        if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return json(400, { error: "pkce" })
        if (!q.get("scope")?.split(" ").includes("openid")) return json(400, { error: "scope" })
        const code = randomBytes(12).toString("hex")
        codes.set(code, { challenge: q.get("code_challenge")!, redirect: q.get("redirect_uri")!, email: nextEmail })
        const back = new URL(q.get("redirect_uri")!)
        back.searchParams.set("code", code)
        back.searchParams.set("state", q.get("state")!)
        return res.writeHead(302, { location: back.href }).end()
      }
      if (url.pathname === "/realm/token" && req.method === "POST") {
        const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString()
        if (basic !== `${CLIENT_ID}:${CLIENT_SECRET}`) return json(401, { error: "invalid_client" })
        const form = new URLSearchParams(Buffer.concat(chunks).toString())
        const grant = codes.get(form.get("code") ?? "")
        if (!grant || form.get("grant_type") !== "authorization_code" || form.get("redirect_uri") !== grant.redirect)
          return json(400, { error: "invalid_grant" })
        const verifier = form.get("code_verifier") ?? ""
        if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge)
          return json(400, { error: "invalid_grant", error_description: "PKCE" })
        codes.delete(form.get("code")!)
        const token = randomBytes(16).toString("hex")
        tokens.set(token, { sub: `sub-${grant.email}`, email: grant.email })
        return json(200, { access_token: token, token_type: "Bearer", expires_in: 300, scope: "openid email profile" })
      }
      if (url.pathname === "/realm/userinfo") {
        const who = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""))
        if (!who) return json(401, { error: "invalid_token" })
        return json(200, { sub: who.sub, email: who.email, email_verified: true, name: "Olive Idc" })
      }
      json(404, { error: "not found" })
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`
  return {
    issuer: `${base}/realm`,
    seen,
    setEmail: (email: string) => {
      nextEmail = email
    },
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections()
        srv.close(() => resolve())
      }),
  }
}

let provider: Awaited<ReturnType<typeof startProvider>>
let server: TestServer

beforeAll(async () => {
  provider = await startProvider()
  server = await startTestServer({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: "Company SSO",
  })
})
afterAll(async () => {
  await server?.close()
  await provider?.close()
})

/** Walks the browser's way: sign-in call → provider → callback; answers the cookie jar and where it ended. */
async function signInWithOidc(jar = new Map<string, string>(), path = "/better-auth/sign-in/social") {
  const start = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie: cookieHeader(jar) },
    body: JSON.stringify({ provider: "oidc", callbackURL: `${server.url}/timeline` }),
  })
  expect(start.status).toBe(200)
  keepCookies(jar, start)
  const { url } = (await start.json()) as { url: string }
  expect(url.startsWith(`${provider.issuer}/authorize?`)).toBe(true)
  const atProvider = await fetch(url, { redirect: "manual" })
  expect(atProvider.status).toBe(302)
  const callback = atProvider.headers.get("location")!
  expect(callback.startsWith(`${server.url}/better-auth/callback/oidc?`)).toBe(true)
  const back = await fetch(callback, { redirect: "manual", headers: { cookie: cookieHeader(jar) } })
  keepCookies(jar, back)
  return { jar, status: back.status, location: back.headers.get("location") ?? "" }
}

describe("OpenID Connect sign-in", () => {
  it("is listed by get-providers under its configured name, from the issuer's discovery document", async () => {
    const res = await fetch(`${server.url}/better-auth/get-providers`)
    expect(await res.json()).toEqual({ oidc: { id: "oidc", name: "Company SSO" } })
    expect(provider.seen).toContain("/realm/.well-known/openid-configuration")
  })

  it("signs a new user in through the provider and back, with PKCE and the client's secret", async () => {
    provider.setEmail("olive@example.test")
    const { jar, status, location } = await signInWithOidc()
    expect(status).toBe(302)
    expect(location).toBe(`${server.url}/timeline`)
    const session = await fetch(`${server.url}/better-auth/get-session`, { headers: { cookie: cookieHeader(jar) } })
    const body = (await session.json()) as { user: { email: string; name: string } }
    expect(body.user).toMatchObject({ email: "olive@example.test", name: "Olive Idc" })
    const accounts = await fetch(`${server.url}/better-auth/list-accounts`, { headers: { cookie: cookieHeader(jar) } })
    const list = (await accounts.json()) as { providerId: string }[]
    expect(list.map((a) => a.providerId)).toEqual(["oidc"])
    // A second sign-in finds the same user (same subject), not a new one.
    const again = await signInWithOidc()
    const second = await fetch(`${server.url}/better-auth/get-session`, {
      headers: { cookie: cookieHeader(again.jar) },
    })
    expect(((await second.json()) as { user: { id: string } }).user.id).toBe(
      (
        (await (
          await fetch(`${server.url}/better-auth/get-session`, { headers: { cookie: cookieHeader(jar) } })
        ).json()) as {
          user: { id: string }
        }
      ).user.id,
    )
  })

  it("is not offered when discovery is refused by the SSRF guard (a loopback issuer without ALLOW_PRIVATE_NETWORK)", async () => {
    const guarded = await startTestServer({
      ALLOW_PRIVATE_NETWORK: "false",
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    })
    try {
      expect(await (await fetch(`${guarded.url}/better-auth/get-providers`)).json()).toEqual({})
      const res = await fetch(`${guarded.url}/better-auth/sign-in/social`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: guarded.url },
        body: JSON.stringify({ provider: "oidc", callbackURL: "/timeline" }),
      })
      expect(res.status).toBeGreaterThanOrEqual(400)
    } finally {
      await guarded.close()
    }
  })
})
