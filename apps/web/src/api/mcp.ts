// /mcp: the user's MCP services (Settings › AI › MCP services). Adding or re-pointing a service makes the server
// connect to it and list its tools, which may take up to MCP_TIMEOUT_MS (30 s); a service behind OAuth answers
// code 1 with the URL where the user authorizes Tidings.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export type McpTransport = "streamable-http" | "sse"

export interface McpConnection {
  id: string
  name: string
  transportType: McpTransport
  url: string
  /** Header names, each value masked ("********"); sent back unchanged, a value keeps the stored one. */
  headers: Record<string, string>
  isConnected: boolean
  enabled: boolean
  lastError?: string
  toolCount: number
  /** Authorized with OAuth (tokens stored on the server). */
  oauth?: boolean
  /** Waiting for the user to finish the authorization at the service. */
  authorizationPending?: boolean
  createdAt: string
  lastUsed: string | null
  lastRefreshedAt: string | null
}

export interface McpTool {
  name: string
  title?: string
  description?: string
}

export interface McpConnectionInput {
  name: string
  transportType: McpTransport
  url: string
  headers?: Record<string, string>
}

export interface McpSaveResult {
  code: 0 | 1
  authorizationUrl?: string
  connectionId: string
}

export interface McpRefreshResult {
  total: number
  successful: number
  failed: number
  results: { connectionId: string; success: boolean; error?: string }[]
}

/** Connecting to a service and listing its tools: the server's MCP_TIMEOUT_MS and a little more. */
const MCP_TIMEOUT_MS = 45_000

export async function listMcpConnections(signal?: AbortSignal): Promise<McpConnection[]> {
  return (await request<Ok<McpConnection[]>>("/mcp/connections", { signal })).data
}

export function createMcpConnection(input: McpConnectionInput): Promise<McpSaveResult> {
  return request<McpSaveResult>("/mcp/connections", {
    method: "POST",
    body: input,
    timeout: MCP_TIMEOUT_MS,
    quiet: true,
  })
}

export function updateMcpConnection(id: string, input: Partial<McpConnectionInput>): Promise<McpSaveResult> {
  return request<McpSaveResult>(`/mcp/connections/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: input,
    timeout: MCP_TIMEOUT_MS,
    quiet: true,
  })
}

export async function deleteMcpConnection(id: string): Promise<void> {
  await request(`/mcp/connections/${encodeURIComponent(id)}`, { method: "DELETE" })
}

export async function listMcpTools(id: string, signal?: AbortSignal): Promise<McpTool[]> {
  const answer = await request<Ok<McpTool[]>>(`/mcp/connections/${encodeURIComponent(id)}/tools`, {
    signal,
    timeout: MCP_TIMEOUT_MS,
  })
  return answer.data
}

export async function refreshMcpTools(connectionIds?: string[]): Promise<McpRefreshResult> {
  const answer = await request<Ok<McpRefreshResult>>("/mcp/tools/refresh", {
    method: "POST",
    body: connectionIds ? { connectionIds } : {},
    timeout: MCP_TIMEOUT_MS,
    quiet: true,
  })
  return answer.data
}
