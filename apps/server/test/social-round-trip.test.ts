// GitHub and Google sign-in, the whole round trip, and linking / unlinking them to an account that signed up with a
// password. The providers are one loopback stand-in this test starts, speaking GitHub's and Google's OAuth endpoints;
// the process's HTTP dispatcher sends github.com, api.github.com, accounts.google.com and oauth2.googleapis.com to
// it (better-auth has those origins built in), so nothing reaches the internet and the server's code is unchanged.
import { randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cookieHeader, keepCookies } from "./support/cookies.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp } from "./support/users.ts"

const PROVIDER_HOSTS = ["github.com", "api.github.com", "accounts.google.com", "oauth2.googleapis.com"]

interface Person {
  sub: string
  email: string
  name: string
}

/** An unsigned-by-Google but well-formed id_token: better-auth reads its claims after the code exchange. */
function idToken(claims: Record<string, unknown>) {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url")
  return `${part({ alg: "RS256", kid: "stand-in", typ: "JWT" })}.${part(claims)}.${randomBytes(32).toString("base64url")}`
}

async function startProviders() {
  const codes = new Map<string, { provider: string; redirect: string; clientId: string; person: Person }>()
  const tokens = new Map<string, Person>()
  const seen: string[] = []
  let next: Person = { sub: "1001", email: "gh@example.test", name: "Gita Hub" }
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const host = (req.headers.host ?? "").replace(/:\d+$/, "")
      const url = new URL(req.url ?? "/", `https://${host}`)
      seen.push(`${req.method} ${host}${url.pathname}`)
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
      const authorize = (provider: string) => {
        const q = url.searchParams
        if (q.get("response_type") !== "code" || !q.get("client_id") || !q.get("state")) return json(400, {})
        const code = randomBytes(10).toString("hex")
        codes.set(code, { provider, redirect: q.get("redirect_uri")!, clientId: q.get("client_id")!, person: next })
        const back = new URL(q.get("redirect_uri")!)
        back.searchParams.set("code", code)
        back.searchParams.set("state", q.get("state")!)
        res.writeHead(302, { location: back.href }).end()
      }
      const exchange = (provider: string, secret: string) => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString())
        const grant = codes.get(form.get("code") ?? "")
        const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString()
        const [clientId, clientSecret] = basic ? basic.split(":") : [form.get("client_id"), form.get("client_secret")]
        if (!grant || grant.provider !== provider || form.get("redirect_uri") !== grant.redirect)
          return json(400, { error: "invalid_grant" })
        if (clientId !== grant.clientId || clientSecret !== secret) return json(401, { error: "invalid_client" })
        codes.delete(form.get("code")!)
        const token = randomBytes(16).toString("hex")
        tokens.set(token, grant.person)
        return json(200, {
          access_token: token,
          token_type: "bearer",
          scope: provider === "github" ? "read:user,user:email" : "openid email profile",
          ...(provider === "google"
            ? {
                expires_in: 3599,
                id_token: idToken({
                  iss: "https://accounts.google.com",
                  aud: clientId,
                  sub: grant.person.sub,
                  email: grant.person.email,
                  email_verified: true,
                  name: grant.person.name,
                  iat: Math.floor(Date.now() / 1000),
                  exp: Math.floor(Date.now() / 1000) + 3600,
                }),
              }
            : {}),
        })
      }
      const bearer = () => tokens.get((req.headers.authorization ?? "").replace(/^Bearer /i, ""))
      if (host === "github.com" && url.pathname === "/login/oauth/authorize") return authorize("github")
      if (host === "github.com" && url.pathname === "/login/oauth/access_token" && req.method === "POST")
        return exchange("github", "gh-secret")
      if (host === "api.github.com" && url.pathname === "/user") {
        const who = bearer()
        if (!who) return json(401, { message: "Bad credentials" })
        // GitHub leaves email null when the address is private; the server asks /user/emails for it.
        return json(200, { id: Number(who.sub), login: "gitahub", name: who.name, email: null, avatar_url: "" })
      }
      if (host === "api.github.com" && url.pathname === "/user/emails") {
        const who = bearer()
        if (!who) return json(401, { message: "Bad credentials" })
        return json(200, [
          { email: "old@example.test", primary: false, verified: true },
          { email: who.email, primary: true, verified: true },
        ])
      }
      if (host === "accounts.google.com" && url.pathname === "/o/oauth2/v2/auth") return authorize("google")
      if (host === "oauth2.googleapis.com" && url.pathname === "/token" && req.method === "POST")
        return exchange("google", "google-secret")
      json(404, { error: "not found" })
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve))
  const port = (srv.address() as AddressInfo).port
  return {
    port,
    seen,
    as(person: Person) {
      next = person
    },
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections()
        srv.close(() => resolve())
      }),
  }
}

/** Sends the providers' origins to the stand-in (plain HTTP, the Host header kept); everything else goes its way. */
class ProviderRoutes extends Agent {
  constructor(private readonly port: number) {
    super()
  }
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = new URL(String(options.origin))
    if (!PROVIDER_HOSTS.includes(origin.hostname)) return super.dispatch(options, handler)
    const headers = { ...(options.headers as Record<string, string>), host: origin.hostname }
    return super.dispatch({ ...options, origin: `http://127.0.0.1:${this.port}`, headers }, handler)
  }
}

let providers: Awaited<ReturnType<typeof startProviders>>
let server: TestServer
let previous: Dispatcher

beforeAll(async () => {
  providers = await startProviders()
  previous = getGlobalDispatcher()
  setGlobalDispatcher(new ProviderRoutes(providers.port))
  server = await startTestServer({
    GITHUB_CLIENT_ID: "gh-client",
    GITHUB_CLIENT_SECRET: "gh-secret",
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
  })
})
afterAll(async () => {
  await server?.close()
  if (previous) setGlobalDispatcher(previous)
  await providers?.close()
})

