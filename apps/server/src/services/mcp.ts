// MCP services (Settings › AI › MCP): a user's connections to MCP servers, their tools, and those tools in the chat.
// Adding or re-pointing a service connects to it and lists its tools first, so nothing is stored for a service that
// cannot be reached; its headers (a bearer token among them) are stored encrypted and answered only as names with
// masked values. The chat gets the enabled services' tools as `mcp_<service>_<tool>`, each call a fresh connection
// bounded by MCP_TIMEOUT_MS. A service behind OAuth (it answers 401 and publishes OAuth metadata) is kept pending:
// adding it answers code 1 with the URL the user authorizes Tidings at, and the callback exchanges the code for
// tokens (stored encrypted like the headers) and lists the tools.

import type { ToolSet } from "ai"
import { decryptSecret, encryptSecret } from "../ai/crypto.ts"
import { callMcpTool, listMcpTools, type McpTarget, type McpTransport } from "../ai/mcp-client.ts"
import {
  beginAuthorization,
  currentTokens,
  finishAuthorization,
  hashState,
  type McpOAuthData,
} from "../ai/mcp-oauth.ts"
import { privateNetworkAllowed, secretOf } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { assertPublicHost } from "../reader/guard.ts"
import {
  countMcpConnections,
  deleteMcpConnection,
  findMcpConnection,
  findMcpConnectionByState,
  insertMcpConnection,
  listMcpConnections,
  type McpConnectionRow,
  updateMcpConnection,
} from "../storage/mcp.ts"
import type { McpToolInfo } from "../storage/schema.ts"
import { listSettings } from "../storage/settings.ts"

/** What a stored header value is answered as; sent back unchanged in an update, it keeps the stored value. */
export const MASKED = "********"
/** Tools of MCP services one chat offers the model at most (beyond them the model's context fills with schemas). */
const MAX_CHAT_TOOLS = 64
const MAX_HEADERS = 20
/** How long an authorization the user was sent to may be finished. */
const OAUTH_STATE_TTL_MS = 15 * 60_000
/** Where the authorization server sends the user back to (GET /mcp/oauth/callback). */
export const oauthRedirectUrl = (deps: Deps) => new URL("/mcp/oauth/callback", deps.config.BASE_URL).href

export interface McpConnectionInput {
  name?: unknown
  transportType?: unknown
  url?: unknown
  headers?: unknown
  /** Sugar for headers.Authorization = "Bearer …". */
  bearerToken?: unknown
  enabled?: unknown
}

function invalid(message: string, field: string): AppError {
  return new AppError(ErrorCode.InvalidInput, { message, reason: `${field}: ${message}` })
}

function checkName(value: unknown): string {
  if (value !== undefined && typeof value !== "string") throw invalid("Service name is required", "name")
  const name = (value ?? "").trim()
  if (!name) throw invalid("Service name is required", "name")
  if (name.length > 100) throw invalid("Service name is too long (at most 100 characters)", "name")
  return name
}

function checkUrl(value: unknown): string {
  if (value !== undefined && typeof value !== "string") throw invalid("Please enter a valid URL", "url")
  const text = (value ?? "").trim()
  if (!text) throw invalid("Base URL is required", "url")
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw invalid("Please enter a valid URL", "url")
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || text.length > 2000 || url.username || url.password)
    throw invalid("Please enter a valid URL", "url")
  return url.href
}

function checkTransport(value: unknown): McpTransport {
  if (value === undefined) return "streamable-http"
  if (value === "streamable-http" || value === "sse") return value
  throw invalid('transportType must be "streamable-http" or "sse"', "transportType")
}

