// A 100,000-item feed on loopback: subscribing and refreshing never hold the event loop for long (parsing, dating,
// capping and serialising run on the parsing thread, inserts go in small batches with a turn between them), and only
// the newest FEED_MAX_ENTRIES_PER_FETCH entries are kept, the rest counted on the feed.
import { readFileSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { isMainThread } from "node:worker_threads"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

const ITEMS = 100_000
const CAP = 1_000
const START = Date.UTC(2026, 0, 1)
// The ceiling the issue sets for any request's wait: no stretch of work on the event loop may be longer.
const MAX_STALL_MS = 100
// Wall-clock waits also count the time other processes held the CPU (several test runs share two cores here), so
// they are held to a looser bound that still catches the seconds-long stall of a document processed on the loop.
const MAX_WALL_WAIT_MS = 1_000

let server: TestServer
let origin: http.Server
let feedUrl: string
let smallUrl: string

/** Oldest first, so the newest by date are the last in the document, not the first. */
function hugeFeed(): Buffer {
  const parts = [
    '<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title><link>https://huge.example/</link>',
  ]
  for (let i = 0; i < ITEMS; i++) {
    const date = new Date(START + i * 60_000).toUTCString()
    parts.push(`<item><guid>h${i}</guid><title>Item ${i}</title><pubDate>${date}</pubDate></item>`)
  }
  parts.push("</channel></rss>")
  return Buffer.from(parts.join("\n"))
}

beforeAll(async () => {
  const body = hugeFeed()
  const small = Buffer.from(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Small</title><link>https://small.example/</link>
    <item><guid>s1</guid><title>One</title><pubDate>${new Date(START).toUTCString()}</pubDate></item></channel></rss>`,
  )
  origin = http.createServer((req, res) =>
    res.writeHead(200, { "content-type": "application/rss+xml" }).end(req.url === "/small.xml" ? small : body),
  )
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve))
  feedUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/huge.xml`
  smallUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/small.xml`
  // A scheduler tick claims every due feed in the database, so this file keeps a database of its own.
  server = await startTestServer(
    {
      FEED_MAX_BYTES: String(16 * 1024 * 1024),
      FEED_PARSE_TIMEOUT_MS: "120000",
      FEED_FETCH_TIMEOUT_MS: "120000",
    },
    { freshDatabase: true },
  )
})
afterAll(async () => {
  await server?.close()
  origin.closeAllConnections()
  await new Promise((resolve) => origin.close(resolve))
})

/** CPU time of this process's main thread (the event loop), in ms: utime + stime from /proc, in clock ticks. */
function loopCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * The longest stretch of event-loop work: a 10 ms timer notes, between two of its runs, how much CPU the main thread
 * spent. Time the thread spent waiting for a core does not count, so the measure holds on a busy machine.
 */
function watchLoopWork() {
  // /proc/self/task/<pid> is the process's main thread: the server's event loop only under vitest's forks pool.
  expect(isMainThread).toBe(true)
  let lastCpu = loopCpuMs()
  let longest = 0
  const timer = setInterval(() => {
    const cpu = loopCpuMs()
    longest = Math.max(longest, cpu - lastCpu)
    lastCpu = cpu
  }, 10)
  return {
    stop() {
      clearInterval(timer)
      return longest
    },
  }
}

/** Runs `work` while measuring event-loop work and delay, and the latency of a GET /health/live loop beside it. */
async function measured<T>(work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const loopWork = watchLoopWork()
  let done = false
  const latencies: number[] = []
  const probe = (async () => {
    while (!done) {
      const started = performance.now()
      await (await fetch(`${server.url}/health/live`)).arrayBuffer()
      latencies.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  try {
    const result = await work()
    const longestWorkMs = loopWork.stop()
    return { result, longestWorkMs, loopMaxMs: histogram.max / 1e6, latencyMaxMs: Math.max(...latencies), latencies }
  } finally {
    done = true
    loopWork.stop()
    histogram.disable()
    await probe
  }
}

function expectNoStall(m: { longestWorkMs: number; loopMaxMs: number; latencyMaxMs: number; latencies: number[] }) {
  const { longestWorkMs, loopMaxMs, latencyMaxMs } = m
  expect(m.latencies.length).toBeGreaterThan(5)
  const measures = JSON.stringify({ longestWorkMs, loopMaxMs, latencyMaxMs })
  expect(longestWorkMs, measures).toBeLessThan(MAX_STALL_MS)
  expect(loopMaxMs, measures).toBeLessThan(MAX_WALL_WAIT_MS)
  expect(latencyMaxMs, measures).toBeLessThan(MAX_WALL_WAIT_MS)
}

async function storedEntries(feedId: string) {
  const { rows } = await server.deps.db.execute<{ n: number; oldest: Date; newest: Date }>(
    sql`select count(*)::int as n, min(published_at) as oldest, max(published_at) as newest
        from entries where feed_id = ${feedId}`,
  )
  return rows[0]!
}

describe("a 100,000-item feed", () => {
  it("keeps the newest 1000, counts the rest on the feed, and never stalls other requests", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    // A server's first ingest runs each statement for the first time (catalog caches filled, plans made: about
    // 120 ms on the embedded database whatever the document's size); a small feed first, so what is measured is
    // what the document's size costs.
    expect((await api("POST", "/subscriptions", { url: smallUrl, view: 0 })).status).toBe(200)
    const subscribing = await measured(() => api("POST", "/subscriptions", { url: feedUrl, view: 0 }))
    const feedId = subscribing.result.body.feed.id as string
    expectNoStall(subscribing)

    const feed = (await api("GET", `/feeds?id=${feedId}`)).body.data.feed
    expect(feed.droppedEntryCount).toBe(ITEMS - CAP)
    const stored = await storedEntries(feedId)
    expect(stored.n).toBe(CAP)
    expect(new Date(stored.newest).getTime()).toBe(START + (ITEMS - 1) * 60_000)
    expect(new Date(stored.oldest).getTime()).toBe(START + (ITEMS - CAP) * 60_000)
    // The subscriber's timeline holds every kept entry, not a smaller slice of them.
    const unread = (await api("GET", `/reads?view=0`)).body.data as Record<string, number>
    expect(unread[feedId]).toBe(CAP)

    // A refresh goes the scheduler's way (the job, not a request) and is held to the same ceiling.
    const refreshing = await measured(() => server.refreshDue(new Date(Date.now() + 2 * 86_400_000)))
    expect(refreshing.result).toBe(2)
    expectNoStall(refreshing)
    expect((await api("GET", `/feeds?id=${feedId}`)).body.data.feed.droppedEntryCount).toBe(ITEMS - CAP)
    expect((await storedEntries(feedId)).n).toBe(CAP)
  }, 180_000)
})
