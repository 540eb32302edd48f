// MCP services against a real MCP server the test starts on loopback (the SDK's own server classes), over both
// streamable HTTP and SSE: adding a service lists its tools, the chat calls them through the stand-in model and
// answers with their result; the spec's validation messages; the MCP errors a service can cause (refused
// credentials 16000, unreachable 16001, nothing at the URL 16002, someone else's service 16005, unreadable stored
// headers 16006, a failing or too slow tool 16007); a service behind OAuth (code 1 with the authorization URL, the
// callback's code exchange against the stand-in's authorization server, a bad state 16003, a refused exchange
// 16004); the SSRF guard; secrets never answered; and one user never
// seeing, changing, deleting or using another's service.
import { randomUUID } from "node:crypto"
import { createServer } from "node:net"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { MASKED } from "../src/services/mcp.ts"
import { bootAlongside } from "./support/boot.ts"
import { TestChat, textOfMessage } from "./support/chat-client.ts"
import { MCP_TOKEN, type McpTestServer, startMcpServer } from "./support/mcp-server.ts"
import { type ChatRequestBody, type OpenAiStub, type StubTurn, startOpenAiStub, textOf } from "./support/openai-stub.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let stub: OpenAiStub
let mcp: McpTestServer

beforeAll(async () => {
  ;[stub, mcp] = await Promise.all([startOpenAiStub(), startMcpServer()])
  // The MCP server is on loopback: users' services may be there only with the allowance.
  server = await startTestServer({
    AI_BASE_URL: stub.baseUrl,
    AI_MODEL: "chat-model",
    ALLOW_PRIVATE_NETWORK: "false",
    AI_ALLOW_PRIVATE_NETWORK: "true",
  })
})
afterAll(async () => {
  await server?.close()
  await stub?.close()
  await mcp?.close()
})
beforeEach(() => stub.reset())

/** A user who has turned MCP on (settings › ai mcpEnabled; off by default, see "the chat" below). */
async function user(base = server.url, mcpEnabled = true) {
  const u = await signUp(base)
  const api = apiAs(base, u)
  if (mcpEnabled) expect((await api("PATCH", "/settings/ai", { mcpEnabled })).body).toEqual({ code: 0 })
  return { ...u, api }
}

async function rows(query: ReturnType<typeof sql>) {
  return (await server.deps.db.execute(query)).rows as Record<string, unknown>[]
}

const streamable = () => ({ name: "Calc", transportType: "streamable-http", url: `${mcp.origin}/mcp` })
const sseService = () => ({ name: "Calc SSE", transportType: "sse", url: `${mcp.origin}/sse` })

/** Tool calls in order, then text; a request without tools (a title) gets "A title". */
function script(...turns: StubTurn[]) {
  return (body: ChatRequestBody): StubTurn => {
    if (!body.tools) return { text: "A title" }
    const done = body.messages.filter((m) => m.role === "assistant" && m.tool_calls?.length).length
    return turns[Math.min(done, turns.length - 1)]!
  }
}
const chatRequests = () => stub.requests.filter((r) => r.body.tools).map((r) => r.body)
const toolNames = (body: ChatRequestBody | undefined) => (body?.tools ?? []).map((t) => t.function.name).sort()

async function closedPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))
  const port = (s.address() as { port: number }).port
  await new Promise((resolve) => s.close(resolve))
  return port
}

