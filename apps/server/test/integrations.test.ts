// The integration relay: it sends the request as given to a loopback stand-in and hands back the service's answer,
// refuses bad input with the catalogue's errors, keeps to the SSRF guard, caps the answer, and logs no secret.
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RELAY_PER_USER } from "../src/services/integrations.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

interface Received {
  method: string
  url: string
  headers: IncomingMessage["headers"]
  body: string
}

let server: TestServer
let guarded: TestServer
let standIn: Server
let standInUrl: string
const received: Received[] = []
const held: (() => void)[] = []
const lines: string[] = []
const TOKEN = "rd-secret-token-4f9a"

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = ""
    req.on("data", (chunk) => (body += chunk))
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      if (req.url === "/big") return res.end("x".repeat(300 * 1024))
      if (req.url === "/slow") return held.push(() => res.end("late"))
      if (req.url === "/denied") return res.writeHead(401, { "content-type": "text/plain" }).end("Invalid token")
      res
        .writeHead(202, { "content-type": "application/json", location: "/api/bookmarks/42", "x-other": "dropped" })
        .end(JSON.stringify({ ok: true }))
    })
  })
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve))
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  server = await startTestServer({ LOG_LEVEL: "debug" }, { logSink: (line) => lines.push(line) })
  guarded = await startTestServer({ ALLOW_PRIVATE_NETWORK: "false" })
})
afterAll(async () => {
  await Promise.all([server?.close(), guarded?.close()])
  await new Promise((resolve) => standIn?.close(resolve))
})

const relayCall = (headers: Record<string, string> = {}) => ({
  method: "POST",
  url: `${standInUrl}/api/bookmarks`,
  headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", ...headers },
  body: JSON.stringify({ url: "https://example.com/a", title: "A" }),
})

describe("POST /integrations/relay", () => {
  it("sends the request as given and answers the service's status, body and kept headers", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    received.length = 0
    const res = await http("POST", "/integrations/relay", relayCall({ Host: "evil.example", Cookie: "SID=abc" }))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 0,
      data: {
        status: 202,
        headers: { "content-type": "application/json", location: "/api/bookmarks/42" },
        body: '{"ok":true}',
      },
    })
    expect(received).toHaveLength(1)
    const [got] = received
    expect(got).toMatchObject({ method: "POST", url: "/api/bookmarks" })
    expect(JSON.parse(got!.body)).toEqual({ url: "https://example.com/a", title: "A" })
    expect(got!.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(got!.headers["content-type"]).toBe("application/json")
    expect(got!.headers.cookie).toBe("SID=abc")
    // The relay sets the host itself: a caller cannot aim the request at another virtual host.
    expect(got!.headers.host).toBe(new URL(standInUrl).host)
  })

  it("hands back a service's refusal as its answer, not as an error of ours", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    const res = await http("POST", "/integrations/relay", { method: "GET", url: `${standInUrl}/denied` })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 401, body: "Invalid token" })
  })

  it("needs a session", async () => {
    const res = await apiAs(server.url, undefined)("POST", "/integrations/relay", relayCall())
    expect(res.status).toBe(401)
  })

  it("refuses bad input with 400 InvalidInput and sends nothing", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    received.length = 0
    const bad = [
      { ...relayCall(), method: "CONNECT" },
      { ...relayCall(), url: "ftp://127.0.0.1/x" },
      { ...relayCall(), url: "not a url" },
      { ...relayCall(), headers: { "X-Bad": "a\r\nInjected: 1" } },
      { ...relayCall(), headers: { "Bad Name": "x" } },
      { ...relayCall(), body: "x".repeat(513 * 1024) },
      "not json",
    ]
    for (const body of bad) {
      const res = await http("POST", "/integrations/relay", body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.code).toBe(4)
    }
    expect(received).toHaveLength(0)
  })

  it("refuses a private address when ALLOW_PRIVATE_NETWORK is off (422, nothing sent)", async () => {
    const http = apiAs(guarded.url, await signUp(guarded.url))
    received.length = 0
    for (const url of [`${standInUrl}/api/bookmarks`, "http://localhost:9/x", "http://[::1]:9/x"]) {
      const res = await http("POST", "/integrations/relay", { ...relayCall(), url })
      expect(res.status).toBe(422)
      expect(res.body).toMatchObject({ code: 3, reason: "Refused: private or loopback address" })
    }
    expect(received).toHaveLength(0)
  })

  it("caps the answer it reads and says why", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    const res = await http("POST", "/integrations/relay", { method: "GET", url: `${standInUrl}/big` })
    expect(res.status).toBe(422)
    expect(res.body.reason).toMatch(/larger than 256 KiB/)
  })

  it("reports an unreachable service without its URL", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    const res = await http("POST", "/integrations/relay", { method: "POST", url: "http://127.0.0.1:9/?token=abc" })
    expect(res.status).toBe(422)
    expect(res.body.reason).toBe("Connection refused")
  })

  it("lets one user wait on a few relayed requests at once (429, code 1, beyond), not other users", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    const other = apiAs(server.url, await signUp(server.url))
    const slow = { method: "GET", url: `${standInUrl}/slow` }
    const waiting = Array.from({ length: RELAY_PER_USER }, () => http("POST", "/integrations/relay", slow))
    await expect.poll(() => held.length).toBe(RELAY_PER_USER)
    const refused = await http("POST", "/integrations/relay", slow)
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe(1)
    const theirs = await other("POST", "/integrations/relay", { method: "GET", url: `${standInUrl}/denied` })
    expect(theirs.body.data.status).toBe(401)
    for (const release of held.splice(0)) release()
    for (const answer of await Promise.all(waiting))
      expect(answer.body.data).toMatchObject({ status: 200, body: "late" })
    // Once they are answered, the user may relay again.
    expect((await http("POST", "/integrations/relay", { method: "GET", url: `${standInUrl}/denied` })).status).toBe(200)
  })

  it("logs no header value, token or body it relayed", async () => {
    const http = apiAs(server.url, await signUp(server.url))
    lines.length = 0
    await http("POST", "/integrations/relay", relayCall({ "X-Api-Key": "key-77aa", Cookie: "SID=cookie-5b" }))
    await http("POST", "/integrations/relay", { ...relayCall(), url: "http://127.0.0.1:9/?token=q-token-1" })
    await http("POST", "/integrations/relay", { ...relayCall(), headers: { Authorization: `Bearer ${TOKEN}\n` } })
    expect(lines.length).toBeGreaterThan(0)
    for (const secret of [TOKEN, "key-77aa", "cookie-5b", "q-token-1", "example.com/a"])
      expect(lines.filter((line) => line.includes(secret))).toEqual([])
  })
})
