// A load generator in its own process, so its CPU is not the server's: virtual clients over keep-alive connections,
// in a closed loop (each sends its next request when the last one is answered) or an open loop (each on a fixed
// schedule, latency counted from the scheduled time). Started by bench/read-path.ts with a JSON
// plan on stdin; prints one JSON line of results.
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib"
import { Agent, request } from "undici"

export interface LoadRequest {
  method: "GET" | "POST" | "DELETE" | "PATCH"
  path: string
  body?: unknown
}

export interface LoadClient {
  /** Sent as `authorization: Bearer …`. */
  token: string
}

export interface LoadPlan {
  origin: string
  seconds: number
  /** A request never answered within this is counted unanswered (and its client moves on). */
  timeoutMs: number
  clients: LoadClient[]
  /** What each client does: a named mix, interpreted by `nextRequest` below. */
  mix: "unread-pages" | "unread-counts" | "mixed"
  /**
   * Requests per second for all clients together, each client sending on its own fixed schedule (an open loop);
   * unset, each client sends its next request when the last is answered (a closed loop: the server's capacity).
   */
  ratePerSecond?: number
  /** For "mixed": entry ids each client may mark, star and open (its own timeline's). */
  entryIds?: string[][]
  feedIds?: string[][]
}

export interface LoadResult {
  requests: number
  perSecond: number
  errors: number
  unanswered: number
  p50: number
  p95: number
  p99: number
  max: number
  byKind: Record<string, { n: number; p95: number }>
  errorSamples: string[]
  /** CPU seconds the load generator itself used (it shares the machine with the server). */
  loadCpuSeconds: number
}

interface ClientState {
  cursor?: string
  pages: number
  starred: string[]
}

/** Mixed traffic of a reader's day: mostly pages and counts, a share of marks and stars, some detail views. */
function mixed(plan: LoadPlan, index: number, state: ClientState, random: () => number): [string, LoadRequest] {
  const ids = plan.entryIds?.[index] ?? []
  const feeds = plan.feedIds?.[index] ?? []
  const pickId = () => ids[Math.floor(random() * ids.length)]!
  const roll = random()
  if (roll < 0.3) {
    const cursor = state.pages < 5 && state.cursor ? `&publishedAfter=${encodeURIComponent(state.cursor)}` : ""
    return ["page", { method: "GET", path: `/entries?read=false&limit=20${cursor}` }]
  }
  if (roll < 0.4 && feeds.length) {
    const feed = feeds[Math.floor(random() * feeds.length)]
    return ["feed page", { method: "GET", path: `/entries?feedId=${feed}&limit=20` }]
  }
  if (roll < 0.62) return ["counts", { method: "GET", path: "/reads" }]
  if (roll < 0.77 && ids.length) {
    const entryIds = [pickId(), pickId()]
    return ["mark read", { method: "POST", path: "/reads", body: { entryIds } }]
  }
  if (roll < 0.82 && ids.length)
    return ["mark unread", { method: "DELETE", path: "/reads", body: { entryId: pickId() } }]
  if (roll < 0.87 && ids.length) {
    // Unstar only what this client starred, so every call is one a real client would make.
    const starred = state.starred.pop()
    if (starred && random() < 0.5)
      return ["unstar", { method: "DELETE", path: "/collections", body: { entryId: starred } }]
    if (starred) state.starred.push(starred)
    // Recorded as starred once the star is answered (in an open loop an unstar could otherwise overtake it).
    const entryId = pickId()
    return ["star", { method: "POST", path: "/collections", body: { entryId, view: 0 } }]
  }
  if (roll < 0.92) return ["subscriptions", { method: "GET", path: "/subscriptions" }]
  if (ids.length) return ["entry", { method: "GET", path: `/entries?id=${pickId()}` }]
  return ["counts", { method: "GET", path: "/reads" }]
}

function nextRequest(plan: LoadPlan, index: number, state: ClientState, random: () => number): [string, LoadRequest] {
  if (plan.mix === "unread-counts") return ["counts", { method: "GET", path: "/reads" }]
  if (plan.mix === "unread-pages") {
    // Each reader walks its unread list a page at a time and starts again from the top after 20 pages.
    const cursor = state.cursor && state.pages % 20 ? `&publishedAfter=${encodeURIComponent(state.cursor)}` : ""
    return ["page", { method: "GET", path: `/entries?read=false&limit=100${cursor}` }]
  }
  return mixed(plan, index, state, random)
}

