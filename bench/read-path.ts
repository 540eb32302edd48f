// npm run bench:read -- [--db pglite|postgres] [--quick] [--seconds 10] [--clients 200]
// The figures a reader lives with, measured against the real server process (the bundle `npm start` builds and runs,
// with its Node flags) on loopback, with a load generator in its own process (bench/load.ts):
//  1. cold ingest through the API: one user subscribes to 200 feeds × 50 items, 4 subscriptions at a time
//     (entries/s, and the server's peak resident memory meanwhile);
//  2. one user with 100,000 unread entries (180 more feeds × 500 items, through the same calls): an unread page of
//     100 and the unread counts, one at a time (p50 / p95), then 16 readers at once (requests/s);
//  3. mark all read of those 100,000;
//  4. start-up with the existing data folder (median of 3 restarts) and resident memory idle after it;
//  5. 200 signed-in clients with mixed reads and writes while 50 feeds change, at the budget's rate (answered
//     requests/s, p95 from when each was due, errors and timeouts), then as fast as they are answered (capacity).
// Each figure is printed beside its budget (issue 9); the process exits non-zero when one is missed.
import { type ChildProcess, spawn } from "node:child_process"
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import { buildServer } from "../scripts/build-server.mjs"
import { type BenchFeedServer, serveFeeds } from "./feeds.ts"
import type { LoadPlan, LoadResult } from "./load.ts"

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    quick: { type: "boolean", default: false },
    /** "mixed": only the 200-client phase, on a fresh server (for working on it; prints that figure alone). */
    only: { type: "string" },
    seconds: { type: "string", default: "10" },
    clients: { type: "string", default: "200" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    keep: { type: "boolean", default: false },
    /** A directory: the server that serves the read phases writes a V8 CPU profile there when it stops. */
    profile: { type: "string" },
  },
})
const onPostgres = args.db === "postgres"
const column = onPostgres ? 0 : 1
const quick = args.quick
const seconds = Number(args.seconds)
const root = path.resolve(import.meta.dirname, "..")
/** Budgets from issue 9: [PostgreSQL, PGlite]. `max` figures must stay at or under, `min` ones at or over. */
const budgets = {
  pageP95Ms: { max: [15, 40] },
  countsP95Ms: { max: [5, 15] },
  pagesPerSecond16: { min: [500, 150] },
  countsPerSecond16: { min: [2000, 500] },
  markAllSeconds: { max: [0.5, 1] },
  startSeconds: { max: [1, 1.5] },
  idleRssMb: { max: [120, 250] },
  ingestPeakRssMb: { max: [250, 450] },
  ingestEntriesPerSecond: { min: [5000, 3000] },
  mixedPerSecond: { min: [1000, 300] },
  mixedP95Ms: { max: [200, 500] },
  mixedFailures: { max: [0, 0] },
} as const
type Figure = keyof typeof budgets

/** The Node flags of `npm start` (package.json). */
const SERVER_FLAGS = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
  .scripts.start.split(" ")
  .filter((word: string) => word.startsWith("--"))

const SETS = quick
  ? { ingest: [40, 50], bulk: [36, 500], mixed: [40, 30], users: 40, perUser: 10, changing: 10 }
  : { ingest: [200, 50], bulk: [180, 500], mixed: [100, 50], users: Number(args.clients), perUser: 20, changing: 50 }

// ---- processes and memory

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
  const port = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Resident memory of a process and its descendants (a clustered server counts whole), in MB. */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>()
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ")[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
    } catch {}
  }
  let kb = 0
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0)
    } catch {}
    for (const child of children.get(p) ?? []) visit(child)
  }
  visit(pid)
  return kb / 1024
}

/** CPU seconds used so far by a process and its descendants, or by every process with this command name. */
function cpuSeconds(match: { pid?: number; comm?: string }): number {
  let ticks = 0
  const stats = new Map<number, string[]>()
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const raw = readFileSync(`/proc/${name}/stat`, "utf8")
      stats.set(Number(name), [
        raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")),
        ...raw.split(") ")[1]!.split(" "),
      ])
    } catch {}
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 20; depth++) {
      if (p === match.pid) return true
      p = Number(stats.get(p)?.[2] ?? 0)
    }
    return false
  }
  for (const [pid, fields] of stats) {
    if (match.comm ? fields[0] !== match.comm : !inTree(pid)) continue
    ticks += Number(fields[12]) + Number(fields[13])
  }
  return ticks / 100
}

