// WebSub (W3C, PubSubHubbub 0.4) on the subscriber's side, the parts that touch no database: finding a feed's hub
// and topic, checking a pushed body's signature, and sending a (un)subscription request to a hub under the SSRF
// rules every server-side call follows.
import { createHmac, timingSafeEqual } from "node:crypto"
import { APP_VERSION } from "@tidings/shared"
import { Agent, request } from "undici"
import { assertPublicHost, guardedLookup } from "./guard.ts"
import { describeNetworkError } from "./network-error.ts"

export interface HubLink {
  hub: string
  /** What the hub knows the feed as: rel="self" when given, else the URL it was fetched from. */
  topic: string
}

/** `<url>; rel="hub"` entries of HTTP Link headers, by relation (lower case), URLs resolved against `base`. */
export function parseLinkHeaders(values: string[], base: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const value of values) {
    for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
      const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? "")
      const url = URL.canParse(match[1]!, base) ? new URL(match[1]!, base).href : undefined
      if (!rel || !url) continue
      for (const name of (rel[1] ?? rel[2] ?? "").toLowerCase().split(/\s+/).filter(Boolean)) {
        found.set(name, [...(found.get(name) ?? []), url])
      }
    }
  }
  return found
}

/**
 * The hub to subscribe at: HTTP Link headers first (the spec's order), then the document's own links. Only http(s)
 * hubs count; the first one named is used.
 */
export function discoverHub(
  fetched: { url: string; links: string[] },
  document: { hubs?: string[]; selfUrl?: string | null },
): HubLink | null {
  const headers = parseLinkHeaders(fetched.links, fetched.url)
  const web = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined)
  const hub = [...(headers.get("hub") ?? []), ...(document.hubs ?? [])].find(web)
  if (!hub) return null
  const topic = web(headers.get("self")?.[0]) ?? web(document.selfUrl) ?? fetched.url
  return { hub, topic }
}

const ALGORITHMS = new Set(["sha1", "sha256", "sha384", "sha512"])

/** X-Hub-Signature: "<method>=<hex HMAC of the body with the subscription's secret>", compared in constant time. */
export function signatureMatches(header: string | undefined, body: Uint8Array, secret: string): boolean {
  const match = /^\s*(sha1|sha256|sha384|sha512)=([0-9a-f]+)\s*$/i.exec(header ?? "")
  if (!match || !ALGORITHMS.has(match[1]!.toLowerCase())) return false
  const expected = createHmac(match[1]!.toLowerCase(), secret).update(body).digest()
  const given = Buffer.from(match[2]!.toLowerCase(), "hex")
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export interface HubRequestOptions {
  allowPrivate: boolean
  timeoutMs?: number
  siteUrl?: string
}

/** A refused or failed hub request; the message names no secret (the form carries one). */
export class HubRequestError extends Error {
  override name = "HubRequestError"
}

const TIMEOUT_MS = 15_000
const MAX_ANSWER_BYTES = 4096
const agentOptions = { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, connections: 8 }
const guardedAgent = new Agent({ ...agentOptions, connect: { lookup: guardedLookup } })
const openAgent = new Agent(agentOptions)

/** POSTs a form to a hub; resolves with a 2xx status (202 Accepted, or 204 from a hub that verified already). */
export async function postToHub(hub: string, form: Record<string, string>, options: HubRequestOptions) {
  const target = URL.canParse(hub) ? new URL(hub) : undefined
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:"))
    throw new HubRequestError("The hub is not an http or https URL")
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)
  try {
    if (!options.allowPrivate) assertPublicHost(target)
    const response = await request(target, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": `Tidings/${APP_VERSION} (feed reader${options.siteUrl ? `; +${options.siteUrl}` : ""})`,
      },
      body: new URLSearchParams(form).toString(),
      signal,
      dispatcher: options.allowPrivate ? openAgent : guardedAgent,
    })
    const answer = await readSome(response.body)
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const said = answer.slice(0, 200).replace(/\s+/g, " ").trim()
      throw new HubRequestError(`The hub answered HTTP ${response.statusCode}${said ? `: ${said}` : ""}`)
    }
    return response.statusCode
  } catch (error) {
    throw error instanceof HubRequestError
      ? error
      : new HubRequestError(describeNetworkError(error, "Hub request failed"))
  }
}

/** The start of a hub's answer (its reason for refusing), never more than MAX_ANSWER_BYTES. */
async function readSome(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body) {
      chunks.push(chunk)
      size += chunk.length
      if (size >= MAX_ANSWER_BYTES) break
    }
  } catch {
    // an answer cut short still has its status
  }
  body.destroy()
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString("utf8")
}
