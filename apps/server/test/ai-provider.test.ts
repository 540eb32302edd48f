// A user's own model endpoint: stored with the key encrypted and never answered back, used instead of the server's,
// tried with "test connection"; private addresses only when the server allows them; the SSRF guard on every call;
// the provider factory streams (what chat will use).
import http from "node:http"
import type { AddressInfo } from "node:net"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { decryptSecret, encryptSecret } from "../src/ai/crypto.ts"
import { guardedFetch } from "../src/ai/guarded-fetch.ts"
import { languageModel, serverProvider } from "../src/ai/provider.ts"
import { loadConfig } from "../src/config.ts"
import { bootAlongside } from "./support/boot.ts"
import { type OpenAiStub, startOpenAiStub } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signedToken, signUp } from "./support/users.ts"

let server: TestServer
let serverModel: OpenAiStub
let ownModel: OpenAiStub

beforeAll(async () => {
  ;[serverModel, ownModel] = await Promise.all([
    startOpenAiStub({ reply: () => "from the server's model" }),
    startOpenAiStub({ reply: () => "from my own model" }),
  ])
  server = await startTestServer({ AI_BASE_URL: serverModel.baseUrl, AI_MODEL: "server-model" })
})
afterAll(async () => {
  await server?.close()
  await serverModel?.close()
  await ownModel?.close()
})
beforeEach(() => {
  serverModel.reset()
  ownModel.reset()
})

const KEY = "sk-very-secret-key-0123456789"
const title = (api: ReturnType<typeof apiAs>) =>
  api("POST", "/ai/summary-title", { messages: [{ role: "user", content: "hello" }] })

describe("the user's own provider", () => {
  it("is stored with the key encrypted, answered without the key, and used instead of the server's", async () => {
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    expect((await api("GET", "/ai/provider")).body).toEqual({ code: 0, data: null })
    expect((await title(api)).body.title).toBe("from the server's model")

    const saved = await api("PUT", "/ai/provider", { baseUrl: ownModel.baseUrl, model: "my-model", apiKey: KEY })
    expect(saved.body.data).toMatchObject({ baseUrl: ownModel.baseUrl, model: "my-model", hasApiKey: true })
    expect(JSON.stringify(saved.body)).not.toContain(KEY)
    expect(JSON.stringify((await api("GET", "/ai/provider")).body)).not.toContain(KEY)
    expect(JSON.stringify((await api("GET", "/settings")).body)).not.toContain(KEY)
    const [row] = (await server.deps.db.execute(sql`select * from ai_providers where user_id = ${user.id}`)).rows
    expect(JSON.stringify(row)).not.toContain(KEY)

    expect((await title(api)).body.title).toBe("from my own model")
    expect(ownModel.requests.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}`, body: { model: "my-model" } })
    expect(serverModel.calls()).toBe(1)
    const config = await api("GET", "/ai/chat/config")
    expect(config.body).toMatchObject({ available: true, source: "user", defaultModel: "my-model" })

    // Own-provider tokens are recorded but do not count against the budget.
    const usage = await api("GET", "/ai/usage")
    expect(usage.body.data.used).toBe(15)
    expect(usage.body.data.today).toContainEqual(expect.objectContaining({ provider: "user", model: "my-model" }))

    // Saving again without a key keeps it; null removes it.
    await api("PUT", "/ai/provider", { baseUrl: ownModel.baseUrl, model: "my-model-2" })
    expect((await api("GET", "/ai/provider")).body.data).toMatchObject({ model: "my-model-2", hasApiKey: true })
    await title(api)
    expect(ownModel.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`)
    await api("PUT", "/ai/provider", { baseUrl: ownModel.baseUrl, model: "my-model-2", apiKey: null })
    expect((await api("GET", "/ai/provider")).body.data.hasApiKey).toBe(false)

    await api("DELETE", "/ai/provider")
    expect((await api("GET", "/ai/provider")).body.data).toBeNull()
    expect((await title(api)).body.title).toBe("from the server's model")
  })

  it("is one user's only: another user still gets the server's model and cannot see it", async () => {
    const owner = apiAs(server.url, await signUp(server.url))
    await owner("PUT", "/ai/provider", { baseUrl: ownModel.baseUrl, model: "my-model", apiKey: KEY })
    const other = apiAs(server.url, await signUp(server.url))
    expect((await other("GET", "/ai/provider")).body.data).toBeNull()
    expect((await title(other)).body.title).toBe("from the server's model")
    expect(ownModel.calls()).toBe(0)
  })

  it("refuses bad input with code 4 and changes nothing", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    for (const body of [
      { baseUrl: "ftp://example.com/v1", model: "m" },
      { baseUrl: "not a url", model: "m" },
      { baseUrl: ownModel.baseUrl, model: "" },
      { model: "m" },
    ]) {
      const res = await api("PUT", "/ai/provider", body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(4)
    }
    expect((await api("GET", "/ai/provider")).body.data).toBeNull()
  })
})

