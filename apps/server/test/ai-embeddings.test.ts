// The AI chat's search ranked by meaning when the server names an embedding model (AI_EMBEDDING_MODEL): an entry that
// shares no word with the question but is about it is found, word matches keep their lead, entry vectors are kept
// between searches, the tokens count as "embedding" usage, another user's entries never come in, and a failing
// embedding endpoint leaves the word ranking in place. The loopback model server embeds by word concept
// (support/openai-stub.ts stubEmbedding).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatTools } from "../src/ai/chat-tools.ts"
import type { SessionInfo } from "../src/services/session.ts"
import { bootAlongside } from "./support/boot.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { type OpenAiStub, startOpenAiStub } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let feeds: FeedServer
let stub: OpenAiStub
let server: TestServer
let alice: TestUser
let bob: TestUser
const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour))

beforeAll(async () => {
  ;[feeds, stub] = await Promise.all([startFeedServer(), startOpenAiStub()])
  server = await startTestServer({
    AI_BASE_URL: stub.baseUrl,
    AI_MODEL: "chat-model",
    AI_EMBEDDING_MODEL: "embed-model",
    AI_ALLOW_PRIVATE_NETWORK: "true",
  })
  feeds.set("/alice.xml", {
    body: rss("Alice's reading", [
      {
        guid: "a1",
        title: "Road test: the new family hatchback",
        description: "<p>Five doors, a quiet engine.</p>",
        pubDate: at(9),
      },
      { guid: "a2", title: "Kitchen widgets reviewed", description: "<p>Which oven timer to buy.</p>", pubDate: at(8) },
      { guid: "a3", title: "Radishes in cold soil", description: "<p>Sow them early.</p>", pubDate: at(7) },
      { guid: "a4", title: "Vehicle tax changes next year", description: "<p>What owners pay.</p>", pubDate: at(6) },
    ]),
  })
  feeds.set("/bob.xml", {
    body: rss("Bob's reading", [
      { guid: "b1", title: "Sedan of the year", description: "<p>Bob's private pick.</p>", pubDate: at(10) },
    ]),
  })
  ;[alice, bob] = await Promise.all([signUp(server.url, "Alice"), signUp(server.url, "Bob")])
  for (const [user, path] of [
    [alice, "/alice.xml"],
    [bob, "/bob.xml"],
  ] as const) {
    const res = await apiAs(server.url, user)("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
    expect(res.status).toBe(200)
  }
})

afterAll(async () => {
  await server?.close()
  await Promise.all([feeds?.close(), stub?.close()])
})

async function search(user: TestUser, query: string, limit = 5, deps = server.deps) {
  const tool = chatTools(deps, { userId: user.id, role: "user" } as unknown as SessionInfo)
    .searchEntries as unknown as {
    execute: (input: object, options: object) => Promise<{ entries: { title: string }[] }>
  }
  return (await tool.execute({ query, limit }, { toolCallId: "t", messages: [] })).entries.map((e) => e.title)
}

describe("the chat's search ranked by meaning", () => {
  it("finds what the question is about without its words, word matches first, the user's own entries only", async () => {
    // No entry holds the word "automobiles": the two about cars are found (by closeness), the kitchen and garden not.
    expect((await search(alice, "automobiles")).sort()).toEqual([
      "Road test: the new family hatchback",
      "Vehicle tax changes next year",
    ])
    // A word match leads, the one close in meaning follows; the kitchen and the garden stay out.
    expect(await search(alice, "vehicle")).toEqual([
      "Vehicle tax changes next year",
      "Road test: the new family hatchback",
    ])
    expect(await search(bob, "automobiles")).toEqual(["Sedan of the year"])
    // What was embedded went to the server's embedding model, the question first.
    expect(stub.embeddings[0]?.body.model).toBe("embed-model")
    expect(stub.embeddings[0]?.body.input[0]).toBe("automobiles")
  })

  it("keeps entry vectors between searches and records the tokens as embedding usage", async () => {
    type UsageRow = {
      operation: string
      model: string
      provider: string
      tokensIn: number
      tokensOut: number
      calls: number
    }
    const embeddingUsage = async () => {
      const data = (await apiAs(server.url, alice)("GET", "/ai/usage")).body.data as { used: number; today: UsageRow[] }
      return { used: data.used, row: data.today.find((r) => r.operation === "embedding") }
    }
    const before = await embeddingUsage()
    // The first test's searches embedded Alice's question and her entries: counted, under the embedding model.
    expect(before.row).toMatchObject({ model: "embed-model", provider: "server", tokensOut: 0 })
    expect(before.row!.tokensIn).toBeGreaterThan(0)
    const sent = stub.embeddings.length
    expect((await search(alice, "cars")).sort()).toEqual([
      "Road test: the new family hatchback",
      "Vehicle tax changes next year",
    ])
    // Only the question was embedded this time: one call of one token (the stand-in counts words), nothing else.
    expect(stub.embeddings.slice(sent).map((r) => r.body.input)).toEqual([["cars"]])
    const after = await embeddingUsage()
    expect(after.row).toEqual({ ...before.row, tokensIn: before.row!.tokensIn + 1, calls: before.row!.calls + 1 })
    // Within the day's budget like every other operation.
    expect(after.used).toBe(before.used + 1)
  })

  it("keeps the word ranking when the embedding endpoint fails", async () => {
    stub.set({ failStatus: 500 })
    try {
      expect(await search(alice, "automobiles")).toEqual([])
      expect(await search(alice, "radishes")).toEqual(["Radishes in cold soil"])
    } finally {
      stub.reset()
    }
  })

  it("keeps the word ranking, embedding nothing, past the role's daily token budget", async () => {
    const limited = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "chat-model",
      AI_EMBEDDING_MODEL: "embed-model",
      AI_DAILY_TOKENS: "user=5",
    })
    try {
      const before = stub.embeddings.length
      // Alice has spent more than 5 tokens on embeddings today.
      expect(await search(alice, "automobiles", 5, limited.deps)).toEqual([])
      expect(await search(alice, "radishes", 5, limited.deps)).toEqual(["Radishes in cold soil"])
      expect(stub.embeddings.length).toBe(before)
    } finally {
      await limited.close()
    }
  })

  it("keeps the word ranking for a reader with a provider of their own: their text goes to no server model", async () => {
    const own = await apiAs(server.url, bob)("PUT", "/ai/provider", { baseUrl: stub.baseUrl, model: "bobs-model" })
    expect(own.status).toBe(200)
    const before = stub.embeddings.length
    expect(await search(bob, "automobiles")).toEqual([])
    expect(await search(bob, "sedan")).toEqual(["Sedan of the year"])
    expect(stub.embeddings.length).toBe(before)
  })
})
