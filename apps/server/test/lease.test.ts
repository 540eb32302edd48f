// Feed leases: a feed claimed by a process that died is due again once its short lease runs out, and a fetch that
// outlives the lease keeps it by renewing (heartbeat), so no other scheduler takes the feed while it runs.
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { FeedQueue } from "../src/jobs/queue.ts"
import { startScheduler } from "../src/jobs/scheduler.ts"
import { findFeedById, updateFeed } from "../src/storage/feeds.ts"
import { items, rss } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

const LEASE_SECONDS = 2
const SLOW_MS = 5_000

let server: TestServer
let origin: http.Server
let base: string
const hits = new Map<string, number>()
let slow = false

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    const send = () =>
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(req.url!, items(2, req.url)))
    if (slow) setTimeout(send, SLOW_MS)
    else send()
  })
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
  // Scheduler ticks claim every due feed in the database, so this file keeps a database of its own.
  server = await startTestServer({ FEED_LEASE_SECONDS: String(LEASE_SECONDS) }, { freshDatabase: true })
})
afterAll(async () => {
  await server?.close()
  origin.closeAllConnections()
  await new Promise((resolve) => origin.close(resolve))
})

/** A queue that records what it is handed and runs nothing: a process that claimed and then died, or a spy. */
function recordingQueue(): FeedQueue & { added: string[] } {
  const added: string[] = []
  return {
    engine: "in-process",
    added,
    add: async (ids) => void added.push(...ids),
    counts: async () => ({ waiting: 0, active: 0, completed: 0, failed: 0 }),
    idle: async () => {},
    close: async () => {},
  }
}

/** One scheduler tick with the clock at `at`, handing what it claims to `queue`. */
async function tickAt(at: Date, queue: FeedQueue): Promise<number> {
  const scheduler = startScheduler({ ...server.deps, now: () => at }, queue, { intervalMs: 3_600_000 })
  try {
    return await scheduler.tick()
  } finally {
    await scheduler.stop()
  }
}

async function dueFeed(path: string): Promise<string> {
  const user = apiAs(server.url, await signUp(server.url))
  const { body } = await user("POST", "/subscriptions", { url: `${base}${path}`, view: 0 })
  const feedId = body.feed.id as string
  await updateFeed(server.deps.db, feedId, { nextCheckAt: new Date(Date.now() - 1_000) })
  return feedId
}

describe("feed leases", () => {
  it("a feed claimed by a process that died is picked up once the lease runs out", async () => {
    const feedId = await dueFeed("/orphan.xml")
    const t0 = new Date()
    const dead = recordingQueue()
    expect(await tickAt(t0, dead)).toBe(1)
    expect(dead.added).toEqual([feedId])
    const fetchesBefore = hits.get("/orphan.xml")

    // Within the lease nobody takes it; just after, the next tick does, and the feed is fetched.
    expect(await tickAt(new Date(t0.getTime() + LEASE_SECONDS * 1000 - 500), recordingQueue())).toBe(0)
    const survivor = new Date(t0.getTime() + LEASE_SECONDS * 1000 + 500)
    expect(await server.refreshDue(survivor)).toBe(1)
    expect(hits.get("/orphan.xml")).toBe(fetchesBefore! + 1)
    expect((await findFeedById(server.deps.db, feedId))?.checkedAt).not.toBeNull()
  })

  it("a fetch longer than the lease renews it, so no other scheduler takes the feed meanwhile", async () => {
    const feedId = await dueFeed("/slow.xml")
    const fetchesBefore = hits.get("/slow.xml")!
    slow = true
    try {
      const refreshing = server.refreshDue(new Date())
      const other = recordingQueue()
      const started = Date.now()
      // Another scheduler ticks every 250 ms, on the real clock, for the whole of the slow fetch.
      while (Date.now() - started < SLOW_MS - 500) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        await tickAt(new Date(), other)
      }
      expect(await refreshing).toBe(1)
      expect(other.added).not.toContain(feedId)
      expect(hits.get("/slow.xml")).toBe(fetchesBefore + 1)
      // The refresh's own schedule stands, not a last renewal.
      const feed = await findFeedById(server.deps.db, feedId)
      expect(feed!.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000)
    } finally {
      slow = false
    }
  }, 20_000)
})