/** The browser's way: the sign-in (or link) call → the provider's page → the server's callback. */
async function roundTrip(
  provider: "github" | "google",
  jar: Map<string, string>,
  path = "/better-auth/sign-in/social",
) {
  const start = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie: cookieHeader(jar) },
    body: JSON.stringify({ provider, callbackURL: `${server.url}/timeline` }),
  })
  expect(start.status).toBe(200)
  keepCookies(jar, start)
  const { url } = (await start.json()) as { url: string }
  const atProvider = await fetch(url, { redirect: "manual" })
  expect(atProvider.status).toBe(302)
  const callback = atProvider.headers.get("location")!
  expect(callback.startsWith(`${server.url}/better-auth/callback/${provider}?`)).toBe(true)
  const back = await fetch(callback, { redirect: "manual", headers: { cookie: cookieHeader(jar) } })
  keepCookies(jar, back)
  return { status: back.status, location: back.headers.get("location") ?? "" }
}

const session = async (jar: Map<string, string>) =>
  (await (await fetch(`${server.url}/better-auth/get-session`, { headers: { cookie: cookieHeader(jar) } })).json()) as {
    user: { id: string; email: string; name: string }
  } | null
const accounts = async (jar: Map<string, string>) =>
  (
    (await (
      await fetch(`${server.url}/better-auth/list-accounts`, { headers: { cookie: cookieHeader(jar) } })
    ).json()) as {
      providerId: string
      accountId: string
    }[]
  )
    .map((a) => `${a.providerId}:${a.accountId}`)
    .sort()

describe("GitHub and Google sign-in", () => {
  it("signs a new user in with GitHub, taking the primary verified address from /user/emails", async () => {
    providers.as({ sub: "4242", email: "gita@example.test", name: "Gita Hub" })
    const jar = new Map<string, string>()
    expect(await roundTrip("github", jar)).toEqual({ status: 302, location: `${server.url}/timeline` })
    expect((await session(jar))?.user).toMatchObject({ email: "gita@example.test", name: "Gita Hub" })
    expect(await accounts(jar)).toEqual(["github:4242"])
    expect(providers.seen).toEqual(
      expect.arrayContaining([
        "POST github.com/login/oauth/access_token",
        "GET api.github.com/user",
        "GET api.github.com/user/emails",
      ]),
    )
    // The same GitHub account again is the same user.
    const again = new Map<string, string>()
    await roundTrip("github", again)
    expect((await session(again))?.user.id).toBe((await session(jar))?.user.id)
  })

  it("signs a new user in with Google from the id_token of the code exchange", async () => {
    providers.as({ sub: "google-sub-77", email: "gus@example.test", name: "Gus Oogle" })
    const jar = new Map<string, string>()
    expect(await roundTrip("google", jar)).toEqual({ status: 302, location: `${server.url}/timeline` })
    expect((await session(jar))?.user).toMatchObject({ email: "gus@example.test", name: "Gus Oogle" })
    expect(await accounts(jar)).toEqual(["google:google-sub-77"])
  })

  it("links GitHub and Google to a password account, signs in through them, and unlinks one", async () => {
    const reader = await signUp(server.url, "Linker")
    const jar = new Map<string, string>([reader.cookie.split("=") as [string, string]])
    providers.as({ sub: "5150", email: "linker-gh@example.test", name: "Linker GH" })
    expect(await roundTrip("github", jar, "/better-auth/link-social")).toEqual({
      status: 302,
      location: `${server.url}/timeline`,
    })
    providers.as({ sub: "google-sub-5150", email: reader.email, name: "Linker G" })
    await roundTrip("google", jar, "/better-auth/link-social")
    expect(await accounts(jar)).toEqual([`credential:${reader.id}`, "github:5150", "google:google-sub-5150"])

    // Signing in with the linked GitHub account opens the password account, not a new one.
    providers.as({ sub: "5150", email: "linker-gh@example.test", name: "Linker GH" })
    const viaGithub = new Map<string, string>()
    await roundTrip("github", viaGithub)
    expect((await session(viaGithub))?.user).toMatchObject({ id: reader.id, email: reader.email })

    // By the row id list-accounts answers, as the settings screen sends it.
    const rows = (await (
      await fetch(`${server.url}/better-auth/list-accounts`, { headers: { cookie: cookieHeader(jar) } })
    ).json()) as { id: string; providerId: string }[]
    const unlink = await fetch(`${server.url}/better-auth/unlink-account`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie: cookieHeader(jar) },
      body: JSON.stringify({ accountId: rows.find((r) => r.providerId === "github")!.id }),
    })
    expect(unlink.status).toBe(200)
    expect(await accounts(jar)).toEqual([`credential:${reader.id}`, "google:google-sub-5150"])
    // Unlinked: the GitHub account now signs in as someone new.
    const after = new Map<string, string>()
    await roundTrip("github", after)
    expect((await session(after))?.user.id).not.toBe(reader.id)
  })

  it("refuses a code the provider did not give, and signs no one in", async () => {
    const jar = new Map<string, string>()
    const start = await fetch(`${server.url}/better-auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ provider: "github", callbackURL: `${server.url}/timeline` }),
    })
    keepCookies(jar, start)
    const { url } = (await start.json()) as { url: string }
    const state = new URL(url).searchParams.get("state")!
    const back = await fetch(`${server.url}/better-auth/callback/github?code=forged&state=${state}`, {
      redirect: "manual",
      headers: { cookie: cookieHeader(jar) },
    })
    keepCookies(jar, back)
    expect(back.status).toBe(302)
    expect(back.headers.get("location")).toContain("error=")
    expect(await session(jar)).toBeNull()
  })
})