function checkEnabled(value: unknown) {
  if (value !== undefined && typeof value !== "boolean") throw invalid("enabled must be true or false", "enabled")
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/

function checkHeaders(value: unknown, bearer: unknown): Record<string, string> | undefined {
  if (value === undefined && bearer === undefined) return undefined
  if (value !== undefined && (value === null || typeof value !== "object" || Array.isArray(value)))
    throw invalid("headers must be an object of header names and values", "headers")
  const out: Record<string, string> = {}
  for (const [name, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (!HEADER_NAME.test(name)) throw invalid(`"${name.slice(0, 100)}" is not a header name`, "headers")
    if (typeof v !== "string" || v.length > 4000 || /[\r\n\0]/.test(v))
      throw invalid(`the value of ${name} must be one line of text (at most 4000 characters)`, "headers")
    out[name] = v
  }
  if (bearer !== undefined && bearer !== null && bearer !== "") {
    if (typeof bearer !== "string" || bearer.length > 4000 || /[\s\0]/.test(bearer))
      throw invalid("bearerToken must be a token without spaces", "bearerToken")
    for (const name of Object.keys(out)) if (name.toLowerCase() === "authorization") delete out[name]
    out.Authorization = `Bearer ${bearer}`
  }
  if (Object.keys(out).length > MAX_HEADERS) throw invalid(`at most ${MAX_HEADERS} headers`, "headers")
  return out
}

/** A loopback or private literal address is refused up front unless allowed (names are checked when connecting). */
function checkAddress(deps: Deps, url: string) {
  if (privateNetworkAllowed(deps.config)) return
  try {
    assertPublicHost(new URL(url))
  } catch {
    throw invalid(
      "A private or loopback address is allowed only when the server sets AI_ALLOW_PRIVATE_NETWORK=true",
      "url",
    )
  }
}

const ownerOf = (userId: string, id: string) => `mcp:${userId}:${id}`

async function sealHeaders(deps: Deps, userId: string, id: string, headers: Record<string, string>) {
  if (!Object.keys(headers).length) return null
  return encryptSecret(await secretOf(deps), JSON.stringify(headers), ownerOf(userId, id))
}

async function openHeaders(deps: Deps, row: McpConnectionRow): Promise<Record<string, string>> {
  if (!row.headersEncrypted) return {}
  const plain = decryptSecret(await secretOf(deps), row.headersEncrypted, ownerOf(row.userId, row.id))
  if (plain === undefined)
    throw new AppError(ErrorCode.McpConfigurationError, {
      reason: `The stored headers of "${row.name}" cannot be read (the server's secret changed): enter them again`,
    })
  return JSON.parse(plain) as Record<string, string>
}

const oauthOwnerOf = (userId: string, id: string) => `mcp-oauth:${userId}:${id}`

async function sealOAuth(deps: Deps, userId: string, id: string, data: McpOAuthData) {
  return encryptSecret(await secretOf(deps), JSON.stringify(data), oauthOwnerOf(userId, id))
}

async function openOAuth(deps: Deps, row: McpConnectionRow): Promise<McpOAuthData | undefined> {
  if (!row.oauthEncrypted) return undefined
  const plain = decryptSecret(await secretOf(deps), row.oauthEncrypted, oauthOwnerOf(row.userId, row.id))
  if (plain === undefined)
    throw new AppError(ErrorCode.McpConfigurationError, {
      reason: `The stored authorization of "${row.name}" cannot be read (the server's secret changed): add it again`,
    })
  return JSON.parse(plain) as McpOAuthData
}

const oauthOptions = (deps: Deps) => ({
  allowPrivate: privateNetworkAllowed(deps.config),
  timeoutMs: deps.config.MCP_TIMEOUT_MS,
  now: deps.now().getTime(),
})

/** The headers a request to the service carries: the stored ones, and the OAuth access token (refreshed if due). */
async function authHeaders(deps: Deps, row: McpConnectionRow): Promise<Record<string, string>> {
  const headers = await openHeaders(deps, row)
  const oauth = await openOAuth(deps, row)
  if (!oauth) return headers
  const { data, changed } = await currentTokens(oauth, oauthOptions(deps))
  if (changed)
    await updateMcpConnection(deps.db, row.userId, row.id, {
      oauthEncrypted: await sealOAuth(deps, row.userId, row.id, data),
    })
  return { ...headers, Authorization: `Bearer ${data.tokens!.access_token}` }
}

function targetOf(deps: Deps, row: Pick<McpConnectionRow, "baseUrl" | "transport">, headers: Record<string, string>) {
  return {
    url: row.baseUrl,
    transport: row.transport,
    headers,
    allowPrivate: privateNetworkAllowed(deps.config),
  } satisfies McpTarget
}

function notFound(): AppError {
  return new AppError(ErrorCode.McpUserServiceNotFound)
}

export async function createConnection(deps: Deps, userId: string, input: McpConnectionInput) {
  const name = checkName(input.name)
  const url = checkUrl(input.url)
  const transport = checkTransport(input.transportType)
  const headers = checkHeaders(input.headers, input.bearerToken) ?? {}
  checkEnabled(input.enabled)
  checkAddress(deps, url)
  const max = deps.config.MCP_MAX_CONNECTIONS
  if ((await countMcpConnections(deps.db, userId)) >= max)
    throw new AppError(ErrorCode.InvalidInput, { reason: `At most ${max} MCP services per user` })
  let tools: McpToolInfo[]
  try {
    tools = await listMcpTools(targetOf(deps, { baseUrl: url, transport }, headers), deps.config.MCP_TIMEOUT_MS)
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.McpOAuthError) throw error
    const pending = await beginAuthorization({
      serverUrl: url,
      redirectUrl: oauthRedirectUrl(deps),
      allowPrivate: privateNetworkAllowed(deps.config),
      timeoutMs: deps.config.MCP_TIMEOUT_MS,
    })
    if (!pending) throw error
    const id = newId()
    const now = deps.now()
    await insertMcpConnection(deps.db, {
      id,
      userId,
      name,
      baseUrl: url,
      transport,
      headersEncrypted: await sealHeaders(deps, userId, id, headers),
      enabled: input.enabled !== false,
      tools: null,
      oauthEncrypted: await sealOAuth(deps, userId, id, pending.data),
      oauthStateHash: hashState(pending.state),
      oauthStateExpiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      createdAt: now,
      updatedAt: now,
    })
    return { code: 1 as const, authorizationUrl: pending.authorizationUrl, connectionId: id }
  }
  const id = newId()
  const now = deps.now()
  await insertMcpConnection(deps.db, {
    id,
    userId,
    name,
    baseUrl: url,
    transport,
    headersEncrypted: await sealHeaders(deps, userId, id, headers),
    enabled: input.enabled !== false,
    tools,
    lastRefreshedAt: now,
    createdAt: now,
    updatedAt: now,
  })
  return { code: 0 as const, connectionId: id }
}

export async function updateConnection(deps: Deps, userId: string, id: string, input: McpConnectionInput) {
  const row = await findMcpConnection(deps.db, userId, id)
  if (!row) throw notFound()
  const name = input.name === undefined ? row.name : checkName(input.name)
  const url = input.url === undefined ? row.baseUrl : checkUrl(input.url)
  const transport = input.transportType === undefined ? row.transport : checkTransport(input.transportType)
  checkEnabled(input.enabled)
  const given = checkHeaders(input.headers, input.bearerToken)
  let headers: Record<string, string> | undefined
  if (given) {
    const stored = await openHeaders(deps, row)
    headers = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v === MASKED ? (stored[k] ?? "") : v]))
  }
  if (url !== row.baseUrl) checkAddress(deps, url)
  const now = deps.now()
  const set: Parameters<typeof updateMcpConnection>[3] = { name, updatedAt: now }
  if (typeof input.enabled === "boolean") set.enabled = input.enabled
  // Another address, transport or credentials: reach the service before keeping them, as when adding it.
  if (url !== row.baseUrl || transport !== row.transport || headers) {
    const use = { ...(await authHeaders(deps, row)), ...(headers ?? {}) }
    set.tools = await listMcpTools(targetOf(deps, { baseUrl: url, transport }, use), deps.config.MCP_TIMEOUT_MS)
    Object.assign(set, { baseUrl: url, transport, lastRefreshedAt: now, lastError: null })
    if (headers) set.headersEncrypted = await sealHeaders(deps, userId, id, headers)
  }
  if (!(await updateMcpConnection(deps.db, userId, id, set))) throw notFound()
  return { code: 0 as const, connectionId: id }
}

