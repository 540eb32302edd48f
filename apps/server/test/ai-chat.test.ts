// POST /ai/chat and /ai/chat-sessions against a stand-in model server, driven by the AI SDK's own chat client (what
// useChat runs): a streamed answer with a tool-call round trip, persisted and read back; @-mentions in the system
// prompt; stop and retry; a failing, a broken-off and a timing-out model (an error row, nothing half-written);
// missing configuration (5), roles (15001), budget (15000), attachments (15002); bad input; the user's own model;
// and one user never reaching another's sessions or entries.
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { MISSING_MODEL_MESSAGE } from "../src/ai/provider.ts"
import { bootAlongside } from "./support/boot.ts"
import { TestChat, textOfMessage } from "./support/chat-client.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { type ChatRequestBody, type OpenAiStub, type StubTurn, startOpenAiStub, textOf } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub

beforeAll(async () => {
  ;[feeds, stub] = await Promise.all([startFeedServer(), startOpenAiStub()])
  server = await startTestServer({ AI_BASE_URL: stub.baseUrl, AI_MODEL: "chat-model", AI_MODEL_FAST: "title-model" })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
})
beforeEach(() => stub.reset())

let feedNo = 0
interface Reader {
  user: TestUser
  api: ReturnType<typeof apiAs>
  feedId: string
  /** Entry ids by title. */
  ids: Record<string, string>
}

/** A new user subscribed to a new feed with the given entries (title → body). */
async function reader(entries: Record<string, string>, base = server.url): Promise<Reader> {
  const path = `/chat-${++feedNo}.xml`
  feeds.set(path, {
    body: rss(
      `Feed ${feedNo}`,
      Object.entries(entries).map(([title, description], i) => ({
        guid: `${feedNo}-${i}`,
        title,
        description,
        pubDate: new Date(Date.UTC(2026, 0, 2 + i, 12)),
      })),
    ),
  })
  const user = await signUp(base)
  const api = apiAs(base, user)
  const sub = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  const list = await api("POST", "/entries", { view: 0 })
  const ids: Record<string, string> = {}
  for (const item of list.body.data as { entries: { id: string; title: string } }[])
    ids[item.entries.title] = item.entries.id
  return { user, api, feedId: sub.body.feed.id, ids }
}

/** Requests that were chat turns (titles are asked for without tools). */
const chatRequests = () => stub.requests.filter((r) => r.body.tools).map((r) => r.body)
const systemOf = (body: ChatRequestBody) => textOf(body.messages.find((m) => m.role === "system"))

/** Answers tool calls in order, then text; titles get "A title". */
function script(...turns: StubTurn[]) {
  return (body: ChatRequestBody): StubTurn => {
    if (!body.tools) return { text: "A title" }
    const toolResults = body.messages.filter((m) => m.role === "tool").length
    const done = body.messages.filter((m) => m.role === "assistant" && m.tool_calls?.length).length
    return turns[Math.min(done, turns.length - 1)] ?? { text: `no turn (${toolResults})` }
  }
}