describe("test connection", () => {
  it("tries a tiny completion against the given endpoint, or against whatever answers the user", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    const given = await api("POST", "/ai/provider/test", { baseUrl: ownModel.baseUrl, model: "my-model", apiKey: KEY })
    expect(given.body.data).toMatchObject({ ok: true, source: "user", model: "my-model", reply: "from my own model" })
    expect(ownModel.requests[0]!.body.max_tokens).toBe(16)
    const current = await api("POST", "/ai/provider/test", {})
    expect(current.body.data).toMatchObject({ ok: true, source: "server", model: "server-model" })
  })

  it("says clearly what failed: a refused key, an unknown model, a dead endpoint", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    const attempt = () =>
      api("POST", "/ai/provider/test", { baseUrl: ownModel.baseUrl, model: "my-model", apiKey: "bad" })
    ownModel.set({ failStatus: 401 })
    expect((await attempt()).body).toMatchObject({
      code: 5,
      message: "The AI provider refused the request (HTTP 401): check the API key",
    })
    ownModel.set({ failStatus: 404 })
    expect((await attempt()).body.message).toContain("does not know this model")
    const dead = await startOpenAiStub()
    const url = dead.baseUrl
    await dead.close()
    const res = await api("POST", "/ai/provider/test", { baseUrl: url, model: "m" })
    expect(res.body).toMatchObject({ code: 1005, message: "The AI provider cannot be reached: Connection refused" })
  })
})

describe("private networks and the SSRF guard", () => {
  it("refuses a user's loopback endpoint unless ALLOW_PRIVATE_NETWORK or AI_ALLOW_PRIVATE_NETWORK is set", async () => {
    const strict = await bootAlongside(server, {
      AI_BASE_URL: serverModel.baseUrl,
      AI_MODEL: "server-model",
      ALLOW_PRIVATE_NETWORK: "false",
    })
    const aiOnly = await bootAlongside(server, { ALLOW_PRIVATE_NETWORK: "false", AI_ALLOW_PRIVATE_NETWORK: "true" })
    try {
      const user = await signUp(strict.url)
      const api = apiAs(strict.url, user)
      const put = await api("PUT", "/ai/provider", { baseUrl: ownModel.baseUrl, model: "my-model" })
      expect(put.status).toBe(400)
      expect(put.body.reason).toContain("AI_ALLOW_PRIVATE_NETWORK")
      const test = await api("POST", "/ai/provider/test", { baseUrl: ownModel.baseUrl, model: "my-model" })
      expect(test.body.code).toBe(4)
      // The operator's own AI_BASE_URL is trusted even on loopback.
      expect((await title(api)).body.title).toBe("from the server's model")

      // Saved where it was allowed, the endpoint is still refused when the call is made where it is not.
      await apiAs(server.url, user)("PUT", "/ai/provider", { baseUrl: ownModel.baseUrl, model: "my-model" })
      const refused = await title(api)
      expect(refused.body.code).toBe(5)
      expect(refused.body.message).toContain("private or loopback address")
      expect(refused.body.message).toContain("AI_ALLOW_PRIVATE_NETWORK=true")
      expect(ownModel.calls()).toBe(0)

      // AI_ALLOW_PRIVATE_NETWORK alone allows it.
      expect((await title(apiAs(aiOnly.url, user))).body.title).toBe("from my own model")
    } finally {
      await strict.close()
      await aiOnly.close()
    }
  })

  it("the guarded fetch refuses loopback and follows no redirect", async () => {
    const fetchGuarded = guardedFetch({ allowPrivate: false })
    await expect(fetchGuarded(`${ownModel.baseUrl}/models`)).rejects.toThrow("private or loopback address")
    await expect(guardedFetch({ allowPrivate: false })("http://localhost:1/v1/models")).rejects.toThrow(
      "private or loopback address",
    )
    const trusted = guardedFetch({ allowPrivate: false, trustedOrigin: new URL(ownModel.baseUrl).origin })
    expect((await trusted(`${ownModel.baseUrl}/models`)).status).toBe(200)
  })

  it("refuses a redirect from a trusted endpoint to anywhere else, and fetches nothing there", async () => {
    const hits: string[] = []
    const target = http.createServer((req, res) => {
      hits.push(req.url ?? "")
      res.end("{}")
    })
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve))
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/v1/models`
    const redirector = http.createServer((_req, res) => res.writeHead(302, { location: targetUrl }).end())
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve))
    const origin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`
    try {
      for (const fetchGuarded of [
        guardedFetch({ allowPrivate: false, trustedOrigin: origin }),
        guardedFetch({ allowPrivate: true }),
      ])
        await expect(fetchGuarded(`${origin}/v1/models`)).rejects.toThrow()
      expect(hits).toEqual([])
    } finally {
      await Promise.all([target, redirector].map((s) => new Promise((resolve) => s.close(resolve))))
    }
  })
})