export async function removeConnection(deps: Deps, userId: string, id: string) {
  if (!(await deleteMcpConnection(deps.db, userId, id))) throw notFound()
}

export async function listConnections(deps: Deps, userId: string) {
  const rows = await listMcpConnections(deps.db, userId)
  return Promise.all(rows.map((row) => connectionInfo(deps, row)))
}

async function connectionInfo(deps: Deps, row: McpConnectionRow) {
  let headerNames: string[] = []
  try {
    headerNames = Object.keys(await openHeaders(deps, row))
  } catch {
    // Unreadable headers show as none; the error says what to do when the service is next used.
  }
  return {
    id: row.id,
    name: row.name,
    transportType: row.transport,
    url: row.baseUrl,
    headers: Object.fromEntries(headerNames.map((n) => [n, MASKED])),
    isConnected: row.tools !== null && row.lastError === null,
    oauth: row.oauthEncrypted !== null,
    authorizationPending: row.oauthStateHash !== null,
    enabled: row.enabled,
    ...(row.lastError ? { lastError: row.lastError } : {}),
    toolCount: row.tools?.length ?? 0,
    resourceCount: 0,
    promptCount: 0,
    createdAt: row.createdAt.toISOString(),
    lastUsed: row.lastUsedAt?.toISOString() ?? null,
    lastRefreshedAt: row.lastRefreshedAt?.toISOString() ?? null,
  }
}

