// npm run bench:ingest -- [--feeds 200] [--items 50] [--db pglite|postgres] [--workers 0|1|2] [--concurrency 8]
//   [--parse-threads N] [--warmup W]
// Cold ingest of N feeds × M items served on loopback, until every entry is readable through the API; then a
// steady-state refresh of the same feeds (all 304). Prints entries/s, feeds/s, peak RSS, the parse-only ceiling and
// the CPU the cold ingest cost (this process, its event loop, the worker processes, PostgreSQL).
import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { sql } from "drizzle-orm"
import pg from "pg"
import { newId } from "../apps/server/src/ids.ts"
import { startScheduler } from "../apps/server/src/jobs/scheduler.ts"
import { parseFeedDocument } from "../apps/server/src/reader/parse.ts"
import { type Database, openDatabase } from "../apps/server/src/storage/db.ts"
import { insertFeed } from "../apps/server/src/storage/feeds.ts"
import { subscriptions } from "../apps/server/src/storage/schema.ts"
import { bootServer } from "../apps/server/test/support/boot.ts"
import { apiAs, signUp } from "../apps/server/test/support/users.ts"
import { makeFeed, serveFeeds } from "./feeds.ts"

const { values: args } = parseArgs({
  options: {
    feeds: { type: "string", default: "200" },
    items: { type: "string", default: "50" },
    db: { type: "string", default: "pglite" },
    workers: { type: "string", default: "0" },
    concurrency: { type: "string", default: "8" },
    "parse-threads": { type: "string" },
    warmup: { type: "string" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    "redis-url": { type: "string", default: "redis://127.0.0.1:6379" },
  },
})
const feeds = Number(args.feeds)
const items = Number(args.items)
const workerCount = Number(args.workers)
// As much warm-up as the ceiling gets (one pass over the same number of documents), so both sides are measured
// with the JIT warm, as on a server that has been running; `--warmup 0` measures a cold process instead.
const CEILING_DOCUMENTS = 200
const warmupFeeds = args.warmup ? Number(args.warmup) : Math.min(feeds, CEILING_DOCUMENTS)
const root = path.resolve(import.meta.dirname, "..")

/** The fastest of three timed passes after a warm-up pass: a ceiling, so JIT warm-up and noise do not lower it. */
function parseOnly(): number {
  const docs = Array.from({ length: Math.min(feeds, CEILING_DOCUMENTS) }, (_, i) =>
    Buffer.from(makeFeed(warmupFeeds + i, items)),
  )
  const pass = () => {
    const started = performance.now()
    let entries = 0
    for (const doc of docs) entries += parseFeedDocument(doc, { url: "https://bench.example/f.xml" }).entries.length
    return entries / ((performance.now() - started) / 1000)
  }
  pass()
  return Math.max(pass(), pass(), pass())
}

async function openBenchDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (args.db === "postgres") {
    const name = `tidings_bench_${process.pid}`
    const admin = new pg.Client({ connectionString: args["pg-url"] })
    await admin.connect()
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
    const url = new URL(args["pg-url"]!)
    url.pathname = `/${name}`
    // Quiet: `drop … with (force)` at the end ends connections the pool is still closing, and each would print.
    const database = await openDatabase({ databaseUrl: url.href, poolSize: 10, onConnectionError: () => {} })
    return {
      database,
      url: url.href,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      },
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-bench-"))
  return {
    database: await openDatabase({ dataDir: dir }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** Worker processes, and a promise that settles once every one has said it started (its queue consumer is up). */
function startWorkers(env: Record<string, string>): { workers: ChildProcess[]; started: Promise<void> } {
  const workers = Array.from({ length: workerCount }, () =>
    spawn(process.execPath, ["--import", "tsx", "apps/server/src/worker.ts"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { PATH: process.env.PATH, ...env },
    }),
  )
  const started = Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          let seen = ""
          worker.stdout!.on("data", (chunk: Buffer) => {
            seen += chunk.toString()
            if (seen.includes('"worker started"')) resolve()
          })
          worker.once("exit", (code) => reject(new Error(`a worker exited with ${code} before it started`)))
        }),
    ),
  ).then(() => undefined)
  started.catch(() => {}) // awaited later; killed workers reject it once the run is over
  return { workers, started }
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/** utime + stime of a process (or, under /proc/<pid>/task/<tid>, one thread) in seconds; 0 once it has gone. */
function cpuOf(statPath: string): number {
  try {
    const fields = readFileSync(statPath, "utf8").split(") ")[1]!.split(" ")
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** CPU used so far by this process (all threads), its main thread, the worker processes and PostgreSQL's processes. */
function cpuSnapshot(workers: ChildProcess[]) {
  const postgres = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres"
      } catch {
        return false
      }
    })
    .reduce((sum, pid) => sum + cpuOf(`/proc/${pid}/stat`), 0)
  const usage = process.cpuUsage()
  return {
    node: (usage.user + usage.system) / 1e6,
    eventLoop: cpuOf(`/proc/${process.pid}/task/${process.pid}/stat`),
    workers: workers.reduce((sum, w) => sum + cpuOf(`/proc/${w.pid}/stat`), 0),
    postgres,
  }
}

