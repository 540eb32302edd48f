// Sending from the browser side (fetch), against a real loopback server: a 2xx is a save, anything else carries the
// service's answer, a qBittorrent login answering "Fails." stops before the torrent is sent.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SavePlan } from "./requests.ts"
import { sendPlan } from "./send.ts"

let server: Server
let origin = ""
const seen: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    if (req.url === "/login") return res.writeHead(200).end("Fails.")
    if (req.url === "/refuse") return res.writeHead(403).end(`Not allowed: ${"x".repeat(400)}`)
    res.writeHead(201).end("created")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const plan = (...paths: string[]): SavePlan => ({
  kind: "http",
  steps: paths.map((p) => ({ method: "POST", url: `${origin}${p}`, headers: {}, body: "{}", login: p === "/login" })),
})

describe("sendPlan from the browser", () => {
  it("counts a 2xx answer as saved", async () => {
    expect(await sendPlan(plan("/save"), { browserFetch: true })).toEqual({ ok: true })
  })

  it("reports the status and the start of the service's answer", async () => {
    const result = await sendPlan(plan("/refuse"), { browserFetch: true })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.detail).toBe(`HTTP 403: Not allowed: ${"x".repeat(287)}`)
  })

  it("stops after a refused login", async () => {
    seen.length = 0
    const result = await sendPlan(plan("/login", "/add"), { browserFetch: true })
    expect(result).toEqual({ ok: false, detail: "HTTP 200: Fails." })
    expect(seen).toEqual(["POST /login"])
  })

  it("reports a connection that fails as a network problem", async () => {
    const result = await sendPlan(
      { kind: "http", steps: [{ method: "POST", url: "http://127.0.0.1:9/x", headers: {} }] },
      { browserFetch: true },
    )
    expect(result).toMatchObject({ ok: false, network: true })
  })
})