describe("adding a service", () => {
  it.each([
    ["streamable HTTP", streamable],
    ["SSE", sseService],
  ])("over %s lists its tools, shows it in the list and answers its tools", async (_name, service) => {
    const u = await user()
    const created = await u.api("POST", "/mcp/connections", service())
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ code: 0, connectionId: expect.any(String) })
    const id = created.body.connectionId

    const list = await u.api("GET", "/mcp/connections")
    expect(list.body.code).toBe(0)
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id,
        name: service().name,
        transportType: service().transportType,
        url: service().url,
        isConnected: true,
        enabled: true,
        toolCount: 3,
        headers: {},
        lastUsed: null,
      }),
    ])

    const tools = await u.api("GET", `/mcp/connections/${id}/tools`)
    expect(tools.body.code).toBe(0)
    expect(tools.body.data.map((t: { name: string }) => t.name).sort()).toEqual(["add", "fail", "slow"])
    const add = tools.body.data.find((t: { name: string }) => t.name === "add")
    expect(add.description).toBe("Add two numbers")
    expect(add.inputSchema).toMatchObject({ type: "object", properties: { a: { type: "number" } } })

    const refreshed = await u.api("POST", "/mcp/tools/refresh", {})
    expect(refreshed.body).toEqual({
      code: 0,
      data: { total: 1, successful: 1, failed: 0, results: [{ connectionId: id, success: true }] },
    })
  })

  it("with a bearer token: refused without it (16000), kept encrypted, never answered, sent to the service", async () => {
    const u = await user()
    const url = `${mcp.origin}/secure/mcp`
    const refused = await u.api("POST", "/mcp/connections", { ...streamable(), url })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 16000, message: "MCP OAuth error" })
    const wrong = await u.api("POST", "/mcp/connections", { ...streamable(), url, bearerToken: "wrong" })
    expect(wrong.body.code).toBe(16000)
    expect((await u.api("GET", "/mcp/connections")).body.data).toEqual([])

    const created = await u.api("POST", "/mcp/connections", {
      ...streamable(),
      url,
      headers: { Authorization: `Bearer ${MCP_TOKEN}`, "X-Team": "blue" },
    })
    expect(created.body.code).toBe(0)
    const id = created.body.connectionId
    const list = await u.api("GET", "/mcp/connections")
    expect(list.body.data[0].headers).toEqual({ Authorization: MASKED, "X-Team": MASKED })
    expect(JSON.stringify(list.body)).not.toContain(MCP_TOKEN)
    expect(JSON.stringify(list.body)).not.toContain("blue")
    const [row] = await rows(sql`select * from mcp_connections where id = ${id}`)
    expect(String(row!.headers_encrypted)).toMatch(/^v1:/)
    expect(JSON.stringify(row)).not.toContain(MCP_TOKEN)
    expect(mcp.headers.at(-1)!["x-team"]).toBe("blue")

    // Sending the masked values back keeps the stored ones; a rename needs no new connection.
    const renamed = await u.api("PUT", `/mcp/connections/${id}`, {
      name: "Secure calc",
      headers: { Authorization: MASKED, "X-Team": MASKED },
    })
    expect(renamed.body).toEqual({ code: 0, connectionId: id })
    const refreshed = await u.api("POST", "/mcp/tools/refresh", { connectionIds: [id] })
    expect(refreshed.body.data).toMatchObject({ total: 1, successful: 1 })
    expect(mcp.headers.at(-1)!.authorization).toBe(`Bearer ${MCP_TOKEN}`)

    // A wrong token in an update is refused and changes nothing.
    const bad = await u.api("PUT", `/mcp/connections/${id}`, { bearerToken: "nope" })
    expect(bad.body.code).toBe(16000)
    expect((await u.api("POST", "/mcp/tools/refresh", { connectionIds: [id] })).body.data.successful).toBe(1)
    expect((await u.api("GET", "/mcp/connections")).body.data[0].name).toBe("Secure calc")
  })
})

