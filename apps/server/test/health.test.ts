// Readiness and liveness: /health answers 503 within about a second (its 1 s time box) when the database is away (refusing or never
// answering), /health/live stays 200, and /probes/redis reports a dead Redis within 2 s.
import net from "node:net"
import { drizzle } from "drizzle-orm/node-postgres"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import type { Database, DB } from "../src/storage/db.ts"
import * as schema from "../src/storage/schema.ts"
import { bootServer } from "./support/boot.ts"
import { startTestServer, type TestServer } from "./support/server.ts"

const servers: TestServer[] = []
const sockets: net.Socket[] = []
const blackHoles: net.Server[] = []
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  for (const hole of blackHoles) await new Promise((resolve) => hole.close(resolve))
  for (const server of servers) await server.close()
})

/**
 * A port where nothing listens: a privileged one that refuses now (an ephemeral port freed here can be taken by
 * another test file's server before the database call, which then sees a connection cut instead of refused).
 */
async function deadPort(): Promise<number> {
  for (const port of [1, 4, 6, 8]) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1")
      socket.once("connect", () => {
        socket.destroy()
        resolve(false)
      })
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"))
    }).catch(() => false)
    if (refused) return port
  }
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** A port that accepts connections and never says a word: a database that hangs. */
async function blackHolePort(): Promise<number> {
  const hole = net.createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => hole.listen(0, "127.0.0.1", resolve))
  blackHoles.push(hole)
  return (hole.address() as net.AddressInfo).port
}

/** The app on a PostgreSQL that is not there (nothing at boot needs the database). */
function unreachablePostgres(port: number): Database {
  const pool = new pg.Pool({ connectionString: `postgres://tidings:secret@127.0.0.1:${port}/tidings`, max: 2 })
  pool.on("error", () => {})
  const db = drizzle(pool, { schema }) as unknown as DB
  return { db, kind: "postgres", close: () => pool.end() }
}

async function timedGet(url: string) {
  const started = performance.now()
  const res = await fetch(url)
  const body = (await res.json()) as { code: number; reason?: string; data?: unknown }
  return { status: res.status, body, ms: performance.now() - started }
}

describe("health", () => {
  it("is ready and live while the database answers", async () => {
    const server = await startTestServer()
    servers.push(server)
    const ready = await timedGet(`${server.url}/health`)
    expect([ready.status, ready.body.code]).toEqual([200, 0])
    expect(ready.body.data).toMatchObject({ status: "ok", database: expect.any(Number) })
    expect((await timedGet(`${server.url}/health/live`)).status).toBe(200)
  })

  it.each([
    ["refuses connections", deadPort, /database: .*ECONNREFUSED/],
    ["never answers", blackHolePort, /database: no answer within 1000 ms/],
  ])("answers 503 within about a second when the database %s; liveness stays 200", async (_, port, reason) => {
    // The in-process queue even in a Redis run: what is timed here is the database, not a queue starting up.
    const server = await bootServer(unreachablePostgres(await port()), { REDIS_URL: "" })
    servers.push(server)
    await timedGet(`${server.url}/health/live`)
    const [ready, probe, live] = await Promise.all([
      timedGet(`${server.url}/health`),
      timedGet(`${server.url}/probes/postgresql`),
      timedGet(`${server.url}/health/live`),
    ])
    expect([ready.status, ready.body.code]).toEqual([503, 1005])
    expect(ready.body.reason).toMatch(reason)
    expect(ready.body.reason).not.toContain("secret")
    // The 1 s time box plus the request's own way (a shared two-core machine adds a few hundred ms at worst).
    expect(ready.ms).toBeLessThan(1_500)
    expect([probe.status, probe.ms < 1_500]).toEqual([503, true])
    expect([live.status, live.ms < 500]).toEqual([200, true])
  })
})

describe("/probes/redis", () => {
  it("answers within 2 s with the failure when Redis is down", async () => {
    const port = await deadPort()
    const server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${port}`, API_WORKER: "false" })
    servers.push(server)
    const probe = await timedGet(`${server.url}/probes/redis`)
    expect([probe.status, probe.body.code]).toEqual([503, 1005])
    expect(probe.body.reason).toMatch(/redis: .*ECONNREFUSED/)
    expect(probe.ms).toBeLessThan(2_000)
  })
})
