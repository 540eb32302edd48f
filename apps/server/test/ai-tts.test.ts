// POST /ai/tts against the stand-in model server's /v1/audio/speech: an entry's text (or a given text) comes back as
// the endpoint's audio, its characters recorded as usage; the voice and source choices; another user's entry;
// code 5 without AI_TTS_MODEL (the web client then uses the browser's speech); a failing endpoint; a separate
// speech server and its key; the daily budget. Then the user's own speech model on their own endpoint (Settings ›
// AI): used instead of the server's with their key and voice, never for another user, refused on a private address
// unless allowed, checked when saved, and its key never in a log line.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { TTS_MISSING_MESSAGE } from "../src/services/ai-speech.ts"
import { bootAlongside } from "./support/boot.ts"
import { type FeedServer, rss, startFeedServer } from "./support/feeds.ts"
import { type OpenAiStub, SPEECH_AUDIO, startOpenAiStub } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let stub: OpenAiStub
let own: OpenAiStub

const BODY = "<p>The quick brown fox jumps over the lazy dog.</p><p>Then it rests.</p>"

beforeAll(async () => {
  ;[feeds, stub, own] = await Promise.all([startFeedServer(), startOpenAiStub(), startOpenAiStub()])
  server = await startTestServer(env())
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await stub?.close()
  await own?.close()
})
beforeEach(() => {
  stub.reset()
  own.reset()
})

const env = () => ({
  AI_BASE_URL: stub.baseUrl,
  AI_API_KEY: "server-key",
  AI_MODEL: "stub-model",
  AI_TTS_MODEL: "stub-tts",
})

let feedNo = 0
async function reader(base = server.url) {
  const path = `/tts-${++feedNo}.xml`
  feeds.set(path, {
    body: rss("Speech", [
      { guid: "one", title: "Fox news", description: BODY, pubDate: new Date(Date.UTC(2026, 0, 2)) },
    ]),
  })
  const user = await signUp(base)
  const api = apiAs(base, user)
  await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  const list = await api("POST", "/entries", { view: 0 })
  return { user, api, entryId: list.body.data[0].entries.id as string }
}