function cpuSpent(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>) {
  const spent = (key: keyof typeof before) => Number((after[key] - before[key]).toFixed(2))
  return { node: spent("node"), eventLoop: spent("eventLoop"), workers: spent("workers"), postgres: spent("postgres") }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("benchmark timed out")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function main() {
  const ceiling = parseOnly()
  // The first `warmupFeeds` documents warm the processes (JIT, connections, parsing threads) before the clock
  // starts, as on a server that has been running: the parse-only ceiling is measured warm too.
  const served = await serveFeeds(warmupFeeds + feeds, items)
  const { database, url: databaseUrl, drop } = await openBenchDatabase()
  const queueEnv: Record<string, string> = workerCount
    ? { REDIS_URL: args["redis-url"]!, QUEUE_PREFIX: `bench-${randomUUID()}`, API_WORKER: "false" }
    : {}
  const env: Record<string, string> = {
    FEED_FETCH_CONCURRENCY: args.concurrency!,
    TRIAL_MAX_FEED_SUBSCRIPTIONS: "100000",
    ...(args["parse-threads"] ? { FEED_PARSE_THREADS: args["parse-threads"] } : {}),
    ...queueEnv,
  }
  const server = await bootServer(database, env)
  const { workers, started: workersStarted } = workerCount
    ? startWorkers({ ...env, DATABASE_URL: databaseUrl!, ALLOW_PRIVATE_NETWORK: "true", LOG_LEVEL: "info" })
    : { workers: [], started: Promise.resolve() }
  try {
    const user = await signUp(server.url, "Bench")
    const api = apiAs(server.url, user)
    const due = new Date(Date.now() - 1000)
    const later = new Date(Date.now() + 86_400_000)
    const measured: string[] = []
    for (const [i, url] of served.urls.entries()) {
      const warm = i < warmupFeeds
      const feed = await insertFeed(server.deps.db, { id: newId(), url, nextCheckAt: warm ? due : later })
      if (!warm) measured.push(feed.id)
      await server.deps.db
        .insert(subscriptions)
        .values({ id: newId(), userId: user.id, type: "feed", feedId: feed.id, view: 0 })
    }
    await workersStarted
    const scheduler = startScheduler(server.deps, server.jobs.queue, { intervalMs: 3_600_000 })
    const unread = async () => (await api("GET", "/reads/total-count")).body.data.count as number
    const makeDue = () =>
      server.deps.db.execute(
        sql`update feeds set next_check_at = now() - interval '1 second' where id = any(${sql.param(measured)}::text[])`,
      )
    await scheduler.tick()
    await waitFor(async () => (await unread()) >= warmupFeeds * items, 10 * 60_000)

    await makeDue()
    const expected = (warmupFeeds + feeds) * items
    const cpuBefore = cpuSnapshot(workers)
    const started = performance.now()
    await scheduler.tick()
    await waitFor(async () => (await unread()) >= expected, 30 * 60_000)
    const cold = (performance.now() - started) / 1000
    const coldCpu = cpuSpent(cpuBefore, cpuSnapshot(workers))

    await makeDue()
    const requestsBefore = served.requests()
    const steadyStart = performance.now()
    await scheduler.tick()
    await server.jobs.queue.idle()
    const steady = (performance.now() - steadyStart) / 1000
    await scheduler.stop()

    const rss = Math.max(peakRssMb(process.pid), ...workers.map((w) => peakRssMb(w.pid!)))
    const result = {
      db: args.db,
      queue: workerCount ? `bullmq, ${workerCount} worker process(es)` : "in-process",
      feeds,
      items,
      entries: feeds * items,
      warmupFeeds,
      coldSeconds: Number(cold.toFixed(2)),
      coldCpuSeconds: coldCpu,
      entriesPerSecond: Math.round((feeds * items) / cold),
      feedsPerSecond: Math.round(feeds / cold),
      parseOnlyEntriesPerSecond: Math.round(ceiling),
      ratioToCeiling: Number((ceiling / ((feeds * items) / cold)).toFixed(2)),
      steadyRefreshSeconds: Number(steady.toFixed(2)),
      steadyRequests: served.requests() - requestsBefore,
      peakRssMb: Math.round(rss),
      megabytesServed: Math.round(served.bytes / 1e6),
    }
    console.log(JSON.stringify(result))
  } finally {
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once("exit", resolve).kill("SIGTERM"))))
    await server.close()
    await served.close() // server.close() closed the database
    await drop()
  }
}

await main()
process.exit(0)
