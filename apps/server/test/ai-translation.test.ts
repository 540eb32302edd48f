// Translation: the language heuristic, the fields each view translates, fields that are missing, already
// translated or already in the target language, HTML kept and sanitised, one call per field however many ask,
// the NDJSON batch, and another user's entries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { detectScriptLanguage, isInLanguage, normalizeLanguage } from "../src/ai/language.ts"
import { splitHtml, viewFields } from "../src/services/ai-translation.ts"
import { type FeedServer, type RssItem, rss, startFeedServer } from "./support/feeds.ts"
import { type ChatRequestBody, type OpenAiStub, startOpenAiStub, textOf } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

describe("language detection", () => {
  it("reads the script: kana is Japanese, Han Chinese (simplified or traditional), Latin English by its words", () => {
    expect(detectScriptLanguage("これは日本語の文章です。東京で会議があります。")).toBe("ja")
    expect(detectScriptLanguage("这是一个关于国家发展的简短说明")).toBe("zh-CN")
    expect(detectScriptLanguage("這是一個關於國家發展的簡短說明")).toBe("zh-TW")
    expect(detectScriptLanguage("天气晴朗")).toBe("zh")
    expect(detectScriptLanguage("The weather is fine and the sun is out today")).toBe("en")
    expect(detectScriptLanguage("Le temps est beau aujourd'hui dans toute la région")).toBe("other")
    expect(detectScriptLanguage("한국어 문장입니다")).toBe("other")
    expect(detectScriptLanguage("1234 !!")).toBeUndefined()
  })

  it("normalises declared tags", () => {
    expect(normalizeLanguage("en-US")).toBe("en")
    expect(normalizeLanguage("zh-Hant-TW")).toBe("zh-TW")
    expect(normalizeLanguage("zh_CN")).toBe("zh-CN")
    expect(normalizeLanguage("zh")).toBe("zh")
    expect(normalizeLanguage("fr")).toBe("other")
    expect(normalizeLanguage("")).toBeUndefined()
  })

  it("lets a decisive script overrule the declared language, and the declared one decide otherwise", () => {
    // Many Chinese feeds keep their blog software's default "en-US".
    expect(isInLanguage("这是一个关于国家发展的简短说明", "en", "en-US")).toBe(false)
    expect(isInLanguage("这是一个关于国家发展的简短说明", "zh-CN", "en-US")).toBe(true)
    expect(isInLanguage("天气晴朗", "zh-TW", "zh-CN")).toBe(false)
    expect(isInLanguage("天气晴朗", "zh-TW", null)).toBe(true)
    expect(isInLanguage("Bonjour", "ja", "ja")).toBe(true)
    expect(isInLanguage("Hello there, this is the news of the day", "en", "ja")).toBe(true)
    expect(isInLanguage("Le temps est beau aujourd'hui dans la région", "en", null)).toBe(false)
  })
})

describe("field choice and HTML pieces", () => {
  it("follows the spec's views: Articles title and description, Social media content, others title", () => {
    expect(viewFields(0)).toEqual(["title", "description"])
    expect(viewFields(1)).toEqual(["content"])
    for (const view of [2, 3, 4, 5]) expect(viewFields(view)).toEqual(["title"])
  })

  it("cuts long HTML after block ends and loses nothing", () => {
    const html = Array.from({ length: 50 }, (_, i) => `<p>paragraph ${i} ${"x".repeat(80)}</p>`).join("")
    const pieces = splitHtml(html, 1000)
    expect(pieces.length).toBeGreaterThan(4)
    expect(pieces.join("")).toBe(html)
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1000)
    expect(splitHtml("<p>short</p>", 1000)).toEqual(["<p>short</p>"])
  })
})

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub

/** The stand-in "translates" by marking every text: "[ja] text" inside tags, and adds a script to be sanitised. */
function fakeTranslation(body: ChatRequestBody): string {
  const text = textOf(body.messages.at(-1))
  if (text.includes("<")) return `${text.replace(/>([^<]+)</g, ">[ja] $1<")}<script>alert(1)</script>`
  return `[ja] ${text}`
}