describe("a service behind OAuth", () => {
  const oauthService = () => ({ name: "Notes", transportType: "streamable-http", url: `${mcp.origin}/oauth/mcp` })

  /** Opens the authorization URL as the user's browser would: the stand-in approves and redirects to the callback. */
  async function authorize(authorizationUrl: string) {
    const res = await fetch(authorizationUrl, { redirect: "manual" })
    expect(res.status).toBe(302)
    const back = new URL(res.headers.get("location")!)
    expect(back.pathname).toBe("/mcp/oauth/callback")
    return back
  }

  async function callback(token: string, back: URL) {
    const res = await fetch(`${server.url}${back.pathname}${back.search}`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: "manual",
    })
    return { status: res.status, location: res.headers.get("location"), body: await res.text() }
  }

  it("answers code 1 with the authorization URL, and the callback stores the tokens and lists the tools", async () => {
    const u = await user()
    const created = await u.api("POST", "/mcp/connections", oauthService())
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ code: 1, authorizationUrl: expect.any(String), connectionId: expect.any(String) })
    const id = created.body.connectionId
    const url = new URL(created.body.authorizationUrl)
    expect(url.origin + url.pathname).toBe(`${mcp.origin}/as/authorize`)
    expect(url.searchParams.get("code_challenge_method")).toBe("S256")
    expect(url.searchParams.get("resource")).toBe(`${mcp.origin}/oauth/mcp`)
    const pending = (await u.api("GET", "/mcp/connections")).body.data
    expect(pending).toEqual([
      expect.objectContaining({ id, isConnected: false, oauth: true, authorizationPending: true, toolCount: 0 }),
    ])
    expect((await u.api("GET", `/mcp/connections/${id}/tools`)).body.data).toEqual([])

    const before = mcp.tokens.authorization_code ?? 0
    const back = await authorize(created.body.authorizationUrl)
    const done = await callback(u.token, back)
    expect(done.status).toBe(302)
    expect(new URL(done.location!).pathname).toBe("/settings/ai")
    expect(new URL(done.location!).searchParams.get("mcpConnected")).toBe(id)
    expect(mcp.tokens.authorization_code).toBe(before + 1)

    const list = (await u.api("GET", "/mcp/connections")).body.data
    expect(list).toEqual([
      expect.objectContaining({ id, isConnected: true, oauth: true, authorizationPending: false, toolCount: 3 }),
    ])
    const [row] = await rows(sql`select * from mcp_connections where id = ${id}`)
    expect(String(row!.oauth_encrypted)).toMatch(/^v1:/)
    expect(String(row!.oauth_encrypted)).not.toContain("at-")
    expect(row!.oauth_state_hash).toBeNull()
    expect(JSON.stringify(list)).not.toContain("at-")
    // Later requests carry the access token.
    const refreshed = await u.api("POST", "/mcp/tools/refresh", { connectionIds: [id] })
    expect(refreshed.body.data).toMatchObject({ total: 1, successful: 1 })
    expect(mcp.headers.at(-1)!.authorization).toMatch(/^Bearer at-/)

    // The state is used once: the same callback again is 16003.
    const again = await callback(u.token, back)
    expect(again.status).toBe(400)
    expect(JSON.parse(again.body)).toMatchObject({ code: 16003 })
  })

  it("an unknown, missing or someone else's state is 16003 and changes nothing", async () => {
    const a = await user()
    const b = await user()
    const created = await a.api("POST", "/mcp/connections", oauthService())
    expect(created.body.code).toBe(1)
    const back = await authorize(created.body.authorizationUrl)
    const forged = new URL(back)
    forged.searchParams.set("state", "not-the-state")
    for (const [who, at] of [
      [a, forged],
      [b, back],
    ] as const) {
      const res = await callback(who.token, at)
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body)).toMatchObject({ code: 16003, message: "Invalid or expired OAuth state" })
    }
    const missing = await a.api("GET", "/mcp/oauth/callback?code=x")
    expect(missing.body.code).toBe(16003)
    // A browser sent here is taken back to the settings page, which says what failed.
    const navigated = await fetch(`${server.url}${forged.pathname}${forged.search}`, {
      headers: { authorization: `Bearer ${a.token}`, accept: "text/html" },
      redirect: "manual",
    })
    expect(navigated.status).toBe(302)
    expect(new URL(navigated.headers.get("location")!).searchParams.get("mcpError")).toBe("16003")
    expect((await b.api("GET", "/mcp/connections")).body.data).toEqual([])
    // The real state still works for its owner.
    expect((await callback(a.token, back)).status).toBe(302)
  })

  it("a code the authorization server refuses is 16004; the service stays unauthorized", async () => {
    const u = await user()
    const created = await u.api("POST", "/mcp/connections", oauthService())
    const back = await authorize(created.body.authorizationUrl)
    back.searchParams.set("code", "code-forged")
    const res = await callback(u.token, back)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({ code: 16004, message: "Token exchange failed" })
    const [info] = (await u.api("GET", "/mcp/connections")).body.data
    expect(info).toMatchObject({ isConnected: false, authorizationPending: false, toolCount: 0 })
    expect(info.lastError).toContain("Token exchange failed")

    // A refusal at the authorization server (the user said no) is 16004 too.
    const second = await u.api("POST", "/mcp/connections", { ...oauthService(), name: "Notes 2" })
    const denied = await authorize(second.body.authorizationUrl)
    denied.searchParams.delete("code")
    denied.searchParams.set("error", "access_denied")
    const refused = await callback(u.token, denied)
    expect(JSON.parse(refused.body)).toMatchObject({ code: 16004 })
  })

  it("the token exchange goes through the SSRF guard", async () => {
    const guarded = await bootAlongside(server, { ALLOW_PRIVATE_NETWORK: "false", AI_ALLOW_PRIVATE_NETWORK: "false" })
    try {
      const u = await user()
      const created = await u.api("POST", "/mcp/connections", oauthService())
      const back = await authorize(created.body.authorizationUrl)
      const before = mcp.tokens.authorization_code ?? 0
      // Finished on a server (same database) that allows no private addresses: the loopback token endpoint is
      // not reached.
      const res = await fetch(`${guarded.url}${back.pathname}${back.search}`, {
        headers: { authorization: `Bearer ${u.token}` },
        redirect: "manual",
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 16004 })
      expect(mcp.tokens.authorization_code ?? 0).toBe(before)
    } finally {
      await guarded.close()
    }
  })
})

