// Sign-in limits: per client address (the socket's, or X-Forwarded-For only when TRUST_PROXY says so) and per account
// with a back-off that no change of address escapes.
import http from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveClientAddress } from "../src/client-address.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp, type TestUser } from "./support/users.ts"

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  body: any
}

/** A sign-in over a socket bound to `from` (any 127.x address reaches the server on this machine). */
function signIn(
  server: TestServer,
  from: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = JSON.stringify(credentials)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/better-auth/sign-in/email`,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { "content-type": "application/json", origin: server.url, ...headers },
      },
      (res) => {
        let text = ""
        res.on("data", (c) => {
          text += c
        })
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }),
        )
      },
    )
    req.on("error", reject)
    req.end(payload)
  })
}

const wrong = (user: TestUser) => ({ email: user.email, password: "not the password" })
const right = (user: TestUser) => ({ email: user.email, password: user.password })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe("per client address, TRUST_PROXY off", () => {
  let server: TestServer
  let user: TestUser
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: "true" })
    user = await signUp(server.url)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("three wrong passwords from one client do not block another", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(server, "127.0.0.2", wrong(user))).status).toBe(401)
    const blocked = await signIn(server, "127.0.0.2", right(user))
    expect(blocked.status).toBe(429)
    expect(blocked.body).toMatchObject({ code: 1, data: { retryAfter: expect.any(Number) } })
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0)
    const other = await signIn(server, "127.0.0.3", right(user))
    expect(other.status).toBe(200)
  })

  it("a forged X-Forwarded-For does not open a new bucket", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await signIn(server, "127.0.0.4", wrong(user), { "x-forwarded-for": `198.51.100.${i}` })
      expect(res.status).toBe(401)
    }
    const forged = await signIn(server, "127.0.0.4", right(user), { "x-forwarded-for": "198.51.100.99" })
    expect(forged.status).toBe(429)
  })
})

describe("behind a trusted proxy, with a per-account back-off", () => {
  let server: TestServer
  let address = 0
  // Every attempt from a new address, as a distributed guesser would: only the account limit can stop them.
  const fresh = () => ({ "x-forwarded-for": `203.0.113.${++address}` })
  beforeAll(async () => {
    server = await startTestServer({
      AUTH_RATE_LIMIT: "true",
      TRUST_PROXY: "true",
      AUTH_LOCKOUT_FAILURES: "3",
      AUTH_LOCKOUT_SECONDS: "2",
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("believes X-Forwarded-For when TRUST_PROXY is on: clients behind the proxy have their own buckets", async () => {
    const user = await signUp(server.url, "Proxied", undefined, fresh())
    for (let i = 0; i < 2; i++) expect((await signIn(server, "127.0.0.5", wrong(user), fresh())).status).toBe(401)
    expect((await signIn(server, "127.0.0.5", right(user), fresh())).status).toBe(200)
    expect((await signIn(server, "127.0.0.5", right(user), fresh())).status).toBe(200)
  })

  it("two clients behind the proxy: one's wrong passwords block only that client's forwarded address", async () => {
    const guessed = await signUp(server.url, "Guessed", undefined, fresh())
    const bystander = await signUp(server.url, "Bystander", undefined, fresh())
    const a = { "x-forwarded-for": "192.0.2.10" }
    const b = { "x-forwarded-for": "192.0.2.11" }
    for (let i = 0; i < 3; i++) await signIn(server, "127.0.0.8", wrong(guessed), a)
    const blocked = await signIn(server, "127.0.0.8", right(bystander), a)
    expect(blocked.status).toBe(429)
    expect(blocked.body.reason).toContain("address")
    expect((await signIn(server, "127.0.0.8", right(bystander), b)).status).toBe(200)
  })

  it("locks the account across addresses after the allowed failures, doubling the lock each time", async () => {
    const user = await signUp(server.url, "Locked", undefined, fresh())
    for (let i = 0; i < 3; i++) expect((await signIn(server, "127.0.0.6", wrong(user), fresh())).status).toBe(401)
    const locked = await signIn(server, "127.0.0.6", right(user), fresh())
    expect(locked.status).toBe(429)
    expect(locked.body.code).toBe(1)
    expect(locked.body.reason).toContain("account")
    expect(locked.body.message).toMatch(/try again in \d+ s/)
    expect(locked.body.data.retryAfter).toBeGreaterThanOrEqual(1)
    expect(locked.body.data.retryAfter).toBeLessThanOrEqual(2)
    expect(Number(locked.headers["retry-after"])).toBe(locked.body.data.retryAfter)
    const other = await signUp(server.url, "Unaffected", undefined, fresh())
    expect((await signIn(server, "127.0.0.6", right(other), fresh())).status).toBe(200)

    await sleep(2100)
    expect((await signIn(server, "127.0.0.6", wrong(user), fresh())).status).toBe(401)
    const longer = await signIn(server, "127.0.0.6", right(user), fresh())
    expect(longer.status).toBe(429)
    expect(longer.body.data.retryAfter).toBeGreaterThan(2)
  })

  it("forgets the failures after a successful sign-in", async () => {
    const user = await signUp(server.url, "Forgiven", undefined, fresh())
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await signIn(server, "127.0.0.7", wrong(user), fresh())).status).toBe(401)
      expect((await signIn(server, "127.0.0.7", right(user), fresh())).status).toBe(200)
    }
  })
})

describe("resolving the client address", () => {
  it("takes the socket's peer unless TRUST_PROXY reaches the forwarded entries", () => {
    const xff = "192.0.2.1, 10.0.0.2"
    expect(resolveClientAddress("::ffff:10.0.0.3", xff, false)).toBe("10.0.0.3")
    expect(resolveClientAddress("10.0.0.3", xff, true)).toBe("192.0.2.1")
    expect(resolveClientAddress("10.0.0.3", xff, 1)).toBe("10.0.0.2")
    expect(resolveClientAddress("10.0.0.3", xff, 2)).toBe("192.0.2.1")
    expect(resolveClientAddress("10.0.0.3", xff, 5)).toBe("192.0.2.1")
    expect(resolveClientAddress("10.0.0.3", xff, ["10.0.0.0/8"])).toBe("192.0.2.1")
    expect(resolveClientAddress("10.0.0.3", xff, ["10.0.0.3"])).toBe("10.0.0.2")
    expect(resolveClientAddress("10.0.0.3", "not-an-address", 1)).toBe("10.0.0.3")
  })
})