/** CPU seconds the server, PostgreSQL and everything else on the machine spent while `work` ran. */
async function cpuDuring<T>(pid: number, work: () => Promise<T>): Promise<[T, Record<string, number>]> {
  const read = () => ({ server: cpuSeconds({ pid }), postgres: cpuSeconds({ comm: "postgres" }) })
  const before = read()
  const started = performance.now()
  const result = await work()
  const after = read()
  const wall = (performance.now() - started) / 1000
  return [
    result,
    {
      wallSeconds: Number(wall.toFixed(2)),
      serverCpu: Number((after.server - before.server).toFixed(2)),
      postgresCpu: Number((after.postgres - before.postgres).toFixed(2)),
    },
  ]
}

/**
 * Waits until the server (and PostgreSQL) used under a tenth of a core for 3 s in a row, at most 10 minutes; answers
 * how many seconds that took.
 */
async function untilIdle(pid: number): Promise<number> {
  const started = performance.now()
  const busy = () => cpuSeconds({ pid }) + (onPostgres ? cpuSeconds({ comm: "postgres" }) : 0)
  let last = busy()
  for (let quiet = 0; quiet < 3 && performance.now() - started < 600_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const now = busy()
    quiet = now - last < 0.1 ? quiet + 1 : 0
    last = now
  }
  return Number(((performance.now() - started) / 1000).toFixed(1))
}

/** Samples the server's resident memory every 50 ms while `work` runs; answers the peak. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = treeRssMb(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(pid))
  }, 50)
  try {
    return [await work(), peak]
  } finally {
    clearInterval(timer)
  }
}

interface Server {
  child: ChildProcess
  origin: string
  readySeconds: number
  stop(): Promise<void>
}

async function startServer(env: Record<string, string>, logFile: string, nodeArgs: string[] = []): Promise<Server> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const log = openSync(logFile, "a")
  const started = performance.now()
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_FLAGS, "apps/server/dist/main.mjs"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: "127.0.0.1" },
  })
  closeSync(log)
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve))
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`)
    try {
      if ((await fetch(`${origin}/health`)).ok) break
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const readySeconds = (performance.now() - started) / 1000
  return {
    child,
    origin,
    readySeconds,
    stop: async () => {
      child.kill("SIGTERM")
      await exited
    },
  }
}

/**
 * VACUUM (ANALYZE) of the benchmark's database, as autovacuum would do within minutes of a bulk ingest (done now so
 * it does not land in the middle of a measurement), then waits for any autovacuum worker already started.
 */
async function vacuumed(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query("vacuum (analyze)")
    for (let i = 0; i < 180; i++) {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'autovacuum worker'",
      )
      if (rows[0].n === 0) return
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  } finally {
    await client.end()
  }
}

// ---- API calls

interface Account {
  token: string
  id: string
}

async function call(origin: string, account: Account | undefined, method: string, url: string, body?: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(account ? { authorization: `Bearer ${account.token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      origin,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`)
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes
  return JSON.parse(text) as any
}

async function signUp(origin: string, name: string): Promise<Account> {
  const email = `${name}-${Math.random().toString(36).slice(2)}@bench.test`
  const res = await fetch(`${origin}/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "correct horse battery", name }),
  })
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`)
  const token = res.headers.get("set-auth-token")
  const body = (await res.json()) as { user: { id: string } }
  return { token: token!, id: body.user.id }
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++
        await work(items[i]!, i)
      }
    }),
  )
}

function percentile(sorted: number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2))
}