describe("the chat", () => {
  it("offers no MCP tool until the user turns MCP on (mcpEnabled, off by default)", async () => {
    const u = await user(server.url, false)
    expect((await u.api("POST", "/mcp/connections", streamable())).body.code).toBe(0)
    stub.set({ turn: script({ text: "Hello." }) })
    const off = new TestChat(server.url, u.token, randomUUID())
    await off.sendMessage({ text: "Hi" })
    expect(toolNames(chatRequests()[0]).filter((n) => n.startsWith("mcp_"))).toEqual([])
    expect((await u.api("PATCH", "/settings/ai", { mcpEnabled: true })).body).toEqual({ code: 0 })
    stub.reset()
    stub.set({ turn: script({ text: "Hello again." }) })
    const on = new TestChat(server.url, u.token, randomUUID())
    await on.sendMessage({ text: "Hi" })
    expect(toolNames(chatRequests()[0]).filter((n) => n.startsWith("mcp_"))).toContain("mcp_calc_add")
  })

  it.each([
    ["streamable HTTP", streamable],
    ["SSE", sseService],
  ])("calls a tool of a service over %s and answers with its result", async (_name, service) => {
    const u = await user()
    const created = await u.api("POST", "/mcp/connections", service())
    expect(created.body.code).toBe(0)
    const toolName = service === streamable ? "mcp_calc_add" : "mcp_calc_sse_add"
    const before = mcp.calls.add ?? 0
    stub.set({
      turn: script({ toolCalls: [{ name: toolName, arguments: { a: 2, b: 40 } }] }, { text: "It is 42." }),
    })
    const chat = new TestChat(server.url, u.token, randomUUID())
    await chat.sendMessage({ text: "What is 2 + 40?" })
    expect(chat.error).toBeUndefined()
    const answer = chat.messages.at(-1)!
    const tool = answer.parts.find((p) => p.type === `tool-${toolName}`) as { state: string; output: unknown }
    expect(tool.state).toBe("output-available")
    expect(tool.output).toEqual({ text: "The sum is 42" })
    expect(textOfMessage(answer)).toBe("It is 42.")
    expect(mcp.calls.add).toBe(before + 1)

    const [first, second] = chatRequests()
    expect(toolNames(first)).toEqual(
      [
        `mcp_${service === streamable ? "calc" : "calc_sse"}_add`,
        `mcp_${service === streamable ? "calc" : "calc_sse"}_fail`,
        `mcp_${service === streamable ? "calc" : "calc_sse"}_slow`,
        "listSubscriptions",
        "markRead",
        "readEntry",
        "searchEntries",
        "subscribe",
        "unreadCounts",
      ].sort(),
    )
    const described = first!.tools!.find((t) => t.function.name === toolName)!
    expect(described.function.description).toContain("Add two numbers")
    expect(described.function.parameters).toMatchObject({ properties: { a: { type: "number" } } })
    expect(textOf(second!.messages.find((m) => m.role === "tool"))).toContain("The sum is 42")
    const list = await u.api("GET", "/mcp/connections")
    expect(list.body.data[0].lastUsed).toEqual(expect.any(String))
  })

  it("gives the model a failing tool's error (16007) and a too slow tool's time-out, and offers no disabled service", async () => {
    const fast = await bootAlongside(server, {
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: "chat-model",
      ALLOW_PRIVATE_NETWORK: "false",
      AI_ALLOW_PRIVATE_NETWORK: "true",
      MCP_TIMEOUT_MS: "800",
    })
    try {
      const u = await user(fast.url)
      const id = (await u.api("POST", "/mcp/connections", streamable())).body.connectionId
      stub.set({
        turn: script(
          {
            toolCalls: [
              { name: "mcp_calc_fail", arguments: { why: "no reason" } },
              { name: "mcp_calc_slow", arguments: {} },
            ],
          },
          { text: "Both failed." },
        ),
      })
      const chat = new TestChat(fast.url, u.token, randomUUID())
      await chat.sendMessage({ text: "Try them" })
      expect(chat.error).toBeUndefined()
      const outputs = Object.fromEntries(
        chat.messages
          .at(-1)!
          .parts.filter((p) => p.type.startsWith("tool-"))
          .map((p) => [p.type.slice(5), (p as { output: unknown }).output]),
      )
      expect(outputs.mcp_calc_fail).toEqual({ error: "MCP tool execution failed: cannot: no reason" })
      expect(outputs.mcp_calc_slow).toEqual({ error: "MCP tool execution failed: No answer within 800 ms" })
      expect(textOfMessage(chat.messages.at(-1))).toBe("Both failed.")

      // Disabled: the chat no longer offers its tools.
      expect((await u.api("PUT", `/mcp/connections/${id}`, { enabled: false })).body.code).toBe(0)
      stub.reset()
      stub.set({ turn: script({ text: "ok" }) })
      const again = new TestChat(fast.url, u.token, randomUUID())
      await again.sendMessage({ text: "Hello" })
      expect(toolNames(chatRequests()[0]).filter((n) => n.startsWith("mcp_"))).toEqual([])
    } finally {
      await fast.close()
    }
  })
})

