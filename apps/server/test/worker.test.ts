// Scale-out: feed jobs run in separate `npm run worker` processes through BullMQ. A worker killed in the middle of
// ingesting a feed loses nothing and duplicates nothing: the job runs again on another worker.
import { type ChildProcess, spawn } from "node:child_process"
import path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"
import { currentDatabaseUrl } from "./support/worker-database.ts"

// This file's copy of the run's database (the pass runs several files at once, each on its own copy): the
// workers and the probe must look at the database the test server writes to.
const databaseUrl = process.env.TEST_DATABASE_URL && currentDatabaseUrl(process.env.TEST_DATABASE_URL)
const redisUrl = process.env.TEST_REDIS_URL
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

let server: TestServer
let feeds: FeedServer
let probe: pg.Client
const workers: ChildProcess[] = []

function startWorker(name: string): ChildProcess {
  const url = new URL(databaseUrl!)
  url.searchParams.set("application_name", name)
  const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
    cwd: serverDir,
    stdio: process.env.WORKER_TEST_DEBUG ? "inherit" : "ignore",
    // Not the test runner's environment: vitest sets variables (BASE_URL="/") that are not ours.
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: url.href,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: server.deps.config.QUEUE_PREFIX,
      ALLOW_PRIVATE_NETWORK: "true",
      FEED_FETCH_CONCURRENCY: "1",
      JOB_LOCK_MS: "2000",
      // The test's document holds 20,000 items, all of which must be stored.
      FEED_MAX_ENTRIES_PER_FETCH: "20000",
      LOG_LEVEL: process.env.WORKER_TEST_DEBUG ? "debug" : "silent",
    },
  })
  workers.push(child)
  return child
}

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, pollMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error("timed out waiting")
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

// Separate processes need a database and a queue they can all reach: PostgreSQL and Redis.
describe.skipIf(!databaseUrl || !redisUrl)("workers on PostgreSQL and Redis", () => {
  beforeAll(async () => {
    ;[server, feeds] = await Promise.all([startTestServer({ API_WORKER: "false" }), startFeedServer()])
    probe = new pg.Client({ connectionString: databaseUrl })
    await probe.connect()
  })
  afterAll(async () => {
    for (const child of workers) child.kill("SIGKILL")
    await probe?.end()
    await server?.close()
    await feeds?.close()
  })

  it("a worker killed mid-ingest loses nothing and duplicates nothing when the job reruns", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    feeds.set("/big.xml", { body: rss("Big", items(10, "big")) })
    const feedId = (await api("POST", "/subscriptions", { url: feeds.url("/big.xml"), view: 0 })).body.feed.id
    const total = 20_000
    feeds.set("/big.xml", { body: rss("Big", items(total, "big")) })
    await server.jobs.queue.add([feedId])

    const first = startWorker("tidings-worker-a")
    // Kill it while its ingest transaction is open: between two of its statements, or while the statement that
    // writes the entries runs. That statement begins with its input (`with input as (…), written as (insert into
    // "entries" …`), so it is matched anywhere in the text; matched only at the start, the kill waited for a gap
    // between statements that a fast machine could pass between two polls, and then the ingest was over.
    await until(async () => {
      const { rows } = await probe.query(
        "select 1 from pg_stat_activity where application_name = 'tidings-worker-a' and (state = 'idle in transaction' or (state = 'active' and query ilike '%insert into \"entries\"%'))",
      )
      return rows.length > 0
    }, 60_000)
    first.kill("SIGKILL")
    await new Promise((resolve) => first.once("exit", resolve))
    const count = async () =>
      (
        await probe.query("select count(*)::int as n, count(distinct guid)::int as g from entries where feed_id = $1", [
          feedId,
        ])
      ).rows[0]
    expect(await count()).toEqual({ n: 10, g: 10 })

    startWorker("tidings-worker-b")
    await until(async () => (await count()).n === total, 90_000, 200)
    await server.jobs.queue.idle()
    expect(await count()).toEqual({ n: total, g: total })
    const timeline = await probe.query("select count(*)::int as n from timeline where feed_id = $1", [feedId])
    expect(timeline.rows[0].n).toBe(total)
    expect((await api("GET", "/reads")).body.data).toEqual({ [feedId]: total })
  }, 180_000)
})
