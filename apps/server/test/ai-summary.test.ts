// GET /ai/summary against a stand-in model server: the 100-character floor, one model call for many concurrent
// requests (in one process and across two), failures and time-outs that store nothing, stale claims, another
// user's entry, missing configuration (code 5) and the daily token budget (15000).
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { bootAlongside } from "./support/boot.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { type OpenAiStub, startOpenAiStub } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub

const LONG = `<p>${"The quick brown fox jumps over the lazy dog. ".repeat(6)}That is all there is to say.</p>`
const SHORT = "<p>Too short to summarise.</p>"

beforeAll(async () => {
  ;[feeds, stub] = await Promise.all([startFeedServer(), startOpenAiStub()])
  server = await startTestServer({ AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model", AI_MODEL_FAST: "stub-fast" })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
})
beforeEach(() => stub.reset())

let feedNo = 0
/** A new user subscribed to a new feed with a long and a short entry; their ids. */
async function reader(base = server.url) {
  const path = `/summary-${++feedNo}.xml`
  feeds.set(path, {
    body: rss("Summaries", [
      { guid: "long", title: "Long one", description: LONG, pubDate: new Date(Date.UTC(2026, 0, 2)) },
      { guid: "short", title: "Short one", description: SHORT, pubDate: new Date(Date.UTC(2026, 0, 1)) },
    ]),
  })
  const user = await signUp(base)
  const api = apiAs(base, user)
  await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  const list = await api("POST", "/entries", { view: 0 })
  const id = (title: string) =>
    list.body.data.find((i: { entries: { title: string } }) => i.entries.title === title).entries.id as string
  return { user, api, longId: id("Long one"), shortId: id("Short one") }
}

async function rows(query: ReturnType<typeof sql>) {
  return (await server.deps.db.execute(query)).rows as Record<string, unknown>[]
}

describe("GET /ai/summary", () => {
  it("answers null for a source under 100 characters, without calling the model", async () => {
    const { api, shortId } = await reader()
    const res = await api("GET", `/ai/summary?id=${shortId}&language=en`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 0, data: null })
    expect(stub.calls()).toBe(0)
  })

  it("summarises a longer source with the fast model, stores it and answers later requests from the store", async () => {
    stub.set({ reply: () => "A fox jumps over a dog." })
    const { api, longId } = await reader()
    const first = await api("GET", `/ai/summary?id=${longId}&language=en`)
    expect(first.body).toEqual({ code: 0, data: "A fox jumps over a dog." })
    expect(stub.calls()).toBe(1)
    expect(stub.requests[0]!.body.model).toBe("stub-fast")
    expect(stub.requests[0]!.body.messages.at(-1)!.content).toContain("quick brown fox")
    const again = await api("GET", `/ai/summary?id=${longId}&language=en`)
    expect(again.body.data).toBe("A fox jumps over a dog.")
    expect(stub.calls()).toBe(1)
    // Another language is another summary.
    await api("GET", `/ai/summary?id=${longId}&language=ja`)
    expect(stub.calls()).toBe(2)
    expect(stub.requests[1]!.body.messages[0]!.content).toContain("Japanese")
  })

  it("adds what the reader wrote about themselves in settings › AI to the model's instructions", async () => {
    stub.set({ reply: () => "A fox, for a zoologist." })
    const { api, longId } = await reader()
    expect((await api("PATCH", "/settings/ai", { personalizePrompt: "  I study foxes for a living.  " })).status).toBe(
      200,
    )
    await api("GET", `/ai/summary?id=${longId}&language=en`)
    const system = stub.requests[0]!.body.messages[0]!
    expect(system.role).toBe("system")
    expect(system.content).toMatch(/\n\nThe reader says about themselves[^\n]*\nI study foxes for a living\.$/)
    // Another reader, without one, gets the task's instructions alone.
    const other = await reader()
    await other.api("GET", `/ai/summary?id=${other.longId}&language=en`)
    expect(stub.requests[1]!.body.messages[0]!.content).not.toContain("about themselves")
  })

  it("summarises the readability text when asked for target=readabilityContent, stored apart from the content's", async () => {
    stub.set({ reply: (body) => (JSON.stringify(body.messages).includes("river trade") ? "Rivers made towns." : "?") })
    const page = `<!doctype html><html><head><title>Rivers</title></head><body><nav>Home · About</nav><article>
      <h1>Rivers of the north</h1>${"<p>The river trade grew the northern towns, and the spring floods shaped where people built. </p>".repeat(8)}
      </article><footer>Copyright</footer></body></html>`
    feeds.set("/rivers.html", { body: page, headers: { "content-type": "text/html; charset=utf-8" } })
    feeds.set("/rivers.xml", {
      body: rss("Rivers", [
        { guid: "r", title: "Rivers", link: feeds.url("/rivers.html"), description: SHORT, pubDate: new Date() },
      ]),
    })
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    await api("POST", "/subscriptions", { url: feeds.url("/rivers.xml"), view: 0 })
    const id = (await api("POST", "/entries", { view: 0 })).body.data[0].entries.id as string
    const readable = `/ai/summary?id=${id}&language=en&target=readabilityContent`
    // Before the article is fetched the entry's own (short) content stands in: nothing to summarise.
    expect((await api("GET", readable)).body).toEqual({ code: 0, data: null })
    expect(stub.calls()).toBe(0)
    expect((await api("GET", `/entries/readability?id=${id}`)).body.data.content).toContain("river trade")
    expect((await api("GET", readable)).body).toEqual({ code: 0, data: "Rivers made towns." })
    expect(stub.calls()).toBe(1)
    expect(JSON.stringify(stub.requests[0]!.body.messages)).not.toContain("Copyright")
    // The content's summary is another one: its source is still too short, and the readability one is not reused.
    expect((await api("GET", `/ai/summary?id=${id}&language=en&target=content`)).body.data).toBeNull()
    expect((await api("GET", readable)).body.data).toBe("Rivers made towns.")
    expect(stub.calls()).toBe(1)
    const stored = await rows(sql`select target, summary from ai_summaries where entry_id = ${id}`)
    expect(stored).toEqual([{ target: "readabilityContent", summary: "Rivers made towns." }])
  })

  it("20 concurrent identical requests make exactly one model call and all get the same text", async () => {
    let n = 0
    stub.set({ delayMs: 400, reply: () => `summary number ${++n}` })
    const { api, longId } = await reader()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api("GET", `/ai/summary?id=${longId}&language=en`)),
    )
    expect(stub.calls()).toBe(1)
    expect(new Set(answers.map((a) => `${a.status} ${a.body.data}`))).toEqual(new Set(["200 summary number 1"]))
  })

  it("requests to two server processes on one database share one model call (the claim row)", async () => {
    stub.set({ delayMs: 400, reply: () => "shared summary" })
    // A second app on the same database: its own in-process table, so only the database claim can join them.
    const second = await bootAlongside(server, { AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" })
    try {
      const { user, longId } = await reader()
      const a = apiAs(server.url, user)
      const b = apiAs(second.url, user)
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b)("GET", `/ai/summary?id=${longId}&language=en`)),
      )
      expect(stub.calls()).toBe(1)
      expect(answers.every((r) => r.body.data === "shared summary")).toBe(true)
    } finally {
      await second.close()
    }
  })

  it("waits for a claim another process holds and answers what that process stored", async () => {
    const { api, longId } = await reader()
    const key = `summary:${longId}:en:content`
    await server.deps.db.execute(sql`insert into ai_pending (key, claim, claimed_at) values (${key}, 'other', now())`)
    const waiting = api("GET", `/ai/summary?id=${longId}&language=en`)
    await new Promise((resolve) => setTimeout(resolve, 400))
    await server.deps.db.execute(
      sql`insert into ai_summaries (entry_id, language, target, summary) values (${longId}, 'en', 'content', 'from elsewhere')`,
    )
    await server.deps.db.execute(sql`delete from ai_pending where key = ${key}`)
    expect((await waiting).body).toEqual({ code: 0, data: "from elsewhere" })
    expect(stub.calls()).toBe(0)
  })

  it("takes over a stale claim left by a process that died", async () => {
    stub.set({ reply: () => "after the takeover" })
    const { api, longId } = await reader()
    const key = `summary:${longId}:en:content`
    await server.deps.db.execute(
      sql`insert into ai_pending (key, claim, claimed_at) values (${key}, 'dead', now() - interval '1 hour')`,
    )
    expect((await api("GET", `/ai/summary?id=${longId}&language=en`)).body.data).toBe("after the takeover")
    expect(await rows(sql`select * from ai_pending where key = ${key}`)).toEqual([])
  })

  it("a failing model: a clear error, nothing stored, the claim released, and a retry works", async () => {
    // The failure comes late enough that all five requests are waiting on the one call (a request arriving after a
    // failure is a retry, and calls again).
    stub.set({ failStatus: 500, delayMs: 1500 })
    const { api, longId } = await reader()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api("GET", `/ai/summary?id=${longId}&language=en`)),
    )
    for (const res of answers) {
      expect(res.status).toBe(500)
      expect(res.body).toMatchObject({ code: 1005, message: "The AI provider failed (HTTP 500)" })
    }
    expect(stub.calls()).toBe(1)
    expect(await rows(sql`select * from ai_summaries where entry_id = ${longId}`)).toEqual([])
    expect(await rows(sql`select * from ai_pending where key like ${`summary:${longId}:%`}`)).toEqual([])
    stub.set({ reply: () => "second time lucky" })
    expect((await api("GET", `/ai/summary?id=${longId}&language=en`)).body.data).toBe("second time lucky")
  })

  it("a model that does not answer in time: a clear error and nothing stored", async () => {
    const slow = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "stub-model",
      AI_TIMEOUT_MS: "300",
    })
    try {
      stub.set({ delayMs: 2000 })
      const { api, longId } = await reader(slow.url)
      const res = await api("GET", `/ai/summary?id=${longId}&language=en`)
      expect(res.status).toBe(500)
      expect(res.body).toMatchObject({ code: 1005, message: "The AI model did not answer within 300 ms" })
      expect(await rows(sql`select * from ai_summaries where entry_id = ${longId}`)).toEqual([])
      expect(await rows(sql`select * from ai_pending where key like ${`summary:${longId}:%`}`)).toEqual([])
    } finally {
      await slow.close()
    }
  })

  it("another user's entry is not found, and nothing is asked of the model", async () => {
    const { longId } = await reader()
    const other = apiAs(server.url, await signUp(server.url))
    const res = await other("GET", `/ai/summary?id=${longId}&language=en`)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(3000)
    expect(stub.calls()).toBe(0)
  })

  it("refuses bad input with code 4", async () => {
    const { api, longId } = await reader()
    expect((await api("GET", `/ai/summary?id=${longId}&language=fr`)).body.code).toBe(4)
    expect((await api("GET", `/ai/summary?id=${longId}&target=title`)).body.code).toBe(4)
    expect((await api("GET", "/ai/summary")).body.code).toBe(4)
  })
})