describe("validation", () => {
  it("answers the spec's messages and stores nothing", async () => {
    const u = await user()
    const cases: [unknown, string][] = [
      [{ transportType: "sse", url: `${mcp.origin}/sse` }, "Service name is required"],
      [{ name: "   ", url: `${mcp.origin}/sse` }, "Service name is required"],
      [{ name: "X" }, "Base URL is required"],
      [{ name: "X", url: "  " }, "Base URL is required"],
      [{ name: "X", url: "not a url" }, "Please enter a valid URL"],
      [{ name: "X", url: "ftp://example.com/mcp" }, "Please enter a valid URL"],
      [{ name: "X", url: 42 }, "Please enter a valid URL"],
    ]
    for (const [body, message] of cases) {
      const res = await u.api("POST", "/mcp/connections", body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toMatchObject({ code: 4, message })
    }
    const others: unknown[] = [
      { ...streamable(), transportType: "websocket" },
      { ...streamable(), headers: ["a"] },
      { ...streamable(), headers: { "Bad Name": "x" } },
      { ...streamable(), headers: { "X-A": "line\r\nbreak" } },
      { ...streamable(), bearerToken: "has space" },
      { ...streamable(), enabled: "yes" },
      "not json",
    ]
    for (const body of others) {
      const res = await u.api("POST", "/mcp/connections", body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe(4)
    }
    expect((await u.api("GET", "/mcp/connections")).body.data).toEqual([])

    const id = (await u.api("POST", "/mcp/connections", streamable())).body.connectionId
    const blank = await u.api("PUT", `/mcp/connections/${id}`, { name: "" })
    expect(blank.body).toMatchObject({ code: 4, message: "Service name is required" })
    const badUrl = await u.api("PUT", `/mcp/connections/${id}`, { url: "nope" })
    expect(badUrl.body).toMatchObject({ code: 4, message: "Please enter a valid URL" })
    const badEnabled = await u.api("PUT", `/mcp/connections/${id}`, { enabled: "yes" })
    expect(badEnabled.body.code).toBe(4)
    const badRefresh = await u.api("POST", "/mcp/tools/refresh", { connectionIds: "x" })
    expect(badRefresh.body.code).toBe(4)
    expect((await u.api("GET", "/mcp/connections")).body.data).toEqual([
      expect.objectContaining({ id, name: "Calc", url: `${mcp.origin}/mcp`, enabled: true }),
    ])
  })
})

describe("errors of a service", () => {
  it("unreachable is 16001, nothing at the URL 16002, and a refresh records the failure", async () => {
    const u = await user()
    const port = await closedPort()
    const down = await u.api("POST", "/mcp/connections", { ...streamable(), url: `http://127.0.0.1:${port}/mcp` })
    expect(down.status).toBe(400)
    expect(down.body).toMatchObject({ code: 16001, message: "MCP discovery error" })
    const downSse = await u.api("POST", "/mcp/connections", { ...sseService(), url: `http://127.0.0.1:${port}/sse` })
    expect(downSse.body.code).toBe(16001)
    const missing = await u.api("POST", "/mcp/connections", { ...streamable(), url: `${mcp.origin}/nothing` })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 16002, message: "MCP service not found" })
    const missingSse = await u.api("POST", "/mcp/connections", { ...sseService(), url: `${mcp.origin}/nothing` })
    expect(missingSse.body.code).toBe(16002)
    expect((await u.api("GET", "/mcp/connections")).body.data).toEqual([])

    // A service that went away: its refresh fails, the list says so, its cached tools stay.
    const id = (await u.api("POST", "/mcp/connections", streamable())).body.connectionId
    await server.deps.db.execute(
      sql`update mcp_connections set base_url = ${`http://127.0.0.1:${port}/mcp`} where id = ${id}`,
    )
    const refreshed = await u.api("POST", "/mcp/tools/refresh", {})
    expect(refreshed.body.data).toMatchObject({ total: 1, successful: 0, failed: 1 })
    expect(refreshed.body.data.results[0]).toMatchObject({ connectionId: id, success: false, code: 16001 })
    const [info] = (await u.api("GET", "/mcp/connections")).body.data
    expect(info).toMatchObject({
      isConnected: false,
      toolCount: 3,
      lastError: expect.stringContaining("MCP discovery error"),
    })
  })

  it("stored headers that no longer decrypt are 16006", async () => {
    const u = await user()
    const id = (
      await u.api("POST", "/mcp/connections", {
        ...streamable(),
        url: `${mcp.origin}/secure/mcp`,
        bearerToken: MCP_TOKEN,
      })
    ).body.connectionId
    await server.deps.db.execute(sql`update mcp_connections set headers_encrypted = 'v1:AAAA' where id = ${id}`)
    const refreshed = await u.api("POST", "/mcp/tools/refresh", { connectionIds: [id] })
    expect(refreshed.body.data.results[0]).toMatchObject({ success: false, code: 16006 })
    const update = await u.api("PUT", `/mcp/connections/${id}`, { headers: { Authorization: MASKED } })
    expect(update.status).toBe(500)
    expect(update.body.code).toBe(16006)
  })

  it("a user may add only MCP_MAX_CONNECTIONS services", async () => {
    const limited = await bootAlongside(server, { AI_ALLOW_PRIVATE_NETWORK: "true", MCP_MAX_CONNECTIONS: "1" })
    try {
      const u = await user(limited.url)
      expect((await u.api("POST", "/mcp/connections", streamable())).body.code).toBe(0)
      const second = await u.api("POST", "/mcp/connections", sseService())
      expect(second.status).toBe(400)
      expect(second.body).toMatchObject({ code: 4, reason: "At most 1 MCP services per user" })
      expect((await u.api("GET", "/mcp/connections")).body.data).toHaveLength(1)
    } finally {
      await limited.close()
    }
  })
})