async function rows(query: ReturnType<typeof sql>) {
  return (await server.deps.db.execute(query)).rows as Record<string, unknown>[]
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const chatOf = (r: Pick<Reader, "user">, id = randomUUID(), base = server.url, body?: Record<string, unknown>) =>
  new TestChat(base, r.user.token, id, { body })

describe("a chat with a tool call", () => {
  it("streams the tool call, its result and the answer, and stores both messages for the session calls", async () => {
    const r = await reader({ "The quick fox": "<p>A fox jumps over the lazy dog.</p>", Weather: "<p>Rain.</p>" })
    stub.set({
      turn: script(
        { toolCalls: [{ name: "searchEntries", arguments: { query: "fox" } }] },
        { text: "You have one entry about a fox." },
      ),
    })
    const chat = chatOf(r)
    await chat.sendMessage({ text: "What did I read about foxes?" })
    expect(chat.error).toBeUndefined()
    expect(chat.status).toBe("ready")

    const answer = chat.messages.at(-1)!
    expect(answer.role).toBe("assistant")
    const tool = answer.parts.find((p) => p.type === "tool-searchEntries") as {
      state: string
      input: unknown
      output: { entries: { id: string; title: string }[] }
    }
    expect(tool.state).toBe("output-available")
    expect(tool.input).toEqual({ query: "fox" })
    expect(tool.output.entries.map((e) => e.title)).toEqual(["The quick fox"])
    expect(tool.output.entries[0]!.id).toBe(r.ids["The quick fox"])
    expect(textOfMessage(answer)).toBe("You have one entry about a fox.")

    // Two model calls: the tool call, then the answer with the tool's result in its messages.
    const [first, second] = chatRequests()
    expect(first!.model).toBe("chat-model")
    expect(first!.stream).toBe(true)
    expect(first!.tools!.map((t) => t.function.name).sort()).toEqual(
      ["listSubscriptions", "markRead", "readEntry", "searchEntries", "subscribe", "unreadCounts"].sort(),
    )
    expect(textOf(first!.messages.at(-1))).toBe("What did I read about foxes?")
    const result = second!.messages.find((m) => m.role === "tool")
    expect(textOf(result)).toContain("The quick fox")

    // Stored: the user's message and the answer, read back through the session calls.
    const messages = await r.api("GET", `/ai/chat-sessions/${chat.id}/messages`)
    expect(messages.status).toBe(200)
    const stored = messages.body.data.messages
    expect(stored.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"])
    expect(stored[0]).toMatchObject({ id: chat.messages[0]!.id, chatId: chat.id, status: "completed" })
    expect(textOfMessage(stored[0])).toBe("What did I read about foxes?")
    expect(stored[1]).toMatchObject({ id: answer.id, status: "completed", metadata: { model: "chat-model", steps: 2 } })
    expect(stored[1].finishedAt).toEqual(expect.any(String))
    expect(stored[1].messageParts).toEqual(answer.parts)
    expect(messages.body.data.chatSession).toMatchObject({ chatId: chat.id, userId: r.user.id })

    // The title is made in the background by the fast model.
    const session = await waitFor(
      () => r.api("GET", `/ai/chat-sessions/${chat.id}`),
      (s) => s.body.data.title !== "",
    )
    expect(session.body.data.title).toBe("A title")
    expect(stub.requests.find((q) => !q.body.tools)!.body.model).toBe("title-model")
    const list = await r.api("GET", "/ai/chat-sessions")
    expect(list.body).toMatchObject({ code: 0, total: 1, data: [{ chatId: chat.id, title: "A title" }] })

    // Tokens of both steps are recorded as chat.
    const usage = await r.api("GET", "/ai/usage")
    expect(usage.body.data.today).toContainEqual(
      expect.objectContaining({ operation: "chat", tokensIn: 20, tokensOut: 10, provider: "server" }),
    )
  })
})

describe("the tools", () => {
  it("mark read and subscribe with the API's effects, and list subscriptions and unread counts", async () => {
    const r = await reader({ "First post": "<p>one</p>", "Second post": "<p>two</p>" })
    const path = `/chat-new-${++feedNo}.xml`
    feeds.set(path, {
      body: rss("Brand new feed", [{ guid: "n1", title: "Fresh", pubDate: new Date(Date.UTC(2026, 0, 5)) }]),
    })
    stub.set({
      turn: script(
        {
          toolCalls: [
            { name: "unreadCounts", arguments: {} },
            { name: "markRead", arguments: { entryIds: [r.ids["First post"]] } },
          ],
        },
        { toolCalls: [{ name: "subscribe", arguments: { url: feeds.url(path) } }] },
        {
          toolCalls: [
            { name: "listSubscriptions", arguments: {} },
            { name: "searchEntries", arguments: { query: "post", unreadOnly: true } },
          ],
        },
        { text: "Done." },
      ),
    })
    const before = await r.api("GET", "/reads")
    expect(before.body.data[r.feedId]).toBe(2)
    const chat = chatOf(r)
    await chat.sendMessage({ text: "Mark the first post read and follow the new feed" })
    expect(chat.error).toBeUndefined()
    const outputs = Object.fromEntries(
      chat.messages
        .at(-1)!
        .parts.filter((p) => p.type.startsWith("tool-"))
        .map((p) => [p.type.slice(5), (p as { output: unknown }).output]),
    ) as Record<string, Record<string, unknown>>
    expect(outputs.unreadCounts).toEqual({
      total: 2,
      sources: [{ type: "feed", id: r.feedId, title: `Feed ${feedNo - 1}`, unread: 2 }],
    })
    expect(outputs.markRead).toEqual({ marked: 1, read: true })
    expect((outputs.searchEntries!.entries as { title: string }[]).map((e) => e.title)).toEqual(["Second post"])
    expect(outputs.subscribe).toMatchObject({ feed: { title: "Brand new feed" }, unread: 1 })
    expect((outputs.listSubscriptions!.subscriptions as { title: string }[]).map((s) => s.title).sort()).toEqual(
      ["Brand new feed", `Feed ${feedNo - 1}`].sort(),
    )
    // The same state the API shows.
    const after = await r.api("GET", "/reads")
    expect(after.body.data[r.feedId]).toBe(1)
    const subs = await r.api("GET", "/subscriptions")
    expect(subs.body.data.map((s: { feeds: { title: string } }) => s.feeds.title)).toContain("Brand new feed")
    expect(chatRequests()).toHaveLength(4)
  })

  it("never reach another user's entries: search, read and mark read see only the caller's", async () => {
    const owner = await reader({ "Secret zebra plans": "<p>zebra details only the owner may read</p>" })
    const other = await reader({ "Public notes": "<p>nothing</p>" })
    const secretId = owner.ids["Secret zebra plans"]!
    stub.set({
      turn: script(
        {
          toolCalls: [
            { name: "searchEntries", arguments: { query: "zebra" } },
            { name: "readEntry", arguments: { entryId: secretId } },
            { name: "markRead", arguments: { entryIds: [secretId] } },
          ],
        },
        { text: "Nothing found." },
      ),
    })
    // The other user also @-mentions the owner's entry and feed: nothing of them reaches the prompt.
    const chat = chatOf(other, randomUUID(), server.url, {
      context: { mainEntryId: secretId, referFeedIds: [owner.feedId] },
    })
    await chat.sendMessage({ text: `Tell me about <mention-entry id="${secretId}"/> zebra` })
    const outputs = chat.messages
      .at(-1)!
      .parts.filter((p) => p.type.startsWith("tool-"))
      .map((p) => (p as { output: unknown }).output)
    expect(outputs).toEqual([{ entries: [] }, { error: "Entry not found" }, { error: "Entry not found" }])
    const [first] = chatRequests()
    expect(JSON.stringify(first)).not.toContain("zebra details")
    expect(JSON.stringify(first)).not.toContain("Secret zebra plans")
    expect(systemOf(first!)).not.toContain("The user points at")
    // The owner's entry is still unread.
    expect((await owner.api("GET", "/reads")).body.data[owner.feedId]).toBe(1)
  })

  it("search the user's inbox entries too, and mark them read", async () => {
    const r = await reader({ "Feed item": "<p>x</p>" })
    const handle = `chat${randomUUID().slice(0, 8)}`
    const inbox = await r.api("POST", "/inboxes", { handle, title: "My inbox" })
    expect(inbox.status).toBe(200)
    const secret = (await rows(sql`select secret from inboxes where handle = ${handle}`))[0]!.secret as string
    const ingress = await fetch(`${server.url}/inboxes/webhook?handle=${handle}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-inbox-secret": secret },
      body: JSON.stringify({
        guid: "mail-1",
        publishedAt: new Date(Date.UTC(2026, 0, 3)).toISOString(),
        title: "Invoice from the otter shop",
        content: "<p>otter invoice</p>",
      }),
    })
    expect(ingress.status).toBeLessThan(300)
    const [{ id: inboxEntryId }] = (await rows(sql`select id from inbox_entries where inbox_handle = ${handle}`)) as {
      id: string
    }[]
    stub.set({
      turn: script(
        { toolCalls: [{ name: "searchEntries", arguments: { query: "otter" } }] },
        { toolCalls: [{ name: "markRead", arguments: { entryIds: [inboxEntryId] } }] },
        { text: "Marked." },
      ),
    })
    const chat = chatOf(r)
    await chat.sendMessage({ text: "Find the otter invoice and mark it read" })
    const tools = chat.messages.at(-1)!.parts.filter((p) => p.type.startsWith("tool-")) as { output: unknown }[]
    expect(tools[0]!.output).toMatchObject({
      entries: [
        { id: inboxEntryId, title: "Invoice from the otter shop", inbox: handle, source: "My inbox", read: false },
      ],
    })
    expect(tools[1]!.output).toEqual({ marked: 1, read: true })
    const [row] = await rows(sql`select read from inbox_entries where id = ${inboxEntryId}`)
    expect(row!.read).toBe(true)
  })
})

describe("the reader's own words", () => {
  it("put settings › AI's \"about you\" into the chat's system prompt, after its own instructions", async () => {
    const r = await reader({ "A story": "<p>Anything.</p>" })
    expect((await r.api("PATCH", "/settings/ai", { personalizePrompt: "I read on a small phone." })).status).toBe(200)
    stub.set({ turn: script({ text: "Short, then." }) })
    const chat = chatOf(r, randomUUID(), server.url)
    await chat.sendMessage({ text: "Hello" })
    expect(chat.error).toBeUndefined()
    const [first] = chatRequests()
    expect(systemOf(first!)).toMatch(/The reader says about themselves[^\n]*\nI read on a small phone\.$/)
  })
})

describe("@-mentions", () => {
  it("put the mentioned entries, feeds and dates into the system prompt", async () => {
    const r = await reader({
      "Old story": "<p>Something from the first day about owls.</p>",
      "Middle story": "<p>The body of the middle story, all about badgers.</p>",
      "New story": "<p>Latest.</p>",
    })
    stub.set({ turn: script({ text: "Noted." }) })
    const chat = chatOf(r, randomUUID(), server.url, { context: { referFeedIds: [r.feedId] } })
    await chat.sendMessage({
      text: `Compare <mention-entry id="${r.ids["Middle story"]}"/> with what came <mention-date start="2026-01-02" end="2026-01-02" text="Jan 2"></mention-date>`,
    })
    expect(chat.error).toBeUndefined()
    const [first] = chatRequests()
    const system = systemOf(first!)
    expect(system).toContain(`## Entry ${r.ids["Middle story"]}: Middle story`)
    expect(system).toContain("all about badgers")
    expect(system).toContain(`## Feed ${r.feedId}: Feed ${feedNo}`)
    expect(system).toContain("Entries published from 2026-01-02T00:00:00.000Z to 2026-01-03T00:00:00.000Z (1)")
    expect(system).toMatch(/- \S+ · 2026-01-02 12:00 · Feed \d+ · Old story \(unread\)/)
    // The user's text keeps readable placeholders for the tags.
    expect(textOf(first!.messages.at(-1))).toBe(`Compare [entry ${r.ids["Middle story"]}] with what came [Jan 2]`)

    // A follow-up still has the entry in view: mentions of earlier messages stay in the context.
    stub.reset()
    stub.set({ turn: script({ text: "Still noted." }) })
    const followUp = new TestChat(server.url, r.user.token, chat.id, { messages: chat.messages })
    await followUp.sendMessage({ text: "And in one sentence?" })
    const [second] = chatRequests()
    expect(systemOf(second!)).toContain("all about badgers")
    expect(second!.messages.filter((m) => m.role === "user").map(textOf)).toEqual([
      `Compare [entry ${r.ids["Middle story"]}] with what came [Jan 2]`,
      "And in one sentence?",
    ])
    expect(second!.messages.find((m) => m.role === "assistant")!.content).toBe("Noted.")
  })

  it("take the web client's entry ids and local-day windows from the context, and keep its mention labels", async () => {
    // Published 2 January 12:00 UTC, 3 January 12:00 and 4 January 12:00.
    const r = await reader({
      "Old story": "<p>owls</p>",
      "Middle story": "<p>badgers</p>",
      "New story": "<p>Latest.</p>",
    })
    const other = await reader({ "Private otter": "<p>otter secrets</p>" })
    stub.set({ turn: script({ text: "Noted." }) })
    // 3 January in UTC+9, as the web client sends a local day: midnight to midnight as instants, the end excluded;
    // the second window ends exactly when the middle story was published, so it holds nothing.
    const dates = [
      { start: "2026-01-02T15:00:00.000Z", end: "2026-01-03T15:00:00.000Z" },
      { start: "2026-01-02T15:00:00.000Z", end: "2026-01-03T12:00:00.000Z" },
    ]
    const context = { referEntryIds: [r.ids["New story"], other.ids["Private otter"]], dates }
    const chat = chatOf(r, randomUUID(), server.url, { context })
    const mentions = [
      { kind: "entry", label: "New story" },
      { kind: "date", label: "2026-01-03" },
    ]
    await chat.sendMessage({ text: "Compare @New story with @2026-01-03", metadata: { mentions } })
    expect(chat.error).toBeUndefined()
    const system = systemOf(chatRequests()[0]!)
    expect(system).toContain(`## Entry ${r.ids["New story"]}: New story`)
    expect(system).toContain("Latest.")
    expect(system).not.toContain("otter")
    expect(system).toContain("Entries published from 2026-01-02T15:00:00.000Z to 2026-01-03T15:00:00.000Z (1)")
    expect(system).toMatch(/- \S+ · 2026-01-03 12:00 · Feed \d+ · Middle story \(unread\)/)
    expect(system).toContain("Entries published from 2026-01-02T15:00:00.000Z to 2026-01-03T12:00:00.000Z (0)\n(none)")
    // The message keeps the labels the client gave it, beside the context, for showing it again.
    const stored = (await r.api("GET", `/ai/chat-sessions/${chat.id}/messages`)).body.data.messages[0]
    expect(stored.metadata).toEqual({ mentions, context })
  })

  it("read Folo's data-block and rich-text parts", async () => {
    const r = await reader({ "Blocked entry": "<p>Penguins in a block.</p>" })
    stub.set({ turn: script({ text: "ok" }) })
    const chat = chatOf(r)
    await chat.sendMessage({
      role: "user",
      parts: [
        { type: "data-block", data: [{ id: "b1", type: "mainEntry", value: r.ids["Blocked entry"] }] },
        { type: "data-rich-text", data: { state: "{}", text: "What is this about?" } },
      ],
    } as never)
    expect(chat.error).toBeUndefined()
    const [first] = chatRequests()
    expect(systemOf(first!)).toContain("Penguins in a block.")
    expect(textOf(first!.messages.at(-1))).toBe("What is this about?")
  })
})

describe("stop and retry", () => {
  it("stop keeps what was streamed, completed and marked stopped", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    const long = "word ".repeat(100)
    stub.set({ turn: script({ text: long }), chunkDelayMs: 60, delayMs: 500 })
    const chat = chatOf(r)
    const sending = chat.sendMessage({ text: "Tell me a long story" })
    const statusNow = async () =>
      (await r.api("GET", `/ai/chat-sessions/${chat.id}/messages`)).body.data.messages[1]?.status as string | undefined
    // Stored before the model answers, as pending; streaming once it does.
    expect(await waitFor(statusNow, (s) => s !== undefined)).toBe("pending")
    const answered = await waitFor(
      async () => chat.messages.at(-1),
      (m) => m?.role === "assistant" && textOfMessage(m).length >= 16,
    )
    expect(answered?.role).toBe("assistant")
    expect(await statusNow()).toBe("streaming")
    await chat.stop()
    await sending
    const stored = await waitFor(
      () => r.api("GET", `/ai/chat-sessions/${chat.id}/messages`),
      (res) => res.body.data.messages[1]?.status === "completed",
    )
    const answer = stored.body.data.messages[1]
    expect(answer).toMatchObject({ status: "completed", metadata: { stopped: true } })
    const text = textOfMessage(answer)
    expect(text.length).toBeGreaterThanOrEqual(16)
    expect(text.length).toBeLessThan(long.length)
    expect(long.startsWith(text)).toBe(true)
    expect(answer.messageParts.find((p: { type: string }) => p.type === "text").state).toBe("done")
    // Stopped where the reader was: not a new answer for /ai's unread mark.
    expect((await r.api("GET", "/ai/chat-sessions/unread")).body.data).not.toContain(chat.id)
  })

  it("a new message while an answer still streams (another tab) ends that answer as interrupted", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: script({ text: "slow ".repeat(48) }), chunkDelayMs: 50 })
    const first = chatOf(r)
    const sending = first.sendMessage({ text: "Slow one" })
    await waitFor(
      async () => first.messages.at(-1),
      (m) => m?.role === "assistant" && textOfMessage(m).length > 0,
    )
    stub.set({ turn: script({ text: "Quick answer." }) })
    const second = new TestChat(server.url, r.user.token, first.id, { messages: first.messages.slice(0, 1) })
    await second.sendMessage({ text: "Quick one" })
    await sending
    const stored = (await r.api("GET", `/ai/chat-sessions/${first.id}/messages`)).body.data.messages
    const summary = (m: { role: string; status: string; messageParts: unknown[] }) => [
      m.role,
      m.status,
      textOfMessage(m),
    ]
    expect(stored.map(summary)).toEqual([
      ["user", "completed", "Slow one"],
      ["assistant", "error", ""],
      ["user", "completed", "Quick one"],
      ["assistant", "completed", "Quick answer."],
    ])
    expect(stored[1].metadata).toEqual({ error: "Interrupted by a newer message" })
  })

  it("retry (regenerate) replaces the last answer", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: script({ text: "First answer." }) })
    const chat = chatOf(r)
    await chat.sendMessage({ text: "Hello?" })
    const firstId = chat.messages.at(-1)!.id
    stub.set({ turn: script({ text: "Second answer." }) })
    await chat.regenerate()
    expect(chat.error).toBeUndefined()
    expect(textOfMessage(chat.messages.at(-1))).toBe("Second answer.")
    const stored = (await r.api("GET", `/ai/chat-sessions/${chat.id}/messages`)).body.data.messages
    expect(stored.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"])
    expect(stored[1].id).not.toBe(firstId)
    expect(stored[1].id).toBe(chat.messages.at(-1)!.id)
    expect(textOfMessage(stored[1])).toBe("Second answer.")
    // The retry showed the model the question once, without the replaced answer.
    const retry = chatRequests().at(-1)!
    expect(retry.messages.filter((m) => m.role !== "system").map(textOf)).toEqual(["Hello?"])
  })
})

