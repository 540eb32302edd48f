// The MCP client: one short-lived connection per operation (list the tools, call one), over streamable HTTP or SSE,
// every request through the SSRF guard. The SDK is imported only when a service is actually reached, so a server
// whose users have no MCP services never loads it. Failures become the catalogue's MCP errors: refused credentials
// 16000, nothing at the URL 16002, anything else on the way (unreachable, not MCP, too slow) 16001; a tool that
// fails 16007. Header values never appear in an error or a log line.
import { AppError, ErrorCode } from "../errors.ts"
import type { McpToolInfo } from "../storage/schema.ts"
import { guardedFetch } from "./guarded-fetch.ts"

export type McpTransport = "streamable-http" | "sse"

export interface McpTarget {
  url: string
  transport: McpTransport
  headers: Record<string, string>
  allowPrivate: boolean
}

/** Pages of tools/list read at most (a service listing more is cut there). */
const MAX_TOOL_PAGES = 10
const MAX_REASON = 300

interface Session {
  client: import("@modelcontextprotocol/sdk/client/index.js").Client
  /** The last HTTP status a request of this session got, to tell refused credentials from a missing service. */
  status(): number | undefined
}

async function open(target: McpTarget, signal: AbortSignal, timeoutMs: number): Promise<Session> {
  const [{ Client }, { StreamableHTTPClientTransport }, { SSEClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/client/sse.js"),
  ])
  const guarded = guardedFetch({ allowPrivate: target.allowPrivate })
  let status: number | undefined
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const signals = [signal, init?.signal].filter((s): s is AbortSignal => !!s)
    const response = await guarded(input, { ...init, signal: AbortSignal.any(signals) })
    status = response.status
    return response
  }) as typeof globalThis.fetch
  const url = new URL(target.url)
  const requestInit: RequestInit = { headers: target.headers }
  const transport =
    target.transport === "sse"
      ? new SSEClientTransport(url, { fetch, requestInit, eventSourceInit: { fetch } })
      : new StreamableHTTPClientTransport(url, { fetch, requestInit })
  const client = new Client({ name: "tidings", version: "0.7.0" })
  await client.connect(transport, { signal, timeout: timeoutMs })
  return { client, status: () => status }
}

function failure(error: unknown, status: number | undefined, signal: AbortSignal, timeoutMs: number): AppError {
  if (error instanceof AppError) return error
  const name = (error as Error)?.name
  if (status === 401 || status === 403 || name === "UnauthorizedError")
    return new AppError(ErrorCode.McpOAuthError, {
      reason: `The service refused the request (HTTP ${status ?? 401}): check its bearer token or headers`,
    })
  if (status === 404)
    return new AppError(ErrorCode.McpServiceNotFound, { reason: "Nothing answers at this URL (HTTP 404)" })
  if (signal.aborted) return new AppError(ErrorCode.McpDiscoveryError, { reason: `No answer within ${timeoutMs} ms` })
  return new AppError(ErrorCode.McpDiscoveryError, { reason: reasonOf(error) })
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } })?.cause
  const text = [(error as Error)?.message, cause?.code ?? cause?.message].filter(Boolean).join(": ") || String(error)
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text
}

/** Connects, runs `work`, and always closes; failures become MCP errors. */
async function withSession<T>(
  target: McpTarget,
  timeoutMs: number,
  work: (s: Session, signal: AbortSignal) => Promise<T>,
) {
  const signal = AbortSignal.timeout(timeoutMs)
  let session: Session | undefined
  try {
    session = await open(target, signal, timeoutMs)
    return await work(session, signal)
  } catch (error) {
    throw failure(error, session?.status() ?? lastStatusOf(error), signal, timeoutMs)
  } finally {
    await session?.client.close().catch(() => {})
  }
}

/** The HTTP status a transport error carries (StreamableHTTPError, SseError), when the connection never opened. */
function lastStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code
  return typeof code === "number" && code >= 100 && code < 600 ? code : undefined
}

export async function listMcpTools(target: McpTarget, timeoutMs: number): Promise<McpToolInfo[]> {
  return withSession(target, timeoutMs, async ({ client }, signal) => {
    const tools: McpToolInfo[] = []
    let cursor: string | undefined
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const answer = await client.listTools(cursor ? { cursor } : undefined, { signal, timeout: timeoutMs })
      for (const t of answer.tools) {
        tools.push({
          name: t.name,
          ...(t.title ? { title: t.title } : {}),
          ...(t.description ? { description: t.description } : {}),
          inputSchema: t.inputSchema as McpToolInfo["inputSchema"],
          ...(t.outputSchema ? { outputSchema: t.outputSchema as McpToolInfo["outputSchema"] } : {}),
          ...(t.annotations ? { annotations: t.annotations as Record<string, unknown> } : {}),
        })
      }
      cursor = answer.nextCursor
      if (!cursor) break
    }
    return tools
  })
}

export interface McpToolOutput {
  text: string
  structuredContent?: unknown
}

/** Calls one tool; a result the service marks as an error is 16007 with its text. */
export async function callMcpTool(
  target: McpTarget,
  name: string,
  args: Record<string, unknown>,
  timeoutMs: number,
): Promise<McpToolOutput> {
  let result: Awaited<ReturnType<Session["client"]["callTool"]>>
  try {
    result = await withSession(target, timeoutMs, ({ client }, signal) =>
      client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs }),
    )
  } catch (error) {
    const e = error as AppError
    throw new AppError(ErrorCode.McpToolExecutionError, { reason: e.reason ?? e.message })
  }
  const text = ((result.content ?? []) as { type: string; text?: string }[])
    .filter((c) => c.type === "text")
    .map((c) => c.text ?? "")
    .join("\n")
  if (result.isError) throw new AppError(ErrorCode.McpToolExecutionError, { reason: text.slice(0, MAX_REASON) || name })
  return { text, ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}) }
}
