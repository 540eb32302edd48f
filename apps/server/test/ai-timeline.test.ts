// The AI timeline against a stand-in model server: the sorting prompt scores unread entries in batched calls on the
// fast model in the background, aiSort pages list them by score (unscored last), new entries are scored after
// ingest, a changed prompt re-scores; "summarise this timeline"; the user's own fast model; action rules that ask
// for a summary or a translation queue them at ingest. Users never see or cause each other's scores.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { linkReferences, parseScores, SCORE_BATCH } from "../src/services/ai-timeline.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import { type FeedServer, type RssItem, rss, startFeedServer } from "./support/feeds.ts"
import { type ChatRequestBody, type OpenAiStub, startOpenAiStub } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub

const LONG = `<p>${"Cats sleep most of the day and purr when content. ".repeat(5)}</p>`

/** What the stand-in model answers: scores by whether an entry's title mentions cats, or fixed texts. */
function modelReply(body: ChatRequestBody): string {
  const system = String(body.messages[0]?.content ?? "")
  const prompt = String(body.messages.at(-1)?.content ?? "")
  if (system.includes("You rank feed entries")) {
    return prompt
      .split("\n\n")
      .map((block) => {
        const m = /^(\d+)\. (.*)/.exec(block)
        return m ? `${m[1]}: ${/cat/i.test(m[2]!) ? 90 : 10}` : ""
      })
      .filter(Boolean)
      .join("\n")
  }
  if (system.includes("You brief a reader")) return "Cats lead today [1], then dogs [2]. See also [99]."
  if (system.includes("You summarise articles")) return "Cats sleep a lot."
  if (system.includes("Translate")) return "猫はよく眠る"
  return "OK"
}

beforeAll(async () => {
  ;[feeds, stub] = await Promise.all([startFeedServer(), startOpenAiStub({ reply: modelReply })])
  server = await startTestServer({
    AI_BASE_URL: stub.baseUrl,
    AI_MODEL: "stub-model",
    AI_MODEL_FAST: "stub-fast",
    AI_SCORE_DEBOUNCE_MS: "20",
  })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
})
beforeEach(async () => {
  // An aiSort page asks for scoring again while entries are unscored: let that finish before counting calls.
  await server.jobs.ai.idle()
  stub.reset()
  stub.set({ reply: modelReply })
})

let feedNo = 0
const day = (n: number) => new Date(Date.UTC(2026, 0, n))

/** A new feed serving these items; its path. */
function newFeed(list: RssItem[]) {
  const path = `/ai-timeline-${++feedNo}.xml`
  feeds.set(path, { body: rss("Pets", list) })
  return path
}

async function reader(path: string, options: { prompt?: string; rules?: unknown[] } = {}) {
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  if (options.prompt !== undefined)
    expect((await api("PATCH", "/settings/ai", { timelineSortPrompt: options.prompt })).body).toEqual({ code: 0 })
  if (options.rules) expect((await api("PUT", "/actions", { rules: options.rules })).body).toEqual({ code: 0 })
  const sub = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  return { user, api, feedId: sub.body.feed.id as string }
}

type Item = { entries: { id: string; title: string }; aiScore?: number | null }
const titlesOf = (list: Item[]) => list.map((i) => i.entries.title)
const scoresOf = (list: Item[]) => list.map((i) => i.aiScore)

async function rows(query: ReturnType<typeof sql>) {
  return (await server.deps.db.execute(query)).rows as Record<string, unknown>[]
}

const petItems: RssItem[] = [
  { guid: "d1", title: "Dogs at the park", pubDate: day(5) },
  { guid: "c1", title: "A cat on the roof", pubDate: day(4) },
  { guid: "d2", title: "Dog shows", pubDate: day(3) },
  { guid: "c2", title: "Cat food reviews", pubDate: day(2) },
]