describe("a model that fails", () => {
  async function failedTurn(r: Reader, base = server.url) {
    const chat = chatOf(r, randomUUID(), base)
    await chat.sendMessage({ text: "Are you there?" })
    const stored = await waitFor(
      () => r.api("GET", `/ai/chat-sessions/${chat.id}/messages`),
      (res) => res.body.data.messages[1]?.status === "error",
    )
    return { chat, stored: stored.body.data.messages }
  }

  it("with an HTTP error: a clear error in the stream and an error row without parts", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ failStatus: 500 })
    const { chat, stored } = await failedTurn(r)
    expect(chat.error?.message).toBe("The AI provider failed (HTTP 500)")
    expect(stored.map((m: { role: string; status: string }) => [m.role, m.status])).toEqual([
      ["user", "completed"],
      ["assistant", "error"],
    ])
    expect(stored[1]).toMatchObject({
      messageParts: [],
      metadata: { error: "The AI provider failed (HTTP 500)", code: 1005 },
    })
  })

  it("breaking off mid-answer: nothing of the partial text is kept", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: script({ text: "This answer will be cut off after a few pieces." }), breakAfterChunks: 2 })
    const { chat, stored } = await failedTurn(r)
    expect(chat.error?.message).toMatch(/^The AI provider cannot be reached/)
    expect(stored[1].status).toBe("error")
    expect(stored[1].messageParts).toEqual([])
    expect(stored[1].metadata.error).toMatch(/^The AI provider cannot be reached/)
  })

  it("timing out: the stream says so and the answer is an error row", async () => {
    const quick = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "chat-model",
      AI_TIMEOUT_MS: "700",
    })
    try {
      const r = await reader({ Any: "<p>x</p>" }, quick.url)
      stub.set({ turn: script({ text: "too late" }), delayMs: 2500 })
      const { chat, stored } = await failedTurn(r, quick.url)
      expect(chat.error?.message).toBe("The AI model did not answer within 700 ms")
      expect(stored[1]).toMatchObject({
        status: "error",
        messageParts: [],
        metadata: { error: "The AI model did not answer within 700 ms" },
      })
    } finally {
      await quick.close()
    }
  })
})

