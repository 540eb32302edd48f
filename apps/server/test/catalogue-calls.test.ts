// The calls the catalogue test (catalogue.test.ts) found missing, each with its real behaviour: the AI's memory of a
// user (and the chat reading it), entries by tag, transcription (not offered here: code 5), the test push by GET, the
// desktop updater's calls and the billing portal (no payments here). A second user never sees the first one's data.
import { randomUUID } from "node:crypto"
import { FollowClient } from "@follow-app/client-sdk"
import { APP_VERSION } from "@tidings/shared"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TestChat } from "./support/chat-client.ts"
import { type FeedServer, startFeedServer } from "./support/feeds.ts"
import { type ChatRequestBody, type OpenAiStub, startOpenAiStub, textOf } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub
let ann: TestUser
let bob: TestUser

beforeAll(async () => {
  ;[feeds, stub] = await Promise.all([startFeedServer(), startOpenAiStub()])
  server = await startTestServer({ AI_BASE_URL: stub.baseUrl, AI_MODEL: "chat-model", AI_MODEL_FAST: "title-model" })
  ;[ann, bob] = await Promise.all([signUp(server.url, "Ann"), signUp(server.url, "Bob")])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
})

describe("ai.memory", () => {
  it("creates, lists newest first in pages, updates and deletes a user's memories; another user reaches none", async () => {
    const sdk = sdkAs(server.url, ann)
    const first = await sdk.ai.memory.create({ memory: "I read Japanese", importance: 8, tags: ["language"] })
    expect(first).toMatchObject({ memory: "I read Japanese", importance: 8, tags: ["language"], source: null })
    const second = await sdk.ai.memory.create({ memory: "Skip sports news" })
    expect(second.importance).toBe(5)
    await sdk.ai.memory.create({
      memory: "Gone already",
      expiresAt: new Date(Date.now() - 60_000).toISOString() as unknown as Date,
    })

    const all = await sdk.ai.memory.list({})
    expect(all.data.map((m) => m.memory)).toEqual(["Skip sports news", "I read Japanese"])
    const page = await sdk.ai.memory.list({ limit: 1 })
    expect(page.data.map((m) => m.memory)).toEqual(["Skip sports news"])
    const next = await sdk.ai.memory.list({ limit: 1, before: page.nextBefore })
    expect(next.data.map((m) => m.memory)).toEqual(["I read Japanese"])
    expect((await sdk.ai.memory.list({ importanceGte: 6 })).data.map((m) => m.memory)).toEqual(["I read Japanese"])

    const updated = await sdk.ai.memory.update({ memoryId: second.id, importance: 9, tags: null })
    expect(updated).toMatchObject({ memory: "Skip sports news", importance: 9, tags: null })

    // Bob sees none of them and can change none.
    const bobSdk = sdkAs(server.url, bob)
    expect((await bobSdk.ai.memory.list({})).data).toEqual([])
    expect((await sdkFailure(bobSdk.ai.memory.update({ memoryId: first.id, memory: "x" }))).status).toBe(404)
    expect((await sdkFailure(bobSdk.ai.memory.delete({ memoryId: first.id }))).status).toBe(404)

    // Bad input is refused and changes nothing.
    const api = apiAs(server.url, ann)
    expect((await api("POST", "/ai/memory", { memory: "" })).status).toBe(400)
    expect((await api("POST", "/ai/memory", { memory: "x", importance: 11 })).status).toBe(400)
    expect((await api("PATCH", `/ai/memory/${first.id}`, { importance: "high" })).status).toBe(400)
    expect((await sdk.ai.memory.list({})).data).toHaveLength(2)

    expect(await sdk.ai.memory.delete({ memoryId: first.id })).toMatchObject({ success: true })
    expect((await sdk.ai.memory.list({})).data.map((m) => m.memory)).toEqual(["Skip sports news"])
    expect((await sdkFailure(sdk.ai.memory.delete({ memoryId: first.id }))).status).toBe(404)
  })

  it("puts the user's memories, and nobody else's, into the chat's instructions", async () => {
    const carol = await signUp(server.url, "Carol")
    await sdkAs(server.url, carol).ai.memory.create({ memory: "Carol likes   woodworking", importance: 7 })
    await sdkAs(server.url, bob).ai.memory.create({ memory: "Bob secret hobby" })
    stub.reset()
    stub.set({ turn: (body: ChatRequestBody) => ({ text: body.tools ? "Noted." : "A title" }) })
    const chat = new TestChat(server.url, carol.token, randomUUID())
    await chat.sendMessage({ text: "What do I like?" })
    expect(chat.error).toBeUndefined()
    const turn = stub.requests.map((r) => r.body).find((b) => b.tools)!
    const system = textOf(turn.messages.find((m) => m.role === "system"))
    expect(system).toContain("- Carol likes woodworking")
    expect(system).not.toContain("Bob secret hobby")
    const [row] = (await sdkAs(server.url, carol).ai.memory.list({})).data
    expect(row!.lastAccessedAt).not.toBeNull()
  })
})

