// A small real MCP server on loopback for the MCP tests, built from the SDK's own server classes: tools `add`,
// `fail` (answers an error result) and `slow` (answers after a while), over streamable HTTP at /mcp (stateless: a
// server per request) and over the older SSE transport at /sse + /messages. /secure/... demands a bearer token;
// any other path answers 404. It counts tool calls and keeps the headers of the requests it got.
// /oauth/... demands an access token from the small OAuth authorization server at /as (protected-resource and
// authorization-server metadata, dynamic client registration, an authorize step that approves at once and redirects
// with a code, and a token endpoint checking PKCE, which also refreshes); it counts the tokens it issued.
import { createHash, randomBytes } from "node:crypto"
import http, { type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { z } from "zod"

export const MCP_TOKEN = "s3cret-mcp-token"

export interface McpTestServer {
  origin: string
  /** Tool calls received, by tool name. */
  calls: Record<string, number>
  headers: IncomingHttpHeaders[]
  /** Token requests answered with a token, by grant type. */
  tokens: Record<string, number>
  close(): Promise<void>
}

function mcpServer(calls: Record<string, number>) {
  const server = new McpServer({ name: "calc", version: "1.0.0" })
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1
  }
  server.registerTool(
    "add",
    { description: "Add two numbers", inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => {
      count("add")
      return { content: [{ type: "text", text: `The sum is ${a + b}` }] }
    },
  )
  server.registerTool("fail", { description: "Always fails", inputSchema: { why: z.string() } }, async ({ why }) => {
    count("fail")
    return { isError: true, content: [{ type: "text", text: `cannot: ${why}` }] }
  })
  server.registerTool("slow", { description: "Answers after 2 s", inputSchema: {} }, async () => {
    count("slow")
    await new Promise((resolve) => setTimeout(resolve, 2000))
    return { content: [{ type: "text", text: "finally" }] }
  })
  return server
}

async function textOf(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

async function bodyOf(req: http.IncomingMessage): Promise<unknown> {
  const text = await textOf(req)
  return text ? JSON.parse(text) : undefined
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))

/** The authorization server at /as; answers true when it handled the request. */
function authorizationServer(origin: () => string, issued: Set<string>, tokens: Record<string, number>) {
  const clients = new Map<string, string[]>()
  const codes = new Map<string, { challenge: string; clientId: string; redirectUri: string }>()
  const refresh = new Set<string>()
  const issue = (res: http.ServerResponse, grant: string) => {
    tokens[grant] = (tokens[grant] ?? 0) + 1
    const access = `at-${randomBytes(12).toString("hex")}`
    const refreshToken = `rt-${randomBytes(12).toString("hex")}`
    issued.add(access)
    refresh.add(refreshToken)
    json(res, 200, { access_token: access, token_type: "Bearer", expires_in: 3600, refresh_token: refreshToken })
  }
  return async (req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<boolean> => {
    if (path === "/.well-known/oauth-protected-resource/oauth/mcp") {
      json(res, 200, { resource: `${origin()}/oauth/mcp`, authorization_servers: [`${origin()}/as`] })
      return true
    }
    if (path === "/.well-known/oauth-authorization-server/as") {
      json(res, 200, {
        issuer: `${origin()}/as`,
        authorization_endpoint: `${origin()}/as/authorize`,
        token_endpoint: `${origin()}/as/token`,
        registration_endpoint: `${origin()}/as/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
      })
      return true
    }
    if (path === "/as/register" && req.method === "POST") {
      const meta = (await bodyOf(req)) as { redirect_uris: string[] }
      const clientId = `client-${randomBytes(6).toString("hex")}`
      clients.set(clientId, meta.redirect_uris)
      json(res, 201, { ...meta, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000) })
      return true
    }
    if (path === "/as/authorize" && req.method === "GET") {
      const q = new URL(req.url!, "http://x").searchParams
      const clientId = q.get("client_id") ?? ""
      const redirectUri = q.get("redirect_uri") ?? ""
      if (!clients.get(clientId)?.includes(redirectUri) || q.get("code_challenge_method") !== "S256") {
        json(res, 400, { error: "invalid_request" })
        return true
      }
      const code = `code-${randomBytes(8).toString("hex")}`
      codes.set(code, { challenge: q.get("code_challenge") ?? "", clientId, redirectUri })
      const back = new URL(redirectUri)
      back.searchParams.set("code", code)
      back.searchParams.set("state", q.get("state") ?? "")
      res.writeHead(302, { location: back.href }).end()
      return true
    }
    if (path === "/as/token" && req.method === "POST") {
      const form = new URLSearchParams(await textOf(req))
      if (form.get("grant_type") === "refresh_token") {
        if (!refresh.delete(form.get("refresh_token") ?? "")) json(res, 400, { error: "invalid_grant" })
        else issue(res, "refresh_token")
        return true
      }
      const pending = codes.get(form.get("code") ?? "")
      codes.delete(form.get("code") ?? "")
      const challenge = createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url")
      if (!pending || pending.challenge !== challenge || pending.redirectUri !== form.get("redirect_uri")) {
        json(res, 400, { error: "invalid_grant", error_description: "unknown code or wrong verifier" })
        return true
      }
      issue(res, "authorization_code")
      return true
    }
    return false
  }
}

export async function startMcpServer(): Promise<McpTestServer> {
  const calls: Record<string, number> = {}
  const headers: IncomingHttpHeaders[] = []
  const sse = new Map<string, SSEServerTransport>()
  const tokens: Record<string, number> = {}
  const issued = new Set<string>()
  let origin = ""
  const oauth = authorizationServer(() => origin, issued, tokens)
  const server = http.createServer(async (req, res) => {
    headers.push(req.headers)
    let path = (req.url ?? "/").split("?")[0]!
    if (await oauth(req, res, path)) return
    if (path.startsWith("/oauth/")) {
      const token = req.headers.authorization?.replace(/^Bearer /, "") ?? ""
      if (!issued.has(token)) {
        res
          .writeHead(401, {
            "content-type": "application/json",
            "www-authenticate": `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/oauth/mcp"`,
          })
          .end('{"error":"invalid_token"}')
        return
      }
      path = path.slice("/oauth".length)
    }
    if (path.startsWith("/secure/")) {
      if (req.headers.authorization !== `Bearer ${MCP_TOKEN}`) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}')
        return
      }
      path = path.slice("/secure".length)
    }
    try {
      if (path === "/mcp") {
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
        const mcp = mcpServer(calls)
        res.on("close", () => {
          void transport.close()
          void mcp.close()
        })
        await mcp.connect(transport)
        await transport.handleRequest(req, res, req.method === "POST" ? await bodyOf(req) : undefined)
        return
      }
      if (path === "/sse" && req.method === "GET") {
        const prefix = req.url!.startsWith("/secure/") ? "/secure" : ""
        const transport = new SSEServerTransport(`${prefix}/messages`, res)
        sse.set(transport.sessionId, transport)
        res.on("close", () => sse.delete(transport.sessionId))
        await mcpServer(calls).connect(transport)
        return
      }
      if (path === "/messages" && req.method === "POST") {
        const id = new URL(req.url!, "http://x").searchParams.get("sessionId") ?? ""
        const transport = sse.get(id)
        if (!transport) {
          res.writeHead(404).end("no session")
          return
        }
        await transport.handlePostMessage(req, res, await bodyOf(req))
        return
      }
      res.writeHead(404, { "content-type": "text/plain" }).end("not found")
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    calls,
    headers,
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