/** p50 and p95 of `n` calls made one after another (after 10 unclocked ones). */
async function latencies(n: number, once: (i: number) => Promise<void>) {
  for (let i = 0; i < 10; i++) await once(i)
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const started = performance.now()
    await once(i)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/load.ts"], {
      cwd: root,
      stdio: ["pipe", "pipe", "inherit"],
    })
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.once("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{"))
      if (code !== 0 || !line) reject(new Error(`load generator exited ${code}: ${out.slice(-500)}`))
      else resolve(JSON.parse(line) as LoadResult)
    })
    child.stdin.end(JSON.stringify(plan))
  })
}

// ---- the run

async function database(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (onPostgres) {
    const name = `tidings_read_${process.pid}`
    const admin = new pg.Client({ connectionString: args["pg-url"] })
    await admin.connect()
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
    const url = new URL(args["pg-url"]!)
    url.pathname = `/${name}`
    return {
      env: { DATABASE_URL: url.href },
      drop: async () => {
        if (!args.keep) await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      },
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-read-"))
  return {
    env: { DATA_DIR: dir },
    drop: async () => {
      if (!args.keep) rmSync(dir, { recursive: true, force: true })
    },
  }
}

const figures: Partial<Record<Figure, number>> = {}
const notes: Record<string, unknown> = {}

function subscribeAll(origin: string, account: Account, urls: string[]) {
  return inParallel(urls, 4, async (url) => {
    await call(origin, account, "POST", "/subscriptions", { url, view: 0 })
  })
}

async function main() {
  await buildServer()
  const logFile = path.join(tmpdir(), `tidings-read-${process.pid}.log`)
  const db = await database()
  const env = {
    ...db.env,
    ALLOW_PRIVATE_NETWORK: "true",
    AUTH_RATE_LIMIT: "false",
    TRIAL_MAX_FEED_SUBSCRIPTIONS: "100000",
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: path.join(tmpdir(), "tidings-no-web"),
    // The benchmark drives every fetch itself (subscribe, refresh): the scheduler must not add its own.
    FEED_CHECK_INTERVAL_SECONDS: "86400",
    MAINTENANCE_INTERVAL_SECONDS: "5",
    // Extra server settings for an experiment, e.g. BENCH_SERVER_ENV='{"FEED_PARSE_THREADS":"2"}'.
    ...(process.env.BENCH_SERVER_ENV ? (JSON.parse(process.env.BENCH_SERVER_ENV) as Record<string, string>) : {}),
  }
  const feedServers: BenchFeedServer[] = []
  let server: Server | undefined
  try {
    const [ingestSet, bulkSet, mixedSet] = await Promise.all([
      serveFeeds(SETS.ingest[0]!, SETS.ingest[1]!),
      serveFeeds(SETS.bulk[0]!, SETS.bulk[1]!),
      serveFeeds(SETS.mixed[0]!, SETS.mixed[1]!),
    ])
    feedServers.push(ingestSet, bulkSet, mixedSet)
    const profileFirst = args.only === "mixed" && args.profile ? ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] : []
    server = await startServer(env, logFile, profileFirst)
    notes.firstStartSeconds = Number(server.readySeconds.toFixed(2))
    const reader = await signUp(server.origin, "reader") // the first account: the administrator
    if (args.keep) notes.kept = { env: db.env, readerToken: reader.token }

    if (args.only !== "mixed") {
      // 1. Cold ingest through the API.
      const expectedIngest = SETS.ingest[0]! * SETS.ingest[1]!
      const ingestStart = performance.now()
      const [, ingestPeak] = await peakRssDuring(server.child.pid!, () =>
        subscribeAll(server!.origin, reader, ingestSet.urls),
      )
      const ingestSeconds = (performance.now() - ingestStart) / 1000
      const total = async () => (await call(server!.origin, reader, "GET", "/reads/total-count")).data.count as number
      if ((await total()) !== expectedIngest) throw new Error(`ingest: ${await total()} unread, not ${expectedIngest}`)
      figures.ingestEntriesPerSecond = Math.round(expectedIngest / ingestSeconds)
      figures.ingestPeakRssMb = Math.round(ingestPeak)

      // 2. 100,000 unread.
      const bulkStart = performance.now()
      await subscribeAll(server.origin, reader, bulkSet.urls)
      notes.bulkIngestSeconds = Number(((performance.now() - bulkStart) / 1000).toFixed(1))
      const unread = await total()
      notes.unread = unread
      if (unread !== expectedIngest + SETS.bulk[0]! * SETS.bulk[1]!) throw new Error(`bulk: ${unread} unread`)
      notes.rssAfterIngestMb = Math.round(treeRssMb(server.child.pid!))
      // What follows a bulk ingest on any server: its maintenance gathers statistics (every 5 s here) and, on
      // PostgreSQL, autovacuum works through the new rows. The read figures are of the server after that.
      // It also indexes the new entries for search and groups their copies (jobs/search-index.ts), on the embedded
      // database's one thread: the read figures are of a server that has done that work, and how long it took is
      // a note of its own.
      const settleStart = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 8000))
      if (onPostgres) await vacuumed(db.env.DATABASE_URL!)
      notes.settleSeconds = Number(((performance.now() - settleStart) / 1000).toFixed(1))
      notes.busyAfterIngestSeconds = await untilIdle(server.child.pid!)

      // Restarts: start-up with the existing data folder, then idle memory.
      await server.stop()
      const starts: number[] = []
      for (let i = 0; i < 3; i++) {
        const profiled = i === 2 && args.profile ? ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] : []
        server = await startServer(env, logFile, profiled)
        starts.push(server.readySeconds)
        if (i < 2) await server.stop()
      }
      starts.sort((a, b) => a - b)
      figures.startSeconds = Number(starts[1]!.toFixed(2))
      notes.startRange = starts.map((s) => Number(s.toFixed(2)))
      await call(server.origin, reader, "GET", "/reads")
      await new Promise((resolve) => setTimeout(resolve, 5000))
      figures.idleRssMb = Math.round(treeRssMb(server.child.pid!))

      // One reader, one call at a time.
      let cursor: string | undefined
      const page = await latencies(quick ? 50 : 200, async () => {
        const query = cursor ? `&publishedAfter=${encodeURIComponent(cursor)}` : ""
        const items = (await call(server!.origin, reader, "GET", `/entries?read=false&limit=100${query}`)).data
        cursor = items.length === 100 ? items.at(-1).entries.publishedAt : undefined
      })
      figures.pageP95Ms = page.p95
      notes.pageP50Ms = page.p50
      const counts = await latencies(quick ? 100 : 300, async () => {
        await call(server!.origin, reader, "GET", "/reads")
      })
      figures.countsP95Ms = counts.p95
      notes.countsP50Ms = counts.p50

      // 16 readers at once (the same account: one user's 100,000 unread).
      const sixteen = Array.from({ length: 16 }, () => ({ token: reader.token }))
      const sixteenReaders = (mix: "unread-pages" | "unread-counts") =>
        cpuDuring(server!.child.pid!, () =>
          runLoad({ origin: server!.origin, seconds, timeoutMs: 15_000, clients: sixteen, mix }),
        )
      const [pages16, pagesCpu] = await sixteenReaders("unread-pages")
      notes.pages16Cpu = pagesCpu
      figures.pagesPerSecond16 = pages16.perSecond
      notes.pages16 = pages16
      const [counts16, countsCpu] = await sixteenReaders("unread-counts")
      notes.counts16Cpu = countsCpu
      figures.countsPerSecond16 = counts16.perSecond
      notes.counts16 = counts16

      // 3. Mark all read.
      const markStart = performance.now()
      await call(server.origin, reader, "POST", "/reads/all", {})
      figures.markAllSeconds = Number(((performance.now() - markStart) / 1000).toFixed(3))
      if ((await total()) !== 0) throw new Error("mark all read left unread entries")
    }

    // 5. 200 clients, mixed, while 50 feeds change.
    const users = await Promise.all(Array.from({ length: SETS.users }, (_, i) => signUp(server!.origin, `c${i}`)))
    // Every feed is known before the users subscribe, so their subscriptions need no fetch.
    await subscribeAll(server.origin, reader, mixedSet.urls)
    const feedIdOf = new Map<string, string>()
    for (const s of (await call(server.origin, reader, "GET", "/subscriptions")).data)
      feedIdOf.set(s.feeds.url, s.feedId)
    const picks = users.map((_, u) =>
      Array.from({ length: SETS.perUser }, (_, k) => (u * 7 + k * 13) % mixedSet.urls.length),
    )
    await inParallel(users, 8, async (user, u) => {
      for (const i of new Set(picks[u]))
        await call(server!.origin, user, "POST", "/subscriptions", { url: mixedSet.urls[i], view: 0 })
    })
    const entryIds = await Promise.all(
      users.map(async (user) =>
        ((await call(server!.origin, user, "GET", "/entries?limit=100")).data as { entries: { id: string } }[]).map(
          (item) => item.entries.id,
        ),
      ),
    )
    const feedIds = picks.map((list) => [...new Set(list)].map((i) => feedIdOf.get(mixedSet.urls[i]!)!))
    // The 50 changing feeds publish two entries every 5 s, each change fetched at once (POST /feeds/refresh, as the
    // scheduler would): ten refreshes a second, spread evenly, for the whole run.
    let refreshing = true
    const changing = mixedSet.urls.slice(0, SETS.changing).map((url) => feedIdOf.get(url)!)
    const refresher = (async () => {
      const inFlight: Promise<void>[] = []
      let refreshes = 0
      for (let tick = 0; refreshing; tick++) {
        const i = tick % changing.length
        mixedSet.publish(i, 2)
        inFlight.push(
          call(server!.origin, reader, "POST", "/feeds/refresh", { id: changing[i] }).then(() => {
            refreshes++
          }),
        )
        await new Promise((resolve) => setTimeout(resolve, 5000 / changing.length))
      }
      await Promise.all(inFlight)
      return refreshes
    })()
    // The budget is a rate people bring (an open loop: each client on its own schedule, 1,000 requests a second
    // on PostgreSQL, 300 embedded, latency counted from when each request was due), as the issue's "unanswered in
    // 15 s" reads. The closed loop after it (each client waits for its answer) gives the capacity, as a note.
    const plan = {
      origin: server.origin,
      timeoutMs: 15_000,
      clients: users.map((u) => ({ token: u.token })),
      mix: "mixed",
      entryIds,
      feedIds,
    } as const
    const offered = quick ? (onPostgres ? 300 : 100) : budgets.mixedPerSecond.min[column]
    const [mixed, mixedCpu] = await cpuDuring(server.child.pid!, () =>
      runLoad({ ...plan, seconds: quick ? seconds : 15, ratePerSecond: offered }),
    )
    notes.mixedCpu = mixedCpu
    const capacity = await runLoad({ ...plan, seconds: quick ? 3 : 8 })
    refreshing = false
    notes.feedRefreshesDuringMixed = await refresher
    figures.mixedPerSecond = mixed.perSecond
    figures.mixedP95Ms = mixed.p95
    figures.mixedFailures = mixed.errors + mixed.unanswered
    notes.mixed = { offeredPerSecond: offered, ...mixed }
    notes.mixedCapacity = {
      perSecond: capacity.perSecond,
      p95: capacity.p95,
      failures: capacity.errors + capacity.unanswered,
    }
    notes.rssAfterAllMb = Math.round(treeRssMb(server.child.pid!))
  } finally {
    await server?.stop()
    await Promise.all(feedServers.map((s) => s.close()))
    await db.drop()
  }
  return logFile
}

const logFile = await main()
let missed = 0
console.log(`\n${args.db}${quick ? " (quick)" : ""}: figure | measured | budget`)
for (const [name, budget] of Object.entries(budgets) as [
  Figure,
  { max?: readonly number[]; min?: readonly number[] },
][]) {
  const value = figures[name]
  if (value === undefined) continue
  const limit = budget.max ? budget.max[column]! : budget.min![column]!
  const ok = budget.max ? value <= limit : value >= limit
  if (!ok) missed++
  console.log(`${ok ? "ok  " : "MISS"} ${name} | ${value} | ${budget.max ? "≤" : "≥"} ${limit}`)
}
console.log(JSON.stringify({ db: args.db, quick, figures, notes }))
console.log(`server log: ${logFile}`)
process.exit(missed ? 1 : 0)