describe("without a model", () => {
  it("every AI call answers code 5 naming what to set; config and status say AI is unavailable", async () => {
    const bare = await bootAlongside(server, {})
    try {
      const { api, longId, user } = await reader(bare.url)
      for (const res of [
        await api("GET", `/ai/summary?id=${longId}&language=en`),
        await api("GET", `/ai/translation?id=${longId}&language=ja`),
        await api("POST", "/ai/translation/batch", { ids: [longId], language: "ja" }),
        await api("POST", "/ai/summary-title", { messages: [{ role: "user", content: "hello" }] }),
        await api("POST", "/ai/provider/test", {}),
      ]) {
        expect(res.status).toBe(500)
        expect(res.body.code).toBe(5)
        expect(res.body.message).toContain("AI_BASE_URL")
        expect(res.body.message).toContain("AI_MODEL")
        expect(res.body.message).toContain("Settings › AI")
      }
      const config = await apiAs(bare.url, user)("GET", "/ai/chat/config")
      expect(config.body).toMatchObject({ available: false, defaultModel: "", availableModels: [] })
      const status = await fetch(`${bare.url}/status/configs`).then(
        (r) => r.json() as Promise<{ data: Record<string, unknown> }>,
      )
      expect(status.data.AI_ENABLED).toBe(false)
      expect(stub.calls()).toBe(0)
    } finally {
      await bare.close()
    }
  })

  it("with one, /ai/chat/config and /status/configs say AI is available", async () => {
    const { api } = await reader()
    const config = await api("GET", "/ai/chat/config")
    expect(config.body).toMatchObject({ available: true, source: "server", defaultModel: "stub-model" })
    const status = await fetch(`${server.url}/status/configs`).then(
      (r) => r.json() as Promise<{ data: Record<string, unknown> }>,
    )
    expect(status.data.AI_ENABLED).toBe(true)
  })
})