export async function connectionTools(deps: Deps, userId: string, id: string): Promise<McpToolInfo[]> {
  const row = await findMcpConnection(deps.db, userId, id)
  if (!row) throw notFound()
  if (row.tools) return row.tools
  if (row.oauthStateHash) return []
  return (await refreshOne(deps, row)).tools ?? []
}

async function refreshOne(deps: Deps, row: McpConnectionRow) {
  const now = deps.now()
  if (row.oauthStateHash) {
    const e = new AppError(ErrorCode.McpOAuthError, { reason: "Waiting for the service's authorization" })
    return { connectionId: row.id, success: false, error: `${e.message}: ${e.reason}`, code: e.code, tools: undefined }
  }
  try {
    const tools = await listMcpTools(targetOf(deps, row, await authHeaders(deps, row)), deps.config.MCP_TIMEOUT_MS)
    await updateMcpConnection(deps.db, row.userId, row.id, { tools, lastRefreshedAt: now, lastError: null })
    return { connectionId: row.id, success: true, tools }
  } catch (error) {
    const e = error instanceof AppError ? error : new AppError(ErrorCode.McpDiscoveryError)
    const message = e.reason ? `${e.message}: ${e.reason}` : e.message
    await updateMcpConnection(deps.db, row.userId, row.id, { lastRefreshedAt: now, lastError: message })
    deps.log.warn("mcp refresh failed", { connectionId: row.id, code: e.code })
    return { connectionId: row.id, success: false, error: message, code: e.code }
  }
}

export async function refreshTools(deps: Deps, userId: string, ids?: string[]) {
  const rows = await listMcpConnections(deps.db, userId, ids)
  if (ids && rows.length !== new Set(ids).size) throw notFound()
  const results = await Promise.all(rows.map((row) => refreshOne(deps, row)))
  const successful = results.filter((r) => r.success).length
  return {
    total: results.length,
    successful,
    failed: results.length - successful,
    results: results.map(({ tools: _tools, ...r }) => r),
  }
}

function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max)
}

/**
 * What an unattended run (an AI task) learns of its MCP services, by service name: a service whose call failed is
 * left out of the rest of the run (its tools answer at once, so one that hangs costs MCP_TIMEOUT_MS once, not per
 * call), and the run notes the failures under its result.
 */
export type McpRunFailures = Map<string, string>

/** The spec's settings › ai `mcpEnabled` (default false): services are offered to the model only once it is on. */
async function mcpTurnedOn(deps: Deps, userId: string): Promise<boolean> {
  const [ai] = await listSettings(deps.db, userId, ["ai"])
  return ai?.payload.mcpEnabled === true
}

/**
 * The user's enabled MCP tools for a chat (or a task's run, given `failures`), by the names the model calls them
 * (OpenAI allows [A-Za-z0-9_-]{1,64}).
 */