describe("entries.tagsQuery", () => {
  it("finds the timeline's entries whose categories match any or all tags, ignoring case; not another's", async () => {
    const path = `/tags-${randomUUID()}.xml`
    const item = (n: number, cats: string[]) =>
      `<item><guid>t-${n}</guid><title>Tagged ${n}</title><description>body ${n}</description>
      ${cats.map((c) => `<category>${c}</category>`).join("")}
      <pubDate>${new Date(Date.UTC(2026, 0, 10 - n)).toUTCString()}</pubDate></item>`
    feeds.set(path, {
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Tags</title><link>https://example.com/</link>
      <description>d</description>${item(1, ["Science", "Space"])}${item(2, ["science"])}${item(3, ["Sports"])}
      ${item(4, [])}</channel></rss>`,
    })
    const user = await signUp(server.url, "Tagger")
    const sdk = sdkAs(server.url, user)
    await sdk.subscriptions.create({ url: feeds.url(path), view: 0 })

    const titles = (r: { data: { entries: { title: string | null } }[] }) => r.data.map((i) => i.entries.title)
    expect(titles(await sdk.entries.tagsQuery({ tags: { schemaOrgCategories: ["SCIENCE"] } }))).toEqual([
      "Tagged 1",
      "Tagged 2",
    ])
    expect(
      titles(await sdk.entries.tagsQuery({ tags: { schemaOrgCategories: ["science"], mediaTopics: ["space"] } })),
    ).toEqual(["Tagged 1", "Tagged 2"])
    expect(
      titles(
        await sdk.entries.tagsQuery({
          tags: { schemaOrgCategories: ["science"], mediaTopics: ["space"] },
          match: "all",
        }),
      ),
    ).toEqual(["Tagged 1"])
    const page = await sdk.entries.tagsQuery({ tags: { mediaTopics: ["science"] }, limit: 1 })
    expect(titles(page)).toEqual(["Tagged 1"])
    const next = await sdk.entries.tagsQuery({
      tags: { mediaTopics: ["science"] },
      limit: 1,
      cursor: page.data[0]!.entries.publishedAt,
    })
    expect(titles(next)).toEqual(["Tagged 2"])
    expect(page.data[0]).toMatchObject({ read: false, view: 0, from: ["feed"] })

    // Bob is not subscribed: nothing.
    expect((await sdkAs(server.url, bob).entries.tagsQuery({ tags: { mediaTopics: ["science"] } })).data).toEqual([])
    // No tag at all: 1002.
    const none = await apiAs(server.url, user)("POST", "/entries/tags/query", { tags: {} })
    expect(none.status).toBe(400)
    expect(none.body.code).toBe(1002)
  })
})

describe("entries.transcription", () => {
  it("checks the address, then says that this server cannot transcribe (code 5)", async () => {
    const api = apiAs(server.url, ann)
    expect((await api("GET", "/entries/transcription")).status).toBe(400)
    expect((await api("GET", "/entries/transcription?url=ftp%3A%2F%2Fx")).body.code).toBe(1002)
    const failure = await sdkFailure(sdkAs(server.url, ann).entries.transcription({ url: "https://example.com/a.mp3" }))
    expect(failure.status).toBe(500)
    expect(failure.code).toBe("5")
    expect(failure.message).toContain("Transcription is not available")
  })
})

describe("messaging.testNotification", () => {
  it("answers the SDK's GET with the push report (no devices registered: nothing sent)", async () => {
    const res = await sdkAs(server.url, ann).messaging.testNotification({ channel: "web" })
    expect(res.code).toBe(0)
    const post = await apiAs(server.url, ann)("POST", "/messaging/test", {})
    expect(res.data).toEqual(post.body.data)
  })
})

describe("updates", () => {
  it("offers the running version as the latest release, without a session, so the updater finds no update", async () => {
    const api = new FollowClient({ baseURL: server.url }).api
    const latest = await api.updates.getLatestRelease({ refresh: true })
    expect(latest.data).toMatchObject({
      provider: "self-hosted",
      release: { version: APP_VERSION, tagName: `v${APP_VERSION}`, assets: [] },
      decision: { type: "none", renderer: null, app: null },
    })
    const manifest = await api.updates.getManifest({ manifestName: "latest-mac.yml" })
    expect(manifest).toContain(`version: ${APP_VERSION}`)
    expect(manifest).toContain("files: []")
    expect((await sdkFailure(api.updates.getManifest({ manifestName: "secrets.txt" }))).status).toBe(404)
    const store = await api.updates.getDistributionStatus({ distribution: "mas" })
    expect(store.data).toEqual({ distribution: "mas", storeUrl: null, storeVersion: null, rendererUpdate: null })
    const bad = await sdkFailure(api.updates.getDistributionStatus({ distribution: "steam" as "mas" }))
    expect(bad.code).toBe("1002")
  })
})

describe("billing", () => {
  it("says that this server takes no payments, so there is no portal", async () => {
    const res = await apiAs(server.url, ann)("POST", "/billing/portal", {})
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 6, message: expect.stringContaining("takes no payments") })
    expect(res.body.reason).not.toContain("No such call")
    expect((await apiAs(server.url, undefined)("POST", "/billing/portal", {})).status).toBe(401)
  })
})