describe("AI timeline sorting", () => {
  it("lists unscored entries newest first, scores them in the background in one call, then sorts by score", async () => {
    const { api } = await reader(newFeed(petItems), { prompt: "I like cats" })
    const first = await api("POST", "/entries", { view: 0, aiSort: true, limit: 100 })
    expect(first.status).toBe(200)
    expect(titlesOf(first.body.data)).toEqual([
      "Dogs at the park",
      "A cat on the roof",
      "Dog shows",
      "Cat food reviews",
    ])
    expect(scoresOf(first.body.data)).toEqual([null, null, null, null])
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(1)
    expect(stub.requests[0]!.body.model).toBe("stub-fast")
    expect(stub.requests[0]!.body.messages[0]!.content).toContain("I like cats")
    const sorted = await api("POST", "/entries", { view: 0, aiSort: true })
    expect(titlesOf(sorted.body.data)).toEqual([
      "A cat on the roof",
      "Cat food reviews",
      "Dogs at the park",
      "Dog shows",
    ])
    expect(scoresOf(sorted.body.data)).toEqual([90, 90, 10, 10])
    // Scored entries are not scored again.
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(1)
    // The ordinary timeline is unchanged: newest first, no score.
    const plain = await api("POST", "/entries", { view: 0 })
    expect(titlesOf(plain.body.data)[0]).toBe("Dogs at the park")
    expect(plain.body.data[0].aiScore).toBeUndefined()
    const usage = await api("GET", "/ai/usage")
    expect(JSON.stringify(usage.body)).toContain("timeline-score")
  })

  it("lists only unread entries, and read ones leave the sorted list", async () => {
    const { api } = await reader(newFeed(petItems), { prompt: "I like cats" })
    await api("POST", "/entries", { view: 0, aiSort: true })
    await server.jobs.ai.idle()
    const sorted = (await api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect((await api("POST", "/reads", { entryIds: [sorted[0]!.entries.id] })).body.code).toBe(0)
    const after = (await api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(titlesOf(after)).toEqual(["Cat food reviews", "Dogs at the park", "Dog shows"])
  })

  it("scores many entries in batches of a bounded size and caps one run", async () => {
    const many: RssItem[] = Array.from({ length: 45 }, (_, i) => ({
      guid: `m${i}`,
      title: i % 3 === 0 ? `Cat story ${i}` : `Other story ${i}`,
      pubDate: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }))
    const { api } = await reader(newFeed(many), { prompt: "cats" })
    await api("POST", "/entries", { view: 0, aiSort: true })
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(Math.ceil(45 / SCORE_BATCH))
    const sorted = (await api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(sorted).toHaveLength(45)
    expect(sorted.slice(0, 15).every((i) => i.entries.title.startsWith("Cat story"))).toBe(true)
    // Ties by publishedAt, newest first.
    expect(sorted[0]!.entries.title).toBe("Cat story 42")
  })

  it("scores new entries after ingest, debounced into one call, and only for users with a prompt", async () => {
    const path = newFeed(petItems)
    const alice = await reader(path, { prompt: "I like cats" })
    const bob = await reader(path)
    await alice.api("POST", "/entries", { view: 0, aiSort: true })
    await server.jobs.ai.idle()
    stub.reset()
    stub.set({ reply: modelReply })
    feeds.set(path, {
      body: rss("Pets", [
        { guid: "c3", title: "Cat naps", pubDate: day(9) },
        { guid: "d3", title: "Dog walks", pubDate: day(8) },
        ...petItems,
      ]),
    })
    await refreshFeedById(server.deps, alice.feedId)
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(1)
    const scored = String(stub.requests[0]!.body.messages.at(-1)!.content)
    expect(scored).toContain("Cat naps")
    expect(scored).not.toContain("A cat on the roof")
    const sorted = (await alice.api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(titlesOf(sorted).slice(0, 3)).toEqual(["Cat naps", "A cat on the roof", "Cat food reviews"])
    // Bob set no prompt: nothing of his was scored, and Alice's scores are not his.
    expect(await rows(sql`select 1 from ai_scores where user_id = ${bob.user.id}`)).toHaveLength(0)
    const his = (await bob.api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(titlesOf(his)[0]).toBe("Cat naps")
    expect(scoresOf(his).every((s) => s === null)).toBe(true)
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(1)
  })

  it("re-scores everything when the prompt changes", async () => {
    const { api } = await reader(newFeed(petItems), { prompt: "I like cats" })
    await api("POST", "/entries", { view: 0, aiSort: true })
    await server.jobs.ai.idle()
    await api("PATCH", "/settings/ai", { timelineSortPrompt: "Only dogs, please" })
    const stale = (await api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(scoresOf(stale)).toEqual([null, null, null, null])
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(2)
    expect(stub.requests[1]!.body.messages[0]!.content).toContain("Only dogs")
  })

  it("without a prompt, or without any model, nothing is scored and the list is the newest unread", async () => {
    const { api } = await reader(newFeed(petItems))
    const list = (await api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(titlesOf(list)[0]).toBe("Dogs at the park")
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(0)
  })

  it("refuses a bad aiSort value and bad scores from the model never land", async () => {
    const { api } = await reader(newFeed(petItems), { prompt: "cats" })
    const bad = await api("POST", "/entries", { view: 0, aiSort: "sometimes" })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe(4)
    stub.set({ reply: () => "I cannot rate these, sorry." })
    await api("POST", "/entries", { view: 0, aiSort: true })
    await server.jobs.ai.idle()
    const list = (await api("POST", "/entries", { view: 0, aiSort: true })).body.data as Item[]
    expect(scoresOf(list).every((s) => s === null)).toBe(true)
  })

  it("parses the model's score lines leniently and bounds them", () => {
    expect(parseScores("1: 80\n2. 120\n#3 = 5\n9: 50\n1: 10\nnoise", 3)).toEqual([
      { index: 0, score: 80 },
      { index: 1, score: 100 },
      { index: 2, score: 5 },
    ])
  })
})

describe("POST /ai/timeline-summary", () => {
  it("summarises the unread entries in view as markdown linking the entries, on the fast model", async () => {
    const { api, feedId } = await reader(newFeed(petItems))
    const res = await api("POST", "/ai/timeline-summary", { view: 0 })
    expect(res.status).toBe(200)
    const list = (await api("POST", "/entries", { view: 0 })).body.data as Item[]
    const [first, second] = list
    expect(res.body.data.entryCount).toBe(4)
    expect(res.body.data.markdown).toBe(
      `Cats lead today [[1]](/timeline/view-0/${feedId}/${first!.entries.id}), ` +
        `then dogs [[2]](/timeline/view-0/${feedId}/${second!.entries.id}). See also [99].`,
    )
    expect(stub.calls()).toBe(1)
    expect(stub.requests[0]!.body.model).toBe("stub-fast")
    expect(stub.requests[0]!.body.messages.at(-1)!.content).toContain("[1] Dogs at the park")
    const usage = await api("GET", "/ai/usage")
    expect(JSON.stringify(usage.body)).toContain("timeline-summary")
  })

  it("reads only the caller's unread entries: another user's feed gives nothing, an empty view gives null", async () => {
    const alice = await reader(newFeed(petItems))
    const bob = await reader(newFeed([{ guid: "x", title: "Bob's only", pubDate: day(1) }]))
    const leak = await alice.api("POST", "/ai/timeline-summary", { view: 0, feedId: bob.feedId })
    expect(leak.body).toEqual({ code: 0, data: null })
    expect((await alice.api("POST", "/ai/timeline-summary", { view: 2 })).body).toEqual({ code: 0, data: null })
    expect(stub.calls()).toBe(0)
  })

  it("refuses bad input with code 4 and answers code 5 without a model", async () => {
    const { api } = await reader(newFeed(petItems))
    for (const body of [{ view: "x" }, { view: 99 }, { view: -1 }, { feedIdList: [1, 2] }, { language: "klingon" }]) {
      const res = await api("POST", "/ai/timeline-summary", body)
      expect(res.body.code, JSON.stringify(body)).toBe(4)
    }
    const bare = await startTestServer()
    try {
      const user = await signUp(bare.url)
      const res = await apiAs(bare.url, user)("POST", "/ai/timeline-summary", { view: 0 })
      expect(res.body.code).toBe(5)
    } finally {
      await bare.close()
    }
    expect(stub.calls()).toBe(0)
  })

  it("cites only entries it was given", () => {
    expect(linkReferences("a [1] b [2] c [3](x)", [{ title: "t", link: "/e/1" }])).toBe("a [[1]](/e/1) b [2] c [3](x)")
  })
})

describe("a user's own fast model", () => {
  it("is stored with the provider, used for summaries, and falls back to the main model when cleared", async () => {
    const path = newFeed([{ guid: "l", title: "Long", description: LONG, pubDate: day(1) }])
    const { api } = await reader(path)
    const saved = await api("PUT", "/ai/provider", {
      baseUrl: stub.baseUrl,
      model: "own-main",
      fastModel: "own-fast",
      apiKey: "sk-own",
    })
    expect(saved.body.data).toMatchObject({ model: "own-main", fastModel: "own-fast", hasApiKey: true })
    expect((await api("GET", "/ai/provider")).body.data.fastModel).toBe("own-fast")
    const id = (await api("POST", "/entries", { view: 0 })).body.data[0].entries.id
    expect((await api("GET", `/ai/summary?id=${id}&language=en`)).body.data).toBe("Cats sleep a lot.")
    expect(stub.requests.at(-1)!.body.model).toBe("own-fast")
    expect(stub.requests.at(-1)!.authorization).toBe("Bearer sk-own")
    // Cleared: the user's main model does the fast work (not the server's AI_MODEL_FAST).
    await api("PUT", "/ai/provider", { baseUrl: stub.baseUrl, model: "own-main", fastModel: null })
    expect((await api("GET", "/ai/provider")).body.data).toMatchObject({ fastModel: null, hasApiKey: true })
    await api("GET", `/ai/summary?id=${id}&language=ja`)
    expect(stub.requests.at(-1)!.body.model).toBe("own-main")
    // Bad input changes nothing.
    const bad = await api("PUT", "/ai/provider", { baseUrl: stub.baseUrl, model: "own-main", fastModel: "" })
    expect(bad.body.code).toBe(4)
    const blank = await api("PUT", "/ai/provider", { baseUrl: stub.baseUrl, model: "own-main", fastModel: 7 })
    expect(blank.body.code).toBe(4)
    expect((await api("GET", "/ai/provider")).body.data.fastModel).toBeNull()
  })

  it("scores the timeline with the user's fast model", async () => {
    const { api } = await reader(newFeed(petItems), { prompt: "cats" })
    await api("PUT", "/ai/provider", { baseUrl: stub.baseUrl, model: "own-main", fastModel: "own-fast" })
    await api("POST", "/entries", { view: 0, aiSort: true })
    await server.jobs.ai.idle()
    expect(stub.requests.map((r) => r.body.model)).toEqual(["own-fast"])
  })
})

describe("action rules that ask for AI work at ingest", () => {
  const summaryRule = {
    name: "summarise cats",
    condition: [{ field: "entry_title", operator: "contains", value: "cat" }],
    result: { summary: true, translation: "ja" },
  }

  it("queue the summary and translation for the subscriber, made once before the entry is opened", async () => {
    const path = newFeed([{ guid: "old", title: "Old cat", description: LONG, pubDate: day(1) }])
    // A blocked entry never reaches the timeline: nothing is made for it, whatever else the rule asks.
    const blockDogs = {
      name: "no dogs",
      condition: [{ field: "entry_title", operator: "contains", value: "dog" }],
      result: { summary: true, block: true },
    }
    const alice = await reader(path, { rules: [summaryRule, blockDogs] })
    const bob = await reader(path)
    // Entries copied in at subscribe time are not new: nothing is queued for them.
    await server.jobs.ai.idle()
    expect(stub.calls()).toBe(0)
    feeds.set(path, {
      body: rss("Pets", [
        { guid: "new-cat", title: "New cat", description: LONG, pubDate: day(3) },
        { guid: "new-dog", title: "New dog", description: LONG, pubDate: day(2) },
        { guid: "old", title: "Old cat", description: LONG, pubDate: day(1) },
      ]),
    })
    await refreshFeedById(server.deps, alice.feedId)
    await server.jobs.ai.idle()
    const systems = stub.requests.map((r) => String(r.body.messages[0]!.content))
    expect(stub.requests.some((r) => JSON.stringify(r.body.messages).includes("New dog"))).toBe(false)
    expect(systems.filter((s) => s.includes("You summarise articles"))).toHaveLength(1)
    expect(systems.filter((s) => s.includes("Japanese"))).toHaveLength(2)
    expect(stub.requests.every((r) => r.body.model === "stub-fast")).toBe(true)
    const list = (await alice.api("POST", "/entries", { view: 0 })).body.data as Item[]
    const newCat = list.find((i) => i.entries.title === "New cat")!.entries.id
    const stored = await rows(sql`select language, summary from ai_summaries where entry_id = ${newCat}`)
    expect(stored).toEqual([{ language: "en", summary: "Cats sleep a lot." }])
    expect(await rows(sql`select 1 from ai_translations where entry_id = ${newCat} and language = 'ja'`)).toHaveLength(
      1,
    )
    const calls = stub.calls()
    expect((await alice.api("GET", `/ai/summary?id=${newCat}&language=en`)).body.data).toBe("Cats sleep a lot.")
    expect(stub.calls()).toBe(calls)
    // Bob has no such rule: the tokens were Alice's.
    expect(await rows(sql`select 1 from ai_usage where user_id = ${bob.user.id}`)).toHaveLength(0)
    expect((await rows(sql`select sum(calls)::int as n from ai_usage where user_id = ${alice.user.id}`))[0]!.n).toBe(
      calls,
    )
  })
})