export async function mcpChatTools(deps: Deps, userId: string, failures?: McpRunFailures): Promise<ToolSet> {
  if (!(await mcpTurnedOn(deps, userId))) return {}
  const rows = (await listMcpConnections(deps.db, userId)).filter((r) => r.enabled && r.tools?.length)
  if (!rows.length) return {}
  const { jsonSchema } = await import("ai")
  const tools: ToolSet = {}
  for (const row of rows) {
    const service = slug(row.name, 20) || row.id.slice(0, 8)
    for (const tool of row.tools ?? []) {
      if (Object.keys(tools).length >= MAX_CHAT_TOOLS) return tools
      let key = `mcp_${service}_${tool.name.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64)
      for (let n = 2; key in tools; n++) key = `${key.slice(0, 60)}_${n}`
      const schema = { ...tool.inputSchema, type: "object", properties: tool.inputSchema?.properties ?? {} }
      tools[key] = {
        description: `[MCP service "${row.name}"] ${tool.description ?? tool.title ?? tool.name}`.slice(0, 1000),
        inputSchema: jsonSchema(schema as Parameters<typeof jsonSchema>[0]),
        execute: async (args: unknown) => {
          const failed = failures?.get(row.name)
          if (failed !== undefined) return { error: `Left out of this run after it failed: ${failed}` }
          try {
            return await runTool(deps, userId, row.id, tool.name, (args ?? {}) as Record<string, unknown>)
          } catch (error) {
            if (!(error instanceof AppError)) {
              failures?.set(row.name, "The call failed")
              throw error
            }
            const message = error.reason ? `${error.message}: ${error.reason}` : error.message
            failures?.set(row.name, message)
            return { error: message }
          }
        },
      }
    }
  }
  return tools
}

async function runTool(deps: Deps, userId: string, id: string, name: string, args: Record<string, unknown>) {
  // Read again at the call: the service may have been removed, disabled or re-pointed since the chat began.
  const row = await findMcpConnection(deps.db, userId, id)
  if (!row?.enabled) throw notFound()
  const output = await callMcpTool(
    targetOf(deps, row, await authHeaders(deps, row)),
    name,
    args,
    deps.config.MCP_TIMEOUT_MS,
  )
  await updateMcpConnection(deps.db, userId, id, { lastUsedAt: deps.now() })
  return output
}

export interface OAuthCallbackInput {
  code?: string
  state?: string
  error?: string
  error_description?: string
}

/**
 * The authorization server sent the user back: a state that is unknown, someone else's, used or expired is 16003;
 * a refusal there or a failed code exchange is 16004 (the service then stays unauthorized, to be added again).
 * Success stores the tokens and lists the tools.
 */
export async function finishOAuth(deps: Deps, userId: string, input: OAuthCallbackInput) {
  if (!input.state) throw new AppError(ErrorCode.McpOAuthStateInvalid)
  const row = await findMcpConnectionByState(deps.db, userId, hashState(input.state))
  if (!row?.oauthStateExpiresAt || row.oauthStateExpiresAt.getTime() < deps.now().getTime())
    throw new AppError(ErrorCode.McpOAuthStateInvalid)
  const oauth = await openOAuth(deps, row)
  // The state is used once, whatever happens next.
  const cleared = { oauthStateHash: null, oauthStateExpiresAt: null, updatedAt: deps.now() }
  if (!oauth || input.error || !input.code) {
    const reason = input.error
      ? `The authorization server answered ${input.error}${input.error_description ? `: ${input.error_description}` : ""}`.slice(
          0,
          300,
        )
      : "No authorization code came back"
    await updateMcpConnection(deps.db, userId, row.id, { ...cleared, lastError: reason })
    throw new AppError(ErrorCode.McpTokenExchangeError, { reason })
  }
  let data: McpOAuthData
  try {
    data = await finishAuthorization(oauth, input.code, oauthOptions(deps))
  } catch (error) {
    const e = error as AppError
    await updateMcpConnection(deps.db, userId, row.id, { ...cleared, lastError: `${e.message}: ${e.reason ?? ""}` })
    throw error
  }
  await updateMcpConnection(deps.db, userId, row.id, {
    ...cleared,
    oauthEncrypted: await sealOAuth(deps, userId, row.id, data),
  })
  const stored = await findMcpConnection(deps.db, userId, row.id)
  if (stored) await refreshOne(deps, stored)
  return { connectionId: row.id }
}