describe("who may chat", () => {
  /** Nothing of the user's is stored: no session, no message. */
  async function nothingStored(userId: string) {
    const [row] = await rows(sql`select
      (select count(*)::int from ai_chat_sessions where user_id = ${userId}) as sessions,
      (select count(*)::int from ai_chat_messages m join ai_chat_sessions s on s.id = m.chat_id
        where s.user_id = ${userId}) as messages`)
    expect(row).toEqual({ sessions: 0, messages: 0 })
  }

  it("without a model configured: code 5 naming what to set, and nothing stored", async () => {
    const bare = await bootAlongside(server, {})
    try {
      const user = await signUp(bare.url)
      const chat = new TestChat(bare.url, user.token, randomUUID())
      await chat.sendMessage({ text: "hi" })
      expect(chat.errorBody()).toEqual({ code: 5, message: MISSING_MODEL_MESSAGE })
      await nothingStored(user.id)
      expect(stub.calls()).toBe(0)
    } finally {
      await bare.close()
    }
  })

  it("a role that AI_CHAT_ROLES leaves out: 15001 (HTTP 402), and nothing stored", async () => {
    const restricted = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "chat-model",
      AI_CHAT_ROLES: "pro,admin",
    })
    try {
      const user = await signUp(restricted.url)
      const res = await apiAs(restricted.url, user)("POST", "/ai/chat", {
        id: randomUUID(),
        messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "hi" }] }],
      })
      expect(res.status).toBe(402)
      expect(res.body.code).toBe(15001)
      await nothingStored(user.id)
      // Summaries and the rest of AI are not chat: still allowed.
      expect((await apiAs(restricted.url, user)("POST", "/ai/summary-title", { messages: [] })).status).toBe(200)
    } finally {
      await restricted.close()
    }
  })

  it("past the daily budget: 15000", async () => {
    const tight = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "chat-model",
      AI_DAILY_TOKENS: "trial=10",
    })
    try {
      const user = await signUp(tight.url)
      stub.set({ turn: script({ text: "ok" }) })
      const first = new TestChat(tight.url, user.token, randomUUID())
      await first.sendMessage({ text: "one" })
      expect(first.error).toBeUndefined()
      const second = new TestChat(tight.url, user.token, randomUUID())
      await second.sendMessage({ text: "two" })
      expect(second.errorBody()?.code).toBe(15000)
    } finally {
      await tight.close()
    }
  })

  it("attachments: images and text inline only, and no more than AI_CHAT_MAX_FILES a day (15002)", async () => {
    const limited = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "chat-model",
      AI_CHAT_MAX_FILES: "2",
    })
    try {
      const user = await signUp(limited.url)
      const api = apiAs(limited.url, user)
      stub.set({ turn: script({ text: "I see it." }) })
      const png =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
      const note = `data:text/plain;base64,${Buffer.from("the note says: heron").toString("base64")}`
      const send = (parts: unknown[]) =>
        api("POST", "/ai/chat", { id: randomUUID(), messages: [{ id: randomUUID(), role: "user", parts }] })
      const ok = await send([
        { type: "file", mediaType: "image/png", url: png, filename: "dot.png" },
        { type: "file", mediaType: "text/plain", url: note, filename: "note.txt" },
        { type: "text", text: "What are these?" },
      ])
      expect(ok.status).toBe(200)
      const sent = chatRequests().at(-1)!.messages.at(-1)!
      expect(JSON.stringify(sent.content)).toContain("data:image/png;base64")
      expect(textOf(sent)).toContain("the note says: heron")
      const over = await send([{ type: "file", mediaType: "image/png", url: png }])
      expect(over.status).toBe(429)
      expect(over.body.code).toBe(15002)
      for (const part of [
        { type: "file", mediaType: "image/png", url: "http://127.0.0.1/secret.png" },
        { type: "file", mediaType: "application/x-msdownload", url: "data:application/x-msdownload;base64,AAAA" },
      ]) {
        const bad = await send([part, { type: "text", text: "look" }])
        expect(bad.status).toBe(400)
        expect(bad.body.code).toBe(4)
      }
      const config = await api("GET", "/ai/chat/config")
      expect(config.body.attachmentLimits).toMatchObject({ maxFiles: 2, remainingFiles: 0 })
    } finally {
      await limited.close()
    }
  })

  it("refuses bad input with code 4 and stores nothing", async () => {
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    const text = (t: string) => [{ type: "text", text: t }]
    const id = randomUUID()
    for (const body of [
      {},
      { id },
      { id, messages: "hello" },
      { id, messages: [] },
      { id, messages: [{ role: "assistant", parts: text("I speak first") }] },
      { id, messages: [{ role: "user", parts: [{ type: "text" }] }] },
      { id, messages: [{ role: "user", parts: [{ type: "text", text: 42 }] }] },
      { id, messages: [{ role: "user", parts: [{ type: "tool-searchEntries", input: {} }] }] },
      { id, messages: [{ role: "user", parts: text("   ") }] },
      { id, messages: [{ role: "robot", parts: text("hi") }] },
      { id: "not a valid id!", messages: [{ role: "user", parts: text("hi") }] },
      { id, messages: [{ role: "user", parts: text("hi") }], context: { referEntryIds: "x" } },
      { id, messages: [{ role: "user", parts: text("hi") }], trigger: "explode" },
    ]) {
      const res = await api("POST", "/ai/chat", body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe(4)
    }
    await nothingStored(user.id)
    expect(stub.calls()).toBe(0)
  })
})