describe("usage and the daily budget", () => {
  it("counts tokens per day and operation, and answers 15000 once the role's budget is spent", async () => {
    const limited = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "stub-model",
      AI_DAILY_TOKENS: "admin=20,pro=20,trial=20,free=20,pre_pro_trial=20",
    })
    try {
      stub.set({ reply: () => '"Foxes."' })
      const api = apiAs(limited.url, await signUp(limited.url))
      const title = () =>
        api("POST", "/ai/summary-title", { messages: [{ role: "user", content: "Tell me about foxes" }] })
      expect((await title()).body).toEqual({ title: "Foxes" })
      expect((await title()).status).toBe(200)
      const over = await title()
      expect(over.status).toBe(429)
      expect(over.body.code).toBe(15000)
      expect(stub.calls()).toBe(2)
      const usage = await api("GET", "/ai/usage")
      expect(usage.body.data).toMatchObject({ total: 20, used: 30, remaining: 0 })
      expect(usage.body.data.today).toEqual([
        { operation: "summary-title", model: "stub-model", provider: "server", tokensIn: 20, tokensOut: 10, calls: 2 },
      ])
      const analytics = await api("GET", "/ai/analytics?days=7")
      expect(analytics.body.patterns.byOperation).toEqual([
        {
          operationType: "summary-title",
          totalTokens: 30,
          operationCount: 2,
          percentage: 100,
          avgTokensPerOperation: 15,
        },
      ])
      expect(analytics.body.patterns.daily).toHaveLength(1)
      const config = await api("GET", "/ai/chat/config")
      expect(config.body.usage).toMatchObject({ total: 20, used: 30, remaining: 0 })
    } finally {
      await limited.close()
    }
  })

  it("gives each role its own budget, and a role the setting leaves out no limit", async () => {
    const limited = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "stub-model",
      AI_DAILY_TOKENS: "trial=20,pro=60",
    })
    try {
      stub.set({ reply: () => '"Foxes."' })
      // Each call costs 15 tokens (10 in, 5 out); a call is refused once the day's use has reached the budget.
      const callsUntilRefused = async (role: string, tries: number) => {
        const user = await signUp(limited.url, role)
        await limited.deps.db.execute(sql`update "user" set role = ${role} where id = ${user.id}`)
        const api = apiAs(limited.url, user)
        for (let n = 1; n <= tries; n++) {
          const res = await api("POST", "/ai/summary-title", { messages: [{ role: "user", content: "Foxes" }] })
          if (res.status !== 200) {
            expect(res.body.code).toBe(15000)
            return { refusedAt: n, usage: (await api("GET", "/ai/usage")).body.data }
          }
        }
        return { refusedAt: null, usage: (await api("GET", "/ai/usage")).body.data }
      }
      const trial = await callsUntilRefused("trial", 8)
      expect(trial.refusedAt).toBe(3)
      expect(trial.usage).toMatchObject({ total: 20, used: 30, remaining: 0 })
      const pro = await callsUntilRefused("pro", 8)
      expect(pro.refusedAt).toBe(5)
      expect(pro.usage).toMatchObject({ total: 60, used: 60, remaining: 0 })
      const admin = await callsUntilRefused("admin", 8)
      expect(admin.refusedAt).toBeNull()
      // No budget: total 0 and remaining -1, as the official client reads "unlimited".
      expect(admin.usage).toMatchObject({ total: 0, used: 120, remaining: -1 })
      // One user's use never counts against another's: the trial user's refusal did not touch the others.
      expect(stub.calls()).toBe(2 + 4 + 8)
    } finally {
      await limited.close()
    }
  })
})