describe("the SSRF guard", () => {
  it("refuses a loopback service unless private addresses are allowed", async () => {
    const guarded = await bootAlongside(server, { ALLOW_PRIVATE_NETWORK: "false", AI_ALLOW_PRIVATE_NETWORK: "false" })
    try {
      const u = await user(guarded.url)
      const before = mcp.headers.length
      for (const service of [streamable(), sseService()]) {
        const res = await u.api("POST", "/mcp/connections", service)
        expect(res.status).toBe(400)
        expect(res.body.code).toBe(4)
        expect(res.body.reason).toContain("AI_ALLOW_PRIVATE_NETWORK")
      }
      // A name that resolves to loopback is refused when connecting.
      const named = await u.api("POST", "/mcp/connections", {
        ...streamable(),
        url: `${mcp.origin.replace("127.0.0.1", "localhost")}/mcp`,
      })
      expect(named.status).toBe(400)
      expect([4, 16001]).toContain(named.body.code)
      expect(mcp.headers.length).toBe(before)
      expect((await u.api("GET", "/mcp/connections")).body.data).toEqual([])
    } finally {
      await guarded.close()
    }
  })
})

describe("another user", () => {
  it("cannot see, change, delete, refresh or use someone's service", async () => {
    const a = await user()
    const b = await user()
    const id = (
      await a.api("POST", "/mcp/connections", {
        ...streamable(),
        url: `${mcp.origin}/secure/mcp`,
        bearerToken: MCP_TOKEN,
      })
    ).body.connectionId
    const [before] = await rows(sql`select * from mcp_connections where id = ${id}`)

    expect((await b.api("GET", "/mcp/connections")).body.data).toEqual([])
    for (const [method, path, body] of [
      ["GET", `/mcp/connections/${id}/tools`, undefined],
      ["PUT", `/mcp/connections/${id}`, { name: "Mine now", enabled: false }],
      ["PUT", `/mcp/connections/${id}`, { url: `${mcp.origin}/mcp` }],
      ["DELETE", `/mcp/connections/${id}`, undefined],
      ["POST", "/mcp/tools/refresh", { connectionIds: [id] }],
    ] as const) {
      const res = await b.api(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body).toMatchObject({ code: 16005, message: "User MCP service not found" })
    }
    // B's own refresh of everything touches only B's (none).
    expect((await b.api("POST", "/mcp/tools/refresh", {})).body.data).toMatchObject({ total: 0 })

    // B's chat is not offered A's tools.
    stub.set({ turn: script({ text: "hi" }) })
    const chat = new TestChat(server.url, b.token, randomUUID())
    await chat.sendMessage({ text: "Hello" })
    expect(toolNames(chatRequests()[0]).filter((n) => n.startsWith("mcp_"))).toEqual([])

    const [after] = await rows(sql`select * from mcp_connections where id = ${id}`)
    expect(after).toEqual(before)

    // A deletes it: gone, and a second delete is 16005.
    expect((await a.api("DELETE", `/mcp/connections/${id}`)).body).toEqual({ code: 0, data: null })
    expect((await a.api("DELETE", `/mcp/connections/${id}`)).body.code).toBe(16005)
    expect((await a.api("GET", "/mcp/connections")).body.data).toEqual([])
  })
})