describe("the user's own model", () => {
  it("answers their chat instead of the server's", async () => {
    const own = await startOpenAiStub({ turn: script({ text: "from my own model" }) })
    try {
      const r = await reader({ Any: "<p>x</p>" })
      await r.api("PUT", "/ai/provider", { baseUrl: own.baseUrl, model: "my-model", apiKey: "sk-mine" })
      const chat = chatOf(r)
      await chat.sendMessage({ text: "Who answers?" })
      expect(textOfMessage(chat.messages.at(-1))).toBe("from my own model")
      const turn = own.requests.find((q) => q.body.tools)!
      expect(turn.body).toMatchObject({ model: "my-model", stream: true })
      expect(turn.authorization).toBe("Bearer sk-mine")
      expect(stub.calls()).toBe(0)
      const usage = await r.api("GET", "/ai/usage")
      expect(usage.body.data.today).toContainEqual(
        expect.objectContaining({ operation: "chat", provider: "user", model: "my-model" }),
      )
    } finally {
      await own.close()
    }
  })
})

describe("chat sessions", () => {
  async function conversation(r: Reader, ...texts: string[]) {
    const chat = chatOf(r)
    for (const text of texts) await chat.sendMessage({ text })
    return chat
  }

  it("list newest first in pages, get, rename, mark seen, unread and delete with their messages", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: script({ text: "ok" }) })
    const a = await conversation(r, "first")
    const b = await conversation(r, "second")
    const c = await conversation(r, "third")

    const page1 = await r.api("GET", "/ai/chat-sessions?limit=2")
    expect(page1.body).toMatchObject({ code: 0, total: 3 })
    expect(page1.body.data.map((s: { chatId: string }) => s.chatId)).toEqual([c.id, b.id])
    expect(page1.body.nextBefore).toEqual(expect.any(String))
    const page2 = await r.api("GET", `/ai/chat-sessions?limit=2&before=${encodeURIComponent(page1.body.nextBefore)}`)
    expect(page2.body.data.map((s: { chatId: string }) => s.chatId)).toEqual([a.id])
    expect(page2.body.nextBefore).toBeUndefined()

    const got = await r.api("GET", `/ai/chat-sessions/${a.id}`)
    expect(got.body.data).toMatchObject({ chatId: a.id, userId: r.user.id })
    expect(Object.keys(got.body.data).sort()).toEqual([
      "chatId",
      "createdAt",
      "lastSeenAt",
      "title",
      "updatedAt",
      "userId",
    ])

    const renamed = await r.api("PATCH", `/ai/chat-sessions/${a.id}`, { title: "  Renamed  " })
    expect(renamed.body.data.title).toBe("Renamed")
    for (const title of ["", "x".repeat(101), 7]) {
      const bad = await r.api("PATCH", `/ai/chat-sessions/${a.id}`, { title })
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe(4)
    }
    // A generated title does not overwrite a name the user gave.
    expect((await r.api("GET", `/ai/chat-sessions/${a.id}`)).body.data.title).toBe("Renamed")

    const unread = await r.api("GET", "/ai/chat-sessions/unread")
    expect(new Set(unread.body.data)).toEqual(new Set([a.id, b.id, c.id]))
    const seen = await r.api("POST", `/ai/chat-sessions/${b.id}/mark-seen`, {})
    expect(seen.body.data.chatId).toBe(b.id)
    expect(new Set((await r.api("GET", "/ai/chat-sessions/unread")).body.data)).toEqual(new Set([a.id, c.id]))

    const removed = await r.api("DELETE", `/ai/chat-sessions/${c.id}`)
    expect(removed.body).toEqual({ code: 0, success: true })
    expect((await r.api("GET", `/ai/chat-sessions/${c.id}`)).status).toBe(404)
    expect(await rows(sql`select id from ai_chat_messages where chat_id = ${c.id}`)).toEqual([])
    expect((await r.api("GET", "/ai/chat-sessions")).body.total).toBe(2)
  })

  it("messages come in conversation order, a page at a time from the newest", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: (body) => (body.tools ? { text: `re: ${textOf(body.messages.at(-1))}` } : { text: "T" }) })
    const chat = await conversation(r, "one", "two", "three")
    const page1 = await r.api("GET", `/ai/chat-sessions/${chat.id}/messages?limit=4`)
    expect(page1.body.data.messages.map(textOfMessage)).toEqual(["two", "re: two", "three", "re: three"])
    expect(page1.body.data.nextBefore).toEqual(expect.any(String))
    const page2 = await r.api(
      "GET",
      `/ai/chat-sessions/${chat.id}/messages?limit=4&before=${encodeURIComponent(page1.body.data.nextBefore)}`,
    )
    expect(page2.body.data.messages.map(textOfMessage)).toEqual(["one", "re: one"])
    expect(page2.body.data.nextBefore).toBeUndefined()
    const bad = await r.api("GET", `/ai/chat-sessions/${chat.id}/messages?limit=0`)
    expect(bad.body.code).toBe(4)
  })

  it("another user cannot read, rename, delete, mark seen or chat in someone else's session", async () => {
    const owner = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: script({ text: "private answer" }) })
    const chat = await conversation(owner, "my private question")
    await owner.api("PATCH", `/ai/chat-sessions/${chat.id}`, { title: "Mine" })
    const intruder = apiAs(server.url, await signUp(server.url))
    for (const [method, path, body] of [
      ["GET", `/ai/chat-sessions/${chat.id}`],
      ["PATCH", `/ai/chat-sessions/${chat.id}`, { title: "Taken" }],
      ["DELETE", `/ai/chat-sessions/${chat.id}`],
      ["POST", `/ai/chat-sessions/${chat.id}/mark-seen`, {}],
      [
        "POST",
        "/ai/chat",
        { id: chat.id, messages: [{ id: "x1", role: "user", parts: [{ type: "text", text: "hi" }] }] },
      ],
    ] as [string, string, unknown?][]) {
      const res = await intruder(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body.code).toBe(6)
    }
    const messages = await intruder("GET", `/ai/chat-sessions/${chat.id}/messages`)
    expect(messages.body.data).toEqual({ chatSession: null, messages: [] })
    expect((await intruder("GET", "/ai/chat-sessions")).body).toMatchObject({ total: 0, data: [] })
    expect((await intruder("GET", "/ai/chat-sessions/unread")).body.data).toEqual([])
    // Unchanged for the owner.
    const mine = await owner.api("GET", `/ai/chat-sessions/${chat.id}/messages`)
    expect(mine.body.data.chatSession.title).toBe("Mine")
    expect(mine.body.data.messages.map(textOfMessage)).toEqual(["my private question", "private answer"])
  })

  it("work through the official client SDK: ai.chat from a script, and every aiChatSessions call", async () => {
    const r = await reader({ Any: "<p>x</p>" })
    stub.set({ turn: script({ text: "Hello, script." }) })
    const sdk = sdkAs(server.url, r.user)
    // The SDK's ai.chat sends {role, content} messages and no session id: a new session, named in x-chat-id.
    const res = (await sdk.ai.chat({ messages: [{ role: "user", content: "Hello from a script" }] })) as Response
    expect(res.headers.get("content-type")).toContain("text/event-stream")
    const chatId = res.headers.get("x-chat-id")!
    expect(chatId).toMatch(/^\d+$/)
    const stream = await res.text()
    expect(stream).toContain('"type":"text-delta"')
    expect(stream.trimEnd().endsWith("data: [DONE]")).toBe(true)

    const list = await sdk.aiChatSessions.list({ limit: 5 })
    expect(list.data.map((s) => s.chatId)).toEqual([chatId])
    expect((await sdk.aiChatSessions.get({ chatId })).data.chatId).toBe(chatId)
    const messages = await sdk.aiChatSessions.messages.get({ chatId })
    expect(messages.data.messages.map((m) => [m.role, textOfMessage(m)])).toEqual([
      ["user", "Hello from a script"],
      ["assistant", "Hello, script."],
    ])
    expect((await sdk.aiChatSessions.update({ chatId, title: "Via the SDK" })).data.title).toBe("Via the SDK")
    expect((await sdk.aiChatSessions.unread({})).data).toEqual([chatId])
    await sdk.aiChatSessions.markSeen({ chatId })
    expect((await sdk.aiChatSessions.unread({})).data).toEqual([])
    expect(await sdk.aiChatSessions.delete({ chatId })).toMatchObject({ success: true })
    expect((await sdkFailure(sdk.aiChatSessions.get({ chatId }))).status).toBe(404)
  })
})