describe("the provider factory", () => {
  it("streams through the guarded fetch (what chat will use)", async () => {
    ownModel.set({ reply: () => "streamed in pieces of eight characters" })
    const { streamText } = await import("ai")
    const config = loadConfig({ AI_BASE_URL: ownModel.baseUrl, AI_MODEL: "stream-model" })
    const model = await languageModel(serverProvider(config)!)
    const result = streamText({ model, prompt: "go" })
    const chunks: string[] = []
    for await (const chunk of result.textStream) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join("")).toBe("streamed in pieces of eight characters")
    expect((await result.usage).inputTokens).toBe(10)
    expect(ownModel.requests[0]!.body).toMatchObject({ model: "stream-model", stream: true })
  })
})

describe("keys at rest, across a change of AUTH_SECRET", () => {
  it("answers code 5 asking for the key again when it was saved under another secret", async () => {
    const user = await signUp(server.url)
    const saved = await apiAs(server.url, user)("PUT", "/ai/provider", {
      baseUrl: ownModel.baseUrl,
      model: "my-model",
      apiKey: KEY,
    })
    expect(saved.status).toBe(200)
    const other = await bootAlongside(server, {
      AUTH_SECRET: "another-secret-of-at-least-32-characters!",
      ALLOW_PRIVATE_NETWORK: "true",
    })
    try {
      // Sessions are signed with the secret too: the user signs in again there.
      const signIn = await fetch(`${other.url}/better-auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: other.url },
        body: JSON.stringify({ email: user.email, password: user.password }),
      })
      expect(signIn.status).toBe(200)
      const calls = ownModel.calls()
      const res = await apiAs(other.url, { token: signedToken(signIn) })("POST", "/ai/provider/test", {})
      expect(res.body.code).toBe(5)
      expect(res.body.message).toContain(
        "cannot be read (the server's secret changed): enter it again in Settings › AI",
      )
      expect(ownModel.calls()).toBe(calls)
    } finally {
      await other.close()
    }
  })
})

describe("keys at rest", () => {
  it("decrypt only with the same secret and for the same user", () => {
    const secret = "a-secret-of-at-least-32-characters-long"
    const stored = encryptSecret(secret, KEY, "user-1")
    expect(stored).not.toContain(KEY)
    expect(decryptSecret(secret, stored, "user-1")).toBe(KEY)
    expect(decryptSecret(secret, stored, "user-2")).toBeUndefined()
    expect(decryptSecret(`${secret}!`, stored, "user-1")).toBeUndefined()
    expect(decryptSecret(secret, `${stored.slice(0, -2)}AA`, "user-1")).toBeUndefined()
  })
})