describe("the log", () => {
  it("never carries a service's token or headers, also when the service refuses them", async () => {
    const lines: string[] = []
    const logged = await bootAlongside(
      server,
      { LOG_LEVEL: "debug", AI_BASE_URL: stub.baseUrl, AI_MODEL: "chat-model", AI_ALLOW_PRIVATE_NETWORK: "true" },
      { logSink: (line) => lines.push(line) },
    )
    try {
      const u = await user(logged.url)
      const url = `${mcp.origin}/secure/mcp`
      const wrongToken = "wrong-token-6d1f0e"
      expect(
        (await u.api("POST", "/mcp/connections", { ...streamable(), url, bearerToken: wrongToken })).body.code,
      ).toBe(16000)
      const headerOnly = await u.api("POST", "/mcp/connections", {
        ...streamable(),
        url,
        headers: { "X-Key": MCP_TOKEN },
      })
      expect(headerOnly.body.code).toBe(16000)
      const created = await u.api("POST", "/mcp/connections", { ...streamable(), url, bearerToken: MCP_TOKEN })
      expect(created.body.code).toBe(0)
      await logged.deps.db.execute(
        sql`update mcp_connections set base_url = ${`${mcp.origin}/secure/gone`} where id = ${created.body.connectionId}`,
      )
      expect((await u.api("POST", "/mcp/tools/refresh", {})).body.data.failed).toBe(1)
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.some((l) => l.includes("mcp refresh failed"))).toBe(true)
      for (const line of lines) {
        expect(line).not.toContain(MCP_TOKEN)
        expect(line).not.toContain(wrongToken)
      }
    } finally {
      await logged.close()
    }
  })
})