beforeAll(async () => {
  ;[feeds, stub] = await Promise.all([startFeedServer(), startOpenAiStub({ reply: fakeTranslation })])
  server = await startTestServer({ AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
})
beforeEach(() => stub.reset())

let feedNo = 0
async function subscribed(view: number, items: RssItem[]) {
  const path = `/translate-${++feedNo}.xml`
  feeds.set(path, { body: rss("Translations", items) })
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  await api("POST", "/subscriptions", { url: feeds.url(path), view })
  const list = await api("POST", "/entries", { view })
  return { user, api, ids: list.body.data.map((i: { entries: { id: string } }) => i.entries.id) as string[] }
}

const english: RssItem = {
  guid: "en-1",
  title: "The news of the day",
  description: '<p>This is <a href="/more">the story</a> of the day.</p>',
  pubDate: new Date(Date.UTC(2026, 0, 2)),
}

describe("GET /ai/translation", () => {
  it("Articles: translates title and description, stores them, and asks nothing the second time", async () => {
    const { api, ids } = await subscribed(0, [english])
    const res = await api("GET", `/ai/translation?id=${ids[0]}&language=ja`)
    expect(res.body.data).toEqual({
      title: "[ja] The news of the day",
      description: "[ja] This is the story of the day.",
    })
    expect(stub.calls()).toBe(2)
    expect(stub.requests[0]!.body.messages[0]!.content).toContain("Japanese")
    const again = await api("GET", `/ai/translation?id=${ids[0]}&language=ja`)
    expect(again.body.data).toEqual(res.body.data)
    expect(stub.calls()).toBe(2)
  })

  it("Social media: translates the content, keeps its HTML structure and sanitises the answer", async () => {
    const { api, ids } = await subscribed(1, [english])
    const res = await api("GET", `/ai/translation?id=${ids[0]}&language=ja`)
    expect(Object.keys(res.body.data)).toEqual(["content"])
    const html = res.body.data.content as string
    expect(html).toContain("<p>[ja] This is <a")
    expect(html).toContain("[ja] the story</a>")
    // The link stays where ingestion resolved it.
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/more"/)
    expect(html).not.toContain("<script")
    expect(stub.calls()).toBe(1)
  })

  it("Pictures: only the title", async () => {
    const { api, ids } = await subscribed(2, [english])
    expect((await api("GET", `/ai/translation?id=${ids[0]}&language=ja`)).body.data).toEqual({
      title: "[ja] The news of the day",
    })
  })

  it("asked fields: only those that exist and are not already in the target language", async () => {
    const { api, ids } = await subscribed(0, [english])
    // No readability content yet; the title is English already.
    expect((await api("GET", `/ai/translation?id=${ids[0]}&language=en&fields=title,readabilityContent`)).body).toEqual(
      {
        code: 0,
        data: null,
      },
    )
    expect(stub.calls()).toBe(0)
    const res = await api("GET", `/ai/translation?id=${ids[0]}&language=ja&fields=title,readabilityContent`)
    expect(res.body.data).toEqual({ title: "[ja] The news of the day" })
    // Asking for more later translates only what is new.
    const more = await api("GET", `/ai/translation?id=${ids[0]}&language=ja&fields=title,description`)
    expect(Object.keys(more.body.data).sort()).toEqual(["description", "title"])
    expect(stub.calls()).toBe(2)
  })

  it("a Chinese entry is not translated into Chinese, even when the feed says en-US", async () => {
    const { api, ids } = await subscribed(0, [
      { guid: "zh", title: "这是一个关于国家发展的简短说明", description: "<p>这是一个关于国家发展的简短说明</p>" },
    ])
    expect((await api("GET", `/ai/translation?id=${ids[0]}&language=zh-CN`)).body.data).toBeNull()
    expect((await api("GET", `/ai/translation?id=${ids[0]}&language=ja`)).body.data.title).toContain("[ja]")
  })

  it("10 concurrent identical requests: one model call per field", async () => {
    stub.set({ reply: fakeTranslation, delayMs: 300 })
    const { api, ids } = await subscribed(0, [english])
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api("GET", `/ai/translation?id=${ids[0]}&language=ja`)),
    )
    expect(stub.calls()).toBe(2)
    for (const a of answers) expect(a.body.data.title).toBe("[ja] The news of the day")
  })

  it("another user's entry is not found", async () => {
    const { ids } = await subscribed(0, [english])
    const other = apiAs(server.url, await signUp(server.url))
    const res = await other("GET", `/ai/translation?id=${ids[0]}&language=ja`)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(3000)
    expect((await other("GET", `/ai/translation?id=${ids[0]}&language=ja&fields=body`)).body.code).toBe(4)
  })
})

describe("POST /ai/translation/batch", () => {
  it("answers NDJSON lines {id, data} for the user's entries and leaves out the rest", async () => {
    const { user, ids } = await subscribed(0, [
      english,
      { guid: "en-2", title: "Second story of the day", pubDate: new Date(Date.UTC(2026, 0, 1)) },
    ])
    const foreign = (await subscribed(0, [{ guid: "x", title: "Someone else's story of the day" }])).ids[0]
    const res = await fetch(`${server.url}/ai/translation/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ ids: [...ids, foreign], language: "ja", fields: "title" }),
    })
    expect(res.headers.get("content-type")).toContain("application/x-ndjson")
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
    expect(lines).toEqual([
      { id: ids[0], data: { title: "[ja] The news of the day" } },
      { id: ids[1], data: { title: "[ja] Second story of the day" } },
    ])
  })
})
