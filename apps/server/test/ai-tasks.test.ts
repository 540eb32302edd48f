// AI tasks (/ai/task) and the daily digest (/ai/daily) against the stand-in model server, with the services' clock
// under the test's control: CRUD and validation, one user never reaching another's tasks, a scheduled run through
// the job queue (the engine the run is configured with: in-process, or BullMQ with TEST_REDIS_URL) with a tool call,
// a failing model that leaves the last result alone, mail to a loopback SMTP server, and digests built by the job
// and on demand (one model call for concurrent requests), an empty window without a model call, and code 5.
// Tasks also get the user's enabled MCP tools (the loopback MCP server of support/mcp-server.ts), as the chat
// does: never another user's, and a failing service is left out of the run and noted, never failing the task.

import { createECDH, randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { createServer } from "node:net"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { startAiScheduler } from "../src/jobs/ai-scheduler.ts"
import { NO_ENTRIES_TEXT } from "../src/services/ai-daily.ts"
import { bootAlongside } from "./support/boot.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { type McpTestServer, startMcpServer } from "./support/mcp-server.ts"
import { type ChatRequestBody, type OpenAiStub, type StubTurn, startOpenAiStub, textOf } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { type SmtpStub, startSmtpStub } from "./support/smtp-server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub
let smtp: SmtpStub
let mcp: McpTestServer

// Years ahead of the other test files' entries, so the digest job here never finds another file's users.
const START = Date.parse("2028-03-06T09:30:00Z") // a Monday
let clock = new Date(START)

beforeAll(async () => {
  ;[feeds, stub, smtp, mcp] = await Promise.all([
    startFeedServer(),
    startOpenAiStub(),
    startSmtpStub(),
    startMcpServer(),
  ])
  server = await startTestServer(
    {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "stub-model",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tidings <tasks@tidings.test>",
    },
    { now: () => clock },
  )
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
  await smtp?.close()
  await mcp?.close()
})
beforeEach(() => {
  stub.reset()
  clock = new Date(START)
})

/** The model calls that wrote a digest. */
const digestCalls = () => stub.requests.filter((r) => textOf(r.body.messages[0]).includes("daily digest"))

/** A mail body as sent (quoted-printable) as plain text. */
const unquote = (text: string) =>
  text
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** One tick of the AI scheduler at the current clock, then waits until the queued jobs are done. */
async function runJobs(): Promise<number> {
  const scheduler = startAiScheduler(server.deps, server.jobs.ai, { intervalMs: 3_600_000 })
  try {
    const queued = await scheduler.tick()
    await server.jobs.ai.idle()
    return queued
  } finally {
    await scheduler.stop()
  }
}

async function user(timeZone?: string) {
  const account = await signUp(server.url)
  const api = apiAs(server.url, account)
  if (timeZone) expect((await api("PATCH", "/settings/general", { timeZone })).status).toBe(200)
  return { account, api }
}

const daily = {
  name: "Morning brief",
  prompt: "Summarise what I missed",
  schedule: { type: "daily", timeOfDay: "09:00" },
}

describe("/ai/task CRUD", () => {
  it("creates, lists, reads, updates and deletes a task, with the next run in the user's time zone", async () => {
    const { api } = await user("Asia/Tokyo")
    const created = await api("POST", "/ai/task", daily)
    expect(created.status).toBe(200)
    const task = created.body.data
    // 09:30 UTC is 18:30 in Tokyo: the next 09:00 there is 00:00 UTC the next day.
    expect(task).toMatchObject({
      name: "Morning brief",
      isEnabled: true,
      schedule: { type: "daily", timeOfDay: "09:00" },
      options: {},
      nextRunAt: "2028-03-07T00:00:00.000Z",
      lastRunAt: null,
      runCount: 0,
      lastResult: null,
      lastError: null,
    })
    expect((await api("GET", "/ai/task")).body.data.map((t: { id: string }) => t.id)).toEqual([task.id])
    expect((await api("GET", `/ai/task/${task.id}`)).body.data.name).toBe("Morning brief")

    const weekly = await api("PUT", `/ai/task/${task.id}`, {
      schedule: { type: "weekly", dayOfWeek: 5, timeOfDay: "07:15" },
      options: { notifyChannels: ["email"] },
    })
    // Friday 07:15 in Tokyo is Thursday 22:15 UTC.
    expect(weekly.body.data).toMatchObject({ nextRunAt: "2028-03-09T22:15:00.000Z", name: "Morning brief" })
    expect(weekly.body.data.options).toEqual({ notifyChannels: ["email"] })

    const monthly = await api("PUT", `/ai/task/${task.id}`, {
      schedule: { type: "monthly", dayOfMonth: 31, timeOfDay: "12:00" },
    })
    // March has a 31st: 12:00 in Tokyo on 31 March.
    expect(monthly.body.data.nextRunAt).toBe("2028-03-31T03:00:00.000Z")

    const off = await api("PUT", `/ai/task/${task.id}`, { isEnabled: false })
    expect(off.body.data).toMatchObject({ isEnabled: false, nextRunAt: null })

    expect((await api("DELETE", `/ai/task/${task.id}`)).body).toEqual({ code: 0, data: null })
    expect((await api("GET", "/ai/task")).body.data).toEqual([])
    expect((await api("GET", `/ai/task/${task.id}`)).body.code).toBe(6)
  })

  it("a one-off's date without an offset is wall-clock time in the user's zone; a monthly 31st falls back", async () => {
    const { api } = await user("America/New_York")
    const once = await api("POST", "/ai/task", { ...daily, schedule: { type: "once", date: "2028-03-20T08:00" } })
    // New York is on daylight time (UTC-4) from 12 March 2028.
    expect(once.body.data.nextRunAt).toBe("2028-03-20T12:00:00.000Z")
    clock = new Date("2028-04-02T00:00:00Z")
    const monthly = await api("POST", "/ai/task", {
      ...daily,
      schedule: { type: "monthly", dayOfMonth: 31, timeOfDay: "06:00" },
    })
    // April has 30 days: the task runs on its last day.
    expect(monthly.body.data.nextRunAt).toBe("2028-04-30T10:00:00.000Z")
  })

  it("refuses bad input with code 4 and creates nothing", async () => {
    const { api } = await user()
    const bad: unknown[] = [
      { ...daily, name: "  " },
      { ...daily, prompt: "" },
      { ...daily, schedule: { type: "daily", timeOfDay: "25:00" } },
      { ...daily, schedule: { type: "hourly", timeOfDay: "09:00" } },
      { ...daily, schedule: { type: "weekly", dayOfWeek: 7, timeOfDay: "09:00" } },
      { ...daily, schedule: { type: "monthly", dayOfMonth: 0, timeOfDay: "09:00" } },
      { ...daily, schedule: { type: "once", date: "next tuesday" } },
      { ...daily, schedule: { type: "once", date: "2020-01-01T00:00:00Z" } },
      { ...daily, options: { notifyChannels: ["sms"] } },
      { ...daily, name: "x".repeat(101) },
    ]
    for (const body of bad) {
      const res = await api("POST", "/ai/task", body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code, JSON.stringify(body)).toBe(4)
    }
    const past = await api("POST", "/ai/task", { ...daily, schedule: { type: "once", date: "2020-01-01T00:00:00Z" } })
    expect(past.body.data).toEqual([{ path: "schedule.date", message: "The date is in the past", code: "custom" }])
    expect((await api("GET", "/ai/task")).body.data).toEqual([])
    const task = (await api("POST", "/ai/task", daily)).body.data
    expect((await api("PUT", `/ai/task/${task.id}`, { schedule: { type: "daily" } })).body.code).toBe(4)
    expect((await api("GET", `/ai/task/${task.id}`)).body.data.schedule).toEqual(daily.schedule)
  })

  it("one user never sees, changes, runs or deletes another's task", async () => {
    const owner = await user()
    const other = await user()
    const task = (await owner.api("POST", "/ai/task", daily)).body.data
    expect((await other.api("GET", "/ai/task")).body.data).toEqual([])
    for (const [method, path, body] of [
      ["GET", `/ai/task/${task.id}`],
      ["PUT", `/ai/task/${task.id}`, { name: "Taken" }],
      ["POST", `/ai/task/${task.id}/test-run`],
      ["DELETE", `/ai/task/${task.id}`],
    ] as const) {
      const res = await other.api(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body.code).toBe(6)
    }
    expect(stub.calls()).toBe(0)
    expect((await owner.api("GET", `/ai/task/${task.id}`)).body.data).toMatchObject({ name: "Morning brief" })
  })

  it("test-run answers the result and stores it without touching the schedule", async () => {
    stub.set({ reply: () => "## Brief\n\nNothing much happened." })
    const { api } = await user()
    const task = (await api("POST", "/ai/task", daily)).body.data
    const run = await api("POST", `/ai/task/${task.id}/test-run`)
    expect(run.body.data).toMatchObject({
      lastResult: "## Brief\n\nNothing much happened.",
      lastError: null,
      lastRunAt: clock.toISOString(),
      runCount: 0,
      nextRunAt: task.nextRunAt,
    })
    expect(stub.requests[0]!.body.messages.at(-1)!.content).toContain("Summarise what I missed")
  })
})

describe("scheduled task runs", () => {
  it("the job runs a due task with a tool call, stores the result, sets the next run and mails it", async () => {
    const { api, account } = await user("Europe/Berlin")
    const path = "/task-feed.xml"
    feeds.set(path, {
      body: rss("Task feed", [{ guid: "t1", title: "Comet seen over Lisbon", pubDate: new Date(START - 3_600_000) }]),
    })
    await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
    stub.set({
      turn: (body) =>
        body.messages.some((m) => m.role === "tool")
          ? {
              text: `Found: ${body.messages
                .filter((m) => m.role === "tool")
                .map(textOf)
                .join(" ")
                .slice(0, 400)}`,
            }
          : { toolCalls: [{ name: "searchEntries", arguments: { query: "comet" } }] },
    })
    const task = (
      await api("POST", "/ai/task", {
        ...daily,
        schedule: { type: "daily", timeOfDay: "11:00" },
        options: { notifyChannels: ["email"] },
      })
    ).body.data
    // 11:00 in Berlin (UTC+1 in early March) is 10:00 UTC.
    expect(task.nextRunAt).toBe("2028-03-06T10:00:00.000Z")

    // Not due yet; the entry is in the window still open, so no digest is due either.
    expect(await runJobs()).toBe(0)
    expect(stub.calls()).toBe(0)

    clock = new Date("2028-03-06T10:00:30Z")
    const mailsBefore = smtp.received.length
    await runJobs()
    const after = (await api("GET", `/ai/task/${task.id}`)).body.data
    expect(after).toMatchObject({
      runCount: 1,
      lastRunAt: "2028-03-06T10:00:30.000Z",
      nextRunAt: "2028-03-07T10:00:00.000Z",
      lastError: null,
      isEnabled: true,
    })
    expect(after.lastResult).toContain("Comet seen over Lisbon")
    expect(stub.calls()).toBe(2) // the tool call, then the answer
    expect(stub.requests[0]!.body.tools!.map((t) => t.function.name).sort()).toEqual([
      "listSubscriptions",
      "readEntry",
      "searchEntries",
      "unreadCounts",
    ])
    await smtp.waitFor(mailsBefore + 1)
    const mail = smtp.received.at(-1)!
    expect(mail.to).toEqual([account.email])
    expect(mail.from).toBe("tasks@tidings.test")
    expect(mail.data).toContain("Subject: Tidings: Morning brief")
    expect(unquote(mail.data)).toContain("Comet seen over Lisbon")

    // The same tick again finds nothing due: the run is not repeated.
    await runJobs()
    expect(stub.calls()).toBe(2)
  })

  it("a one-off switches itself off after its run", async () => {
    stub.set({ reply: () => "Done once." })
    const { api } = await user()
    const task = (await api("POST", "/ai/task", { ...daily, schedule: { type: "once", date: "2028-03-06T12:00Z" } }))
      .body.data
    clock = new Date("2028-03-06T12:05:00Z")
    await runJobs()
    expect((await api("GET", `/ai/task/${task.id}`)).body.data).toMatchObject({
      isEnabled: false,
      nextRunAt: null,
      runCount: 1,
      lastResult: "Done once.",
    })
  })

  it("a task that asks for Web Push pushes its result to the owner's browsers (and only theirs)", async () => {
    const received: { path: string; encoding?: string; bytes: number }[] = []
    const pushService = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (c: Buffer) => chunks.push(c))
      req.on("end", () => {
        received.push({
          path: req.url ?? "",
          encoding: req.headers["content-encoding"],
          bytes: Buffer.concat(chunks).length,
        })
        res.writeHead(201).end()
      })
    })
    await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve))
    const base = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`
    const device = (name: string) => {
      const ecdh = createECDH("prime256v1")
      ecdh.generateKeys()
      const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") }
      return JSON.stringify({ endpoint: `${base}/${name}`, expirationTime: null, keys })
    }
    try {
      stub.set({ reply: () => "Pushed result." })
      const { api } = await user()
      const other = await user()
      await api("POST", "/messaging", { token: device("owner"), channel: "web" })
      await other.api("POST", "/messaging", { token: device("other"), channel: "web" })
      const task = (
        await api("POST", "/ai/task", {
          ...daily,
          schedule: { type: "once", date: "2028-03-06T12:00Z" },
          options: { notifyChannels: ["web"] },
        })
      ).body.data
      expect(task.options).toEqual({ notifyChannels: ["web"] })
      clock = new Date("2028-03-06T12:05:00Z")
      await runJobs()
      for (let i = 0; i < 100 && !received.length; i++) await new Promise((r) => setTimeout(r, 50))
      expect(received).toEqual([{ path: "/owner", encoding: "aes128gcm", bytes: expect.any(Number) }])
    } finally {
      await new Promise<void>((resolve) => pushService.close(() => resolve()))
    }
  })

  it("a failing model leaves lastError and the previous result, and the run count as it was", async () => {
    stub.set({ reply: () => "First result." })
    const { api } = await user()
    const task = (await api("POST", "/ai/task", daily)).body.data
    clock = new Date("2028-03-07T09:00:10Z")
    await runJobs()
    expect((await api("GET", `/ai/task/${task.id}`)).body.data).toMatchObject({
      runCount: 1,
      lastResult: "First result.",
    })

    stub.set({ failStatus: 500 })
    clock = new Date("2028-03-08T09:00:10Z")
    await runJobs()
    const failed = (await api("GET", `/ai/task/${task.id}`)).body.data
    expect(failed).toMatchObject({
      runCount: 1,
      lastResult: "First result.",
      lastError: "The AI provider failed (HTTP 500)",
      lastRunAt: "2028-03-08T09:00:10.000Z",
      nextRunAt: "2028-03-09T09:00:00.000Z",
      isEnabled: true,
    })
  })

  it("a task edited while its run was queued keeps the edit (the stale run is skipped)", async () => {
    const { api } = await user()
    const task = (await api("POST", "/ai/task", daily)).body.data
    clock = new Date("2028-03-07T09:00:10Z")
    // Claimed by a tick whose queue never ran it; the user then changes the schedule.
    const { claimDueTasks } = await import("../src/storage/ai-jobs.ts")
    const claimed = await claimDueTasks(server.deps.db, clock, 100, 60_000)
    expect(claimed.map((t) => t.id)).toContain(task.id)
    await api("PUT", `/ai/task/${task.id}`, { schedule: { type: "daily", timeOfDay: "18:00" } })
    const mine = claimed.find((t) => t.id === task.id)!
    await server.jobs.ai.add([
      { kind: "task", taskId: task.id, userId: mine.userId, claimed: mine.nextRunAt!.toISOString() },
    ])
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(0)
    expect((await api("GET", `/ai/task/${task.id}`)).body.data).toMatchObject({
      runCount: 0,
      nextRunAt: "2028-03-07T18:00:00.000Z",
    })
  })
})

describe("tasks with the user's MCP tools", () => {
  const calc = () => ({ name: "Calc", transportType: "streamable-http", url: `${mcp.origin}/mcp` })
  /** Tool calls in order, one turn per model request that follows a tool result; then the results as text. */
  function script(...turns: StubTurn[]) {
    return (body: ChatRequestBody): StubTurn => {
      if (!body.tools) return { text: "No tools here." }
      const done = body.messages.filter((m) => m.role === "assistant" && m.tool_calls?.length).length
      if (done < turns.length) return turns[done]!
      const results = body.messages.filter((m) => m.role === "tool").map(textOf)
      return { text: `Results: ${results.join(" | ")}` }
    }
  }
  const offered = (i = 0) => stub.requests[i]!.body.tools!.map((t) => t.function.name).sort()
  const READ_ONLY = ["listSubscriptions", "readEntry", "searchEntries", "unreadCounts"]

  it("a test-run calls the user's MCP tool and writes its answer; another user's task never gets it", async () => {
    const { api } = await user()
    expect((await api("PATCH", "/settings/ai", { mcpEnabled: true })).body).toEqual({ code: 0 })
    expect((await api("POST", "/mcp/connections", calc())).body.code).toBe(0)
    const before = mcp.calls.add ?? 0
    stub.set({ turn: script({ toolCalls: [{ name: "mcp_calc_add", arguments: { a: 2, b: 40 } }] }) })
    const task = (await api("POST", "/ai/task", daily)).body.data
    const run = await api("POST", `/ai/task/${task.id}/test-run`)
    expect(run.body.data).toMatchObject({ lastError: null, lastResult: 'Results: {"text":"The sum is 42"}' })
    expect(mcp.calls.add).toBe(before + 1)
    expect(offered()).toEqual(["mcp_calc_add", "mcp_calc_fail", "mcp_calc_slow", ...READ_ONLY].sort())
    const list = await api("GET", "/mcp/connections")
    expect(list.body.data[0].lastUsed).toEqual(expect.any(String))

    stub.reset()
    stub.set({ reply: () => "Nothing to add." })
    const other = await user()
    const theirs = (await other.api("POST", "/ai/task", daily)).body.data
    expect((await other.api("POST", `/ai/task/${theirs.id}/test-run`)).body.data.lastResult).toBe("Nothing to add.")
    expect(offered()).toEqual(READ_ONLY)
    expect(mcp.calls.add).toBe(before + 1)

    // A disabled service is not offered.
    await api("PUT", `/mcp/connections/${list.body.data[0].id}`, { enabled: false })
    stub.reset()
    stub.set({ reply: () => "Fine." })
    await api("POST", `/ai/task/${task.id}/test-run`)
    expect(offered()).toEqual(READ_ONLY)
  })

  it("a failing service is left out of the rest of the run and noted; the task still succeeds", async () => {
    const { api } = await user()
    expect((await api("PATCH", "/settings/ai", { mcpEnabled: true })).body).toEqual({ code: 0 })
    expect((await api("POST", "/mcp/connections", calc())).body.code).toBe(0)
    const before = mcp.calls.fail ?? 0
    stub.set({
      turn: script(
        { toolCalls: [{ name: "mcp_calc_fail", arguments: { why: "no reason" } }] },
        { toolCalls: [{ name: "mcp_calc_add", arguments: { a: 1, b: 1 } }] },
      ),
    })
    const task = (await api("POST", "/ai/task", daily)).body.data
    const run = (await api("POST", `/ai/task/${task.id}/test-run`)).body.data
    expect(run.lastError).toBeNull()
    // The second call was answered at once, without reaching the service.
    expect(mcp.calls.fail).toBe(before + 1)
    expect(run.lastResult).toBe(
      'Results: {"error":"MCP tool execution failed: cannot: no reason"} | ' +
        '{"error":"Left out of this run after it failed: MCP tool execution failed: cannot: no reason"}' +
        '\n\n---\n\n*MCP services left out of this run: "Calc" (MCP tool execution failed: cannot: no reason).*',
    )
  })

  it("a service that cannot be reached does not fail a scheduled run", async () => {
    const { api } = await user()
    expect((await api("PATCH", "/settings/ai", { mcpEnabled: true })).body).toEqual({ code: 0 })
    const id = (await api("POST", "/mcp/connections", calc())).body.connectionId
    const port = await closedPort()
    await server.deps.db.execute(
      sql`update mcp_connections set base_url = ${`http://127.0.0.1:${port}/mcp`} where id = ${id}`,
    )
    stub.set({ turn: script({ toolCalls: [{ name: "mcp_calc_add", arguments: { a: 2, b: 2 } }] }) })
    const task = (await api("POST", "/ai/task", daily)).body.data
    clock = new Date("2028-03-07T09:00:10Z")
    await runJobs()
    const after = (await api("GET", `/ai/task/${task.id}`)).body.data
    expect(after).toMatchObject({ runCount: 1, lastError: null, nextRunAt: "2028-03-08T09:00:00.000Z" })
    expect(after.lastResult).toMatch(/^Results: \{"error":"MCP tool execution failed: /)
    expect(after.lastResult).toContain('*MCP services left out of this run: "Calc" (MCP tool execution failed: ')
  })
})

async function closedPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))
  const port = (s.address() as { port: number }).port
  await new Promise((resolve) => s.close(resolve))
  return port
}

describe("GET /ai/daily", () => {
  let feedNo = 0
  /** A user (UTC unless a zone is given) following a feed with entries at the given times. */
  async function reader(times: Date[], view = 0, timeZone?: string) {
    const path = `/daily-${++feedNo}.xml`
    feeds.set(path, {
      body: rss(
        `Daily ${feedNo}`,
        times.map((pubDate, i) => ({
          guid: `d${i}`,
          title: `Story ${i} of feed ${feedNo}`,
          description: `<p>What happened in story ${i}.</p>`,
          pubDate,
        })),
      ),
    })
    const u = await user(timeZone)
    await u.api("POST", "/subscriptions", { url: feeds.url(path), view })
    const list = await u.api("POST", "/entries", { view })
    const ids = Object.fromEntries(
      list.body.data.map((i: { entries: { id: string; title: string } }) => [i.entries.title, i.entries.id]),
    ) as Record<string, string>
    return { ...u, ids }
  }

  it("the job builds the digest of the window that ended; its [n] references link to the entries", async () => {
    // Window 08:00–20:00 UTC on 6 March: two entries inside it, one before it.
    // A day of its own: the job looks at every user with entries in the last day, the other tests' among them.
    // (The earlier tests' daily tasks are due by then too: only the digest's calls are counted.)
    clock = new Date("2028-04-10T19:00:00Z")
    const { api, ids } = await reader([
      new Date("2028-04-10T15:00:00Z"),
      new Date("2028-04-10T12:00:00Z"),
      new Date("2028-04-10T07:00:00Z"),
    ])
    stub.set({ reply: () => "### Stories\n\n- Story zero happened [1], and so did story one [2]. [9]" })
    clock = new Date("2028-04-10T20:01:00Z")
    await runJobs()
    expect(digestCalls()).toHaveLength(1)
    const prompt = textOf(digestCalls()[0]!.body.messages.at(-1))
    expect(prompt).toContain("[1] Story 0 of feed")
    expect(prompt).toContain("[2] Story 1 of feed")
    expect(prompt).not.toContain("Story 2 of feed") // published before the window

    const feed = feedNo
    const res = await api("GET", "/ai/daily?view=0")
    expect(res.body.code).toBe(0)
    expect(res.body.data).toBe(
      "### Stories\n\n- Story zero happened " +
        `[[1]](/timeline/view-0/all/${ids[`Story 0 of feed ${feed}`]}), and so did story one ` +
        `[[2]](/timeline/view-0/all/${ids[`Story 1 of feed ${feed}`]}). `,
    )
    // The same window named by its start (epoch ms, as the SDK sends it), answered from the store.
    const again = await api("GET", `/ai/daily?view=0&startDate=${Date.parse("2028-04-10T08:00:00Z")}`)
    expect(again.body.data).toBe(res.body.data)
    expect(digestCalls()).toHaveLength(1)
    // A second tick does not build it again.
    await runJobs()
    expect(digestCalls()).toHaveLength(1)
  })

  it("the windows are 08:00 and 20:00 on the reader's own clock (Tokyo, UTC+9)", async () => {
    clock = new Date("2028-05-10T10:00:00Z")
    const { api } = await reader(
      [
        new Date("2028-05-09T22:30:00Z"), // 07:30 in Tokyo: the night window before
        new Date("2028-05-10T00:00:00Z"), // 09:00
        new Date("2028-05-10T10:30:00Z"), // 19:30
        new Date("2028-05-10T11:30:00Z"), // 20:30: the next window
      ],
      0,
      "Asia/Tokyo",
    )
    const before = digestCalls().length
    stub.set({ reply: () => "Tokyo day [1][2]." })
    // 20:00 in Tokyo is 11:00 UTC: the day window has just ended there, whatever the hour in UTC.
    clock = new Date("2028-05-10T11:01:00Z")
    await runJobs()
    const calls = digestCalls().slice(before)
    expect(calls).toHaveLength(1)
    const prompt = textOf(calls[0]!.body.messages.at(-1))
    expect(prompt).toMatch(/\[1\] Story 2 of feed \d+/)
    expect(prompt).toMatch(/\[2\] Story 1 of feed \d+/)
    expect(prompt).not.toMatch(/Story [03] of feed/)
    // The window is named by its start: 08:00 in Tokyo, 23:00 UTC the day before.
    const stored = await api("GET", `/ai/daily?view=0&startDate=${Date.parse("2028-05-09T23:00:00Z")}`)
    expect(stored.body.data).toMatch(/^Tokyo day \[\[1\]\]/)
    expect(digestCalls().length - before).toBe(1)
  })

  it("an earlier window is built on demand once, however many ask at the same time", async () => {
    const { api } = await reader([new Date("2028-03-05T22:00:00Z"), new Date("2028-03-06T03:00:00Z")])
    stub.set({ delayMs: 300, reply: () => "Night news [1][2]." })
    clock = new Date("2028-03-06T20:01:00Z")
    const start = Date.parse("2028-03-05T20:00:00Z")
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api("GET", `/ai/daily?view=0&startDate=${start}`)),
    )
    expect(stub.calls()).toBe(1)
    expect(new Set(answers.map((a) => a.body.data)).size).toBe(1)
    expect(answers[0]!.body.data).toMatch(/^Night news \[\[1\]\]\(\/timeline\/view-0\/all\/[^)]+\)\[\[2\]\]/)
  })

  it("the Social media digest reads the posts' own text (they have no titles) and links them in that view", async () => {
    const path = `/social-${++feedNo}.xml`
    const post = (guid: string, text: string, at: string) =>
      `<item><guid>${guid}</guid><description><![CDATA[<p>${text}</p>]]></description><pubDate>${new Date(at).toUTCString()}</pubDate></item>`
    const long =
      "Night trains return to the northern line from Monday, with sleeper cars, bicycles allowed and a café carriage."
    feeds.set(path, {
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Skyline Posts</title><link>https://example.com/</link>
<description>posts</description>${post("p1", "Ferry service resumes across the bay tonight.", "2028-06-02T10:00:00Z")}
${post("p2", long, "2028-06-02T12:00:00Z")}</channel></rss>`,
    })
    clock = new Date("2028-06-02T19:00:00Z")
    const { api } = await user()
    await api("POST", "/subscriptions", { url: feeds.url(path), view: 1 })
    const listed = (await api("POST", "/entries", { view: 1 })).body.data as { entries: { id: string; url: string }[] }
    expect(listed).toHaveLength(2)
    // The model cites nothing: the posts are listed under the digest, each by the start of its text.
    stub.set({ reply: () => "Posts today: the ferry and the night trains are back." })
    clock = new Date("2028-06-02T20:01:00Z")
    const start = Date.parse("2028-06-02T08:00:00Z")
    const res = await api("GET", `/ai/daily?view=1&startDate=${start}`)
    const call = digestCalls().at(-1)!
    expect(textOf(call.body.messages[0])).toContain("social media posts")
    const prompt = textOf(call.body.messages.at(-1))
    expect(prompt).toBe(
      `[1] Skyline Posts\n${long}\n\n[2] Skyline Posts\nFerry service resumes across the bay tonight.`,
    )
    const [newer, older] = (await api("POST", "/entries", { view: 1 })).body.data as { entries: { id: string } }[]
    expect(res.body.data).toBe(
      "Posts today: the ferry and the night trains are back.\n\n" +
        `- [${long.slice(0, 79).trimEnd()}…](/timeline/view-1/all/${newer!.entries.id})\n` +
        `- [Ferry service resumes across the bay tonight.](/timeline/view-1/all/${older!.entries.id})`,
    )
    // The posts are not articles: the Articles digest of the same window has nothing to say.
    expect((await api("GET", `/ai/daily?view=0&startDate=${start}`)).body.data).toBe(NO_ENTRIES_TEXT)
    expect(digestCalls()).toHaveLength(1)
  })

  it("a window without entries answers a short text without calling the model; an open window is refused", async () => {
    const { api } = await reader([new Date("2028-03-06T15:00:00Z")], 1)
    clock = new Date("2028-03-06T20:01:00Z")
    expect((await api("GET", "/ai/daily?view=0")).body).toEqual({ code: 0, data: NO_ENTRIES_TEXT })
    const early = Date.parse("2028-03-01T08:00:00Z")
    expect((await api("GET", `/ai/daily?view=1&startDate=${early}`)).body.data).toBe(NO_ENTRIES_TEXT)
    expect(stub.calls()).toBe(0)
    const open = await api("GET", `/ai/daily?view=1&startDate=${Date.parse("2028-03-06T20:00:00Z")}`)
    expect(open.body.code).toBe(4)
    for (const bad of ["view=2", "view=x", "", "view=0&startDate=soon"])
      expect((await api("GET", `/ai/daily?${bad}`)).body.code, bad).toBe(4)
  })

  it("answers code 5 when no model is configured, and builds nothing", async () => {
    const { api, account } = await reader([new Date("2028-03-06T15:00:00Z")])
    const bare = await bootAlongside(server, {}, { now: () => clock })
    try {
      clock = new Date("2028-03-06T20:01:00Z")
      const res = await apiAs(bare.url, account)("GET", "/ai/daily?view=0")
      expect(res.body.code).toBe(5)
      expect(res.body.message).toContain("AI_BASE_URL")
      const task = (await api("POST", "/ai/task", daily)).body.data
      expect((await apiAs(bare.url, account)("POST", `/ai/task/${task.id}/test-run`)).body.code).toBe(5)
      expect(stub.calls()).toBe(0)
    } finally {
      await bare.close()
    }
  })
})
