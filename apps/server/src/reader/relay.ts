// The integration relay's outgoing request: any method, the caller's headers and body, under the feed fetcher's SSRF
// rules (reader/guard.ts), with a time-out, no redirects followed and the answer read only up to a cap. Nothing here
// logs: the headers and bodies carry the user's tokens and passwords for the services they save to.
import {
  APP_VERSION,
  RELAY_MAX_ANSWER_BYTES,
  RELAY_TIMEOUT_MS,
  type RelayAnswer,
  type RelayRequest,
} from "@tidings/shared"
import { Agent, request } from "undici"
import { assertPublicHost, guardedLookup } from "./guard.ts"
import { describeNetworkError } from "./network-error.ts"

export interface RelayOptions {
  /** Loopback and private addresses allowed (ALLOW_PRIVATE_NETWORK): a self-hosted service on the LAN. */
  allowPrivate: boolean
  timeoutMs?: number
  maxAnswerBytes?: number
}

/** Why a request could not be relayed; the message names neither the URL nor a header, so it can be shown. */
export class RelayError extends Error {
  override name = "RelayError"
}

const agentOptions = { headersTimeout: RELAY_TIMEOUT_MS, bodyTimeout: RELAY_TIMEOUT_MS, connections: 16 }
const guardedAgent = new Agent({ ...agentOptions, connect: { lookup: guardedLookup } })
const openAgent = new Agent(agentOptions)

// Headers the relay sets itself or that describe the connection rather than the request.
const DROPPED = new Set(["host", "content-length", "connection", "transfer-encoding", "keep-alive", "upgrade", "te"])
// What an answer carries back: enough to read it, follow a created item, and keep a service's login cookie.
const KEPT = ["content-type", "location", "set-cookie"]

export async function relayRequest(input: RelayRequest, options: RelayOptions): Promise<RelayAnswer> {
  const target = URL.canParse(input.url) ? new URL(input.url) : undefined
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:"))
    throw new RelayError("Not an http or https URL")
  const signal = AbortSignal.timeout(options.timeoutMs ?? RELAY_TIMEOUT_MS)
  const headers: Record<string, string> = { "user-agent": `Tidings/${APP_VERSION} (integration relay)` }
  for (const [name, value] of Object.entries(input.headers ?? {}))
    if (!DROPPED.has(name.toLowerCase())) headers[name.toLowerCase()] = value
  try {
    if (!options.allowPrivate) assertPublicHost(target)
    const response = await request(target, {
      method: input.method,
      headers,
      body: input.method === "GET" ? undefined : input.body,
      signal,
      dispatcher: options.allowPrivate ? openAgent : guardedAgent,
    })
    const body = await readCapped(response.body, options.maxAnswerBytes ?? RELAY_MAX_ANSWER_BYTES)
    return { status: response.statusCode, headers: keptHeaders(response.headers), body }
  } catch (error) {
    throw error instanceof RelayError ? error : new RelayError(describeNetworkError(error, "Request failed"))
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > max) {
      body.destroy()
      throw new RelayError(`The service's answer is larger than ${Math.round(max / 1024)} KiB`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString("utf8")
}

function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of KEPT) {
    const value = headers[name]
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value
  }
  return out
}