async function speech(base: string, token: string, body: unknown) {
  return fetch(`${base}/ai/tts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  })
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer shapes
const json = async (res: Response): Promise<any> => res.json()

async function usage(userId: string) {
  const { rows } = await server.deps.db.execute(
    sql`select operation, model, tokens_in, calls from ai_usage where user_id = ${userId} and operation = 'tts'`,
  )
  return rows as { operation: string; model: string; tokens_in: number; calls: number }[]
}

describe("POST /ai/tts", () => {
  it("reads an entry's title and text aloud: the endpoint's audio comes back and the usage is recorded", async () => {
    const { user, entryId } = await reader()
    const res = await speech(server.url, user.token, { entryId })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("audio/wav")
    expect(Buffer.from(await res.arrayBuffer()).equals(SPEECH_AUDIO)).toBe(true)
    expect(stub.speech).toHaveLength(1)
    const sent = stub.speech[0]!
    expect(sent.body).toMatchObject({ model: "stub-tts", voice: "alloy", response_format: "mp3" })
    expect(sent.body.input).toBe("Fox news.\n\nThe quick brown fox jumps over the lazy dog. Then it rests.")
    expect(sent.authorization).toBe("Bearer server-key")
    expect(stub.calls()).toBe(0)
    expect(await usage(user.id)).toEqual([
      { operation: "tts", model: "stub-tts", tokens_in: Math.ceil(sent.body.input.length / 4), calls: 1 },
    ])
  })

  it("speaks a given text with the voice asked for", async () => {
    const { user } = await reader()
    const res = await speech(server.url, user.token, { text: "Hello there", voice: "nova" })
    expect(res.status).toBe(200)
    expect(stub.speech[0]!.body).toMatchObject({ input: "Hello there", voice: "nova" })
  })

  it("source summary needs a stored summary; bad input and someone else's entry are refused", async () => {
    const { user, entryId } = await reader()
    const other = await reader()
    const noSummary = await speech(server.url, user.token, { entryId, source: "summary" })
    expect(noSummary.status).toBe(400)
    expect((await json(noSummary)).code).toBe(4)
    for (const body of [{}, { entryId, text: "both" }, { entryId, source: "everything" }, { text: "   " }]) {
      const res = await speech(server.url, user.token, body)
      expect(res.status).toBe(400)
      expect((await json(res)).code).toBe(4)
    }
    const theirs = await speech(server.url, user.token, { entryId: other.entryId })
    expect(theirs.status).toBe(404)
    expect((await json(theirs)).code).toBe(3000)
    expect(stub.speech).toHaveLength(0)
    expect(await usage(user.id)).toEqual([])
  })

  it("answers code 5 naming AI_TTS_MODEL when it is unset, without calling anything", async () => {
    const plain = await bootAlongside(server, { AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" })
    try {
      const { user, entryId } = await reader(plain.url)
      const res = await speech(plain.url, user.token, { entryId })
      expect(res.status).toBe(500)
      expect(await res.json()).toMatchObject({ code: 5, message: TTS_MISSING_MESSAGE })
      expect(stub.speech).toHaveLength(0)
    } finally {
      await plain.close()
    }
  })

  it("a failing endpoint is a clear error and records nothing", async () => {
    const { user, entryId } = await reader()
    stub.set({ failStatus: 500 })
    const res = await speech(server.url, user.token, { entryId })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect((await json(res)).code).toBe(1005)
    stub.set({ failStatus: 404 })
    const missing = await speech(server.url, user.token, { entryId })
    expect((await json(missing)).code).toBe(5)
    expect(await usage(user.id)).toEqual([])
  })

  it("a separate speech server gets its own key, never AI_API_KEY", async () => {
    const separate = await bootAlongside(server, {
      ...env(),
      AI_TTS_BASE_URL: stub.baseUrl.replace("127.0.0.1", "localhost"),
      AI_TTS_API_KEY: "tts-key",
      ALLOW_PRIVATE_NETWORK: "false",
    })
    try {
      const { user, entryId } = await reader()
      // The operator's own speech origin is trusted like AI_BASE_URL, also on a private address.
      const res = await speech(separate.url, user.token, { entryId })
      expect(res.status).toBe(200)
      expect(stub.speech.at(-1)!.authorization).toBe("Bearer tts-key")
    } finally {
      await separate.close()
    }
  })

  it("the daily budget applies (15000)", async () => {
    const limited = await bootAlongside(server, { ...env(), AI_DAILY_TOKENS: "free=5,trial=5,pre_pro_trial=5,user=5" })
    try {
      const { user, entryId } = await reader(limited.url)
      expect((await speech(limited.url, user.token, { entryId })).status).toBe(200)
      const over = await speech(limited.url, user.token, { entryId })
      expect(over.status).toBe(429)
      expect((await json(over)).code).toBe(15000)
      expect(stub.speech).toHaveLength(1)
    } finally {
      await limited.close()
    }
  })
})

const KEY = "sk-own-speech-key-5f0c2a9e"
const ownSpeech = (extra: Record<string, unknown> = {}) => ({
  baseUrl: own.baseUrl,
  model: "my-chat",
  speechModel: "my-tts",
  speechVoice: "bella",
  apiKey: KEY,
  ...extra,
})

describe("the user's own speech model", () => {
  it("speaks on the user's endpoint with their key and voice instead of the server's; another user gets the server's", async () => {
    const { user, api, entryId } = await reader()
    const other = await reader()
    const saved = await api("PUT", "/ai/provider", ownSpeech())
    expect(saved.body.data).toMatchObject({ speechModel: "my-tts", speechVoice: "bella", hasApiKey: true })
    expect(JSON.stringify(saved.body)).not.toContain(KEY)

    const res = await speech(server.url, user.token, { entryId })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(SPEECH_AUDIO)).toBe(true)
    expect(own.speech).toHaveLength(1)
    expect(own.speech[0]!).toMatchObject({
      authorization: `Bearer ${KEY}`,
      body: { model: "my-tts", voice: "bella", response_format: "mp3" },
    })
    expect(own.speech[0]!.body.input).toContain("Fox news")
    expect((await speech(server.url, user.token, { text: "Hi", voice: "nova" })).status).toBe(200)
    expect(own.speech[1]!.body).toMatchObject({ input: "Hi", voice: "nova" })
    expect(stub.speech).toHaveLength(0)
    const [row] = await usage(user.id)
    expect(row).toMatchObject({ model: "my-tts", calls: 2 })
    const { rows } = await server.deps.db.execute(
      sql`select provider from ai_usage where user_id = ${user.id} and operation = 'tts'`,
    )
    expect(rows).toEqual([{ provider: "user" }])

    // Another user's speech is the server's, with the server's key: one user's settings never reach another.
    expect((await speech(server.url, other.user.token, { entryId: other.entryId })).status).toBe(200)
    expect(own.speech).toHaveLength(2)
    expect(stub.speech).toHaveLength(1)
    expect(stub.speech[0]!).toMatchObject({ authorization: "Bearer server-key", body: { model: "stub-tts" } })
    expect((await other.api("GET", "/ai/provider")).body.data).toBeNull()
  })

  it("without a speech model the user's endpoint is left alone: the server's speaks, or code 5 with none", async () => {
    const { user, api, entryId } = await reader()
    await api("PUT", "/ai/provider", { baseUrl: own.baseUrl, model: "my-chat", apiKey: KEY })
    expect((await api("GET", "/ai/provider")).body.data).toMatchObject({ speechModel: null, speechVoice: null })
    expect((await speech(server.url, user.token, { entryId })).status).toBe(200)
    expect(stub.speech).toHaveLength(1)
    expect(own.speech).toHaveLength(0)

    const plain = await bootAlongside(server, { AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" })
    try {
      const none = await speech(plain.url, user.token, { entryId })
      expect(await none.json()).toMatchObject({ code: 5, message: TTS_MISSING_MESSAGE })
      // With a speech model of their own, the user has speech where the server offers none.
      await api("PUT", "/ai/provider", ownSpeech({ speechVoice: null }))
      expect((await speech(plain.url, user.token, { entryId })).status).toBe(200)
      expect(own.speech.at(-1)!.body).toMatchObject({ model: "my-tts", voice: "alloy" })
      expect(stub.speech).toHaveLength(1)
    } finally {
      await plain.close()
    }
  })

  it("the server's daily budget does not apply to the user's own endpoint", async () => {
    const limited = await bootAlongside(server, { ...env(), AI_DAILY_TOKENS: "free=5,trial=5,pre_pro_trial=5,user=5" })
    try {
      const { user, api, entryId } = await reader(limited.url)
      await api("PUT", "/ai/provider", ownSpeech())
      for (let i = 0; i < 2; i++) expect((await speech(limited.url, user.token, { entryId })).status).toBe(200)
      expect(own.speech).toHaveLength(2)
    } finally {
      await limited.close()
    }
  })

  it("a private address only when ALLOW_PRIVATE_NETWORK or AI_ALLOW_PRIVATE_NETWORK allows it", async () => {
    const strict = await bootAlongside(server, { ...env(), ALLOW_PRIVATE_NETWORK: "false" })
    const aiOnly = await bootAlongside(server, {
      ...env(),
      ALLOW_PRIVATE_NETWORK: "false",
      AI_ALLOW_PRIVATE_NETWORK: "true",
    })
    try {
      const { user, api, entryId } = await reader()
      // Saving a loopback endpoint is refused where it is not allowed.
      const put = await apiAs(strict.url, user)("PUT", "/ai/provider", ownSpeech())
      expect(put.status).toBe(400)
      expect(put.body.reason).toContain("AI_ALLOW_PRIVATE_NETWORK")
      // Saved where it was allowed, it is still refused when the call is made where it is not, and the server's
      // speech is not used in its place.
      await api("PUT", "/ai/provider", ownSpeech())
      const refused = await speech(strict.url, user.token, { entryId })
      expect(refused.status).toBe(500)
      const body = await json(refused)
      expect(body.code).toBe(5)
      expect(body.message).toContain("AI_ALLOW_PRIVATE_NETWORK=true")
      expect(own.speech).toHaveLength(0)
      expect(stub.speech).toHaveLength(0)
      expect((await speech(aiOnly.url, user.token, { entryId })).status).toBe(200)
      expect(own.speech).toHaveLength(1)
    } finally {
      await strict.close()
      await aiOnly.close()
    }
  })

  it("refuses bad settings with code 4 and changes nothing", async () => {
    const { api } = await reader()
    await api("PUT", "/ai/provider", ownSpeech())
    for (const body of [
      ownSpeech({ speechModel: null }),
      ownSpeech({ speechModel: "" }),
      ownSpeech({ speechModel: "m".repeat(201) }),
      ownSpeech({ speechVoice: "v".repeat(101) }),
      ownSpeech({ speechModel: 7 }),
    ]) {
      const res = await api("PUT", "/ai/provider", body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(4)
    }
    const voiceAlone = await api("PUT", "/ai/provider", ownSpeech({ speechModel: undefined }))
    expect(voiceAlone.body.reason).toContain("speechVoice")
    expect((await api("GET", "/ai/provider")).body.data).toMatchObject({ speechModel: "my-tts", speechVoice: "bella" })
  })

  it("the key never appears in the log, also when the endpoint refuses it or fails", async () => {
    const lines: string[] = []
    const logged = await bootAlongside(
      server,
      { ...env(), LOG_LEVEL: "debug" },
      { logSink: (line) => lines.push(line) },
    )
    try {
      const { user, api, entryId } = await reader(logged.url)
      await api("PUT", "/ai/provider", ownSpeech())
      expect((await speech(logged.url, user.token, { entryId })).status).toBe(200)
      for (const failStatus of [401, 500]) {
        own.set({ failStatus })
        const res = await speech(logged.url, user.token, { entryId })
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(JSON.stringify(await json(res))).not.toContain(KEY)
      }
      expect(own.speech).toHaveLength(3)
      // The failures were logged: the test would prove nothing if nothing were written.
      expect(lines.filter((l) => l.includes("ai speech failed"))).toHaveLength(2)
      for (const line of lines) expect(line).not.toContain(KEY)
    } finally {
      await logged.close()
    }
  })
})