function decode(raw: Buffer, headers: Record<string, string | string[] | undefined>): string {
  const encoding = headers["content-encoding"]
  if (encoding === "br") return brotliDecompressSync(raw).toString()
  if (encoding === "gzip") return gunzipSync(raw).toString()
  if (encoding === "deflate") return inflateSync(raw).toString()
  return raw.toString()
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2))
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const agent = new Agent({ connections: plan.clients.length, pipelining: 1, keepAliveTimeout: 60_000 })
  const startedAt = performance.now()
  const deadline = startedAt + plan.seconds * 1000
  const latencies: number[] = []
  const byKind = new Map<string, number[]>()
  const errorSamples: string[] = []
  let errors = 0
  let unanswered = 0
  /** Answered without an error status. */
  let answered = 0
  let seed = 42

  /** One request; its latency is counted from `scheduledAt` (an open loop's late sends count against it too). */
  async function send(kind: string, req: LoadRequest, token: string, state: ClientState, scheduledAt: number) {
    try {
      const res = await request(`${plan.origin}${req.path}`, {
        method: req.method,
        dispatcher: agent,
        headers: {
          authorization: `Bearer ${token}`,
          "accept-encoding": "gzip, deflate, br",
          ...(req.body ? { "content-type": "application/json" } : {}),
        },
        body: req.body ? JSON.stringify(req.body) : undefined,
        headersTimeout: plan.timeoutMs,
        bodyTimeout: plan.timeoutMs,
      })
      const raw = Buffer.from(await res.body.arrayBuffer())
      const ms = performance.now() - scheduledAt
      latencies.push(ms)
      const list = byKind.get(kind) ?? []
      list.push(ms)
      byKind.set(kind, list)
      if (res.statusCode >= 400) {
        errors++
        if (errorSamples.length < 5)
          errorSamples.push(`${kind} ${res.statusCode} ${decode(raw, res.headers).slice(0, 200)}`)
      } else answered++
      if (res.statusCode < 400 && kind === "star") {
        const entryId = (req.body as { entryId: string }).entryId
        if (!state.starred.includes(entryId)) state.starred.push(entryId)
      }
      if (res.statusCode < 400 && kind === "page") {
        // The cursor is the last item's publishedAt: found from the end, so the page is not parsed whole.
        const text = decode(raw, res.headers)
        const at = text.lastIndexOf('"publishedAt"')
        state.cursor = at < 0 ? undefined : /"publishedAt"\s*:\s*"([^"]+)"/.exec(text.slice(at))?.[1]
        state.pages = state.cursor ? state.pages + 1 : 0
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? ""
      if (code.includes("TIMEOUT")) unanswered++
      else errors++
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${code} ${(error as Error).message}`)
    }
  }

  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }

  /** Closed loop: the client's next request leaves when the last one is answered. */
  async function closedClient(index: number) {
    const state: ClientState = { pages: 0, starred: [] }
    const token = plan.clients[index]!.token
    while (performance.now() < deadline) {
      const [kind, req] = nextRequest(plan, index, state, random)
      await send(kind, req, token, state, performance.now())
    }
  }

  /** Open loop: the client sends on a fixed schedule whatever the server's pace, as people do. */
  async function openClient(index: number, rate: number) {
    const state: ClientState = { pages: 0, starred: [] }
    const token = plan.clients[index]!.token
    const interval = (plan.clients.length / rate) * 1000
    const inFlight: Promise<void>[] = []
    for (let at = startedAt + (index / rate) * 1000; at < deadline; at += interval) {
      const wait = at - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const [kind, req] = nextRequest(plan, index, state, random)
      inFlight.push(send(kind, req, token, state, at))
    }
    await Promise.all(inFlight)
  }

  const cpuBefore = process.cpuUsage()
  const rate = plan.ratePerSecond
  await Promise.all(plan.clients.map((_, i) => (rate ? openClient(i, rate) : closedClient(i))))
  const cpu = process.cpuUsage(cpuBefore)
  // Over the time until the last answer: an open loop whose server falls behind answers its schedule's requests
  // late, and its rate is what it answered in that longer time, not the rate it was offered.
  const elapsed = Math.max(rate ? plan.seconds : 0, (performance.now() - startedAt) / 1000)
  await agent.close()
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    perSecond: Math.round(answered / elapsed),
    errors,
    unanswered,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    byKind: Object.fromEntries(
      [...byKind].map(([kind, list]) => [
        kind,
        {
          n: list.length,
          p95: percentile(
            list.sort((a, b) => a - b),
            95,
          ),
        },
      ]),
    ),
    errorSamples,
    loadCpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
  }
}

if (process.argv[1] === import.meta.filename) {
  let input = ""
  for await (const chunk of process.stdin) input += chunk
  const result = await runLoad(JSON.parse(input) as LoadPlan)
  console.log(JSON.stringify(result))
  process.exit(0)
}
