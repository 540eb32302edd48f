// Fetches a feed document: conditional GET, capped redirects (each hop checked by the SSRF guard), a time-out,
// decompression, and a size cap enforced while the body streams in.
import type { Readable } from "node:stream"
import zlib from "node:zlib"
import { APP_VERSION } from "@tidings/shared"
import { Agent, request } from "undici"
import { assertPublicHost, guardedLookup } from "./guard.ts"

export interface FetchOptions {
  etag?: string | null
  lastModified?: string | null
  allowPrivate: boolean
  timeoutMs: number
  maxBytes: number
  /** The product's public URL, named in the User-Agent so publishers can reach us. */
  siteUrl?: string
  /** What to ask for; feeds by default. */
  accept?: string
  /** An origin the operator configured (their RSSHub instance): reachable even on a private address. */
  trustedOrigin?: string
}

export interface FetchedDocument {
  status: "ok"
  url: string
  body: Uint8Array
  contentType: string | null
  contentLocation: string | null
  etag: string | null
  lastModified: string | null
  cacheControl: string | null
  /** Set when a permanent redirect (301/308) moved the feed. */
  movedTo: string | null
  /** The HTTP Link header values (WebSub discovery: rel="hub", rel="self"). */
  links: string[]
}

export type FetchResult = FetchedDocument | { status: "not-modified"; url: string }

export class FeedFetchError extends Error {
  override name = "FeedFetchError"
  constructor(
    message: string,
    readonly httpStatus?: number,
    readonly retryAfter?: string | null,
  ) {
    super(message)
  }
}

const MAX_REDIRECTS = 5
const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"
export const HTML_ACCEPT = "text/html, application/xhtml+xml;q=0.9, */*;q=0.8"
const agentOptions = { headersTimeout: 20_000, bodyTimeout: 20_000, connections: 64 }
const guardedAgent = new Agent({ ...agentOptions, connect: { lookup: guardedLookup } })
const openAgent = new Agent(agentOptions)

export async function fetchDocument(url: string, options: FetchOptions): Promise<FetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let current = new URL(url)
  let movedTo: string | null = null
  let permanentSoFar = true
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await send(current, options, signal)
    const { statusCode, headers } = response
    if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
      await response.body.dump()
      const location = header(headers, "location")
      if (!location) throw new FeedFetchError(`Redirect ${statusCode} without a location`, statusCode)
      permanentSoFar &&= statusCode === 301 || statusCode === 308
      current = new URL(location, current)
      if (permanentSoFar) movedTo = current.href
      continue
    }
    if (statusCode === 304) {
      await response.body.dump()
      return { status: "not-modified", url: current.href }
    }
    if (statusCode >= 400) {
      await response.body.dump()
      throw new FeedFetchError(`HTTP ${statusCode}`, statusCode, header(headers, "retry-after"))
    }
    const body = await readBody(response.body, header(headers, "content-encoding"), options.maxBytes, signal)
    return {
      status: "ok",
      url: current.href,
      body,
      contentType: header(headers, "content-type"),
      contentLocation: header(headers, "content-location"),
      etag: header(headers, "etag"),
      lastModified: header(headers, "last-modified"),
      cacheControl: header(headers, "cache-control"),
      movedTo,
      links: headerValues(headers, "link"),
    }
  }
  throw new FeedFetchError(`Too many redirects (more than ${MAX_REDIRECTS})`)
}

async function send(url: URL, options: FetchOptions, signal: AbortSignal) {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FeedFetchError(`Unsupported URL scheme ${url.protocol}`)
  const allowPrivate = options.allowPrivate || url.origin === options.trustedOrigin
  if (!allowPrivate) {
    try {
      assertPublicHost(url)
    } catch (error) {
      throw new FeedFetchError(describe(error))
    }
  }
  const headers: Record<string, string> = {
    "user-agent": `Tidings/${APP_VERSION} (feed reader${options.siteUrl ? `; +${options.siteUrl}` : ""})`,
    accept: options.accept ?? FEED_ACCEPT,
    "accept-encoding": "gzip, deflate, br",
  }
  if (options.etag) headers["if-none-match"] = options.etag
  if (options.lastModified) headers["if-modified-since"] = options.lastModified
  try {
    return await request(url, {
      method: "GET",
      headers,
      signal,
      dispatcher: allowPrivate ? openAgent : guardedAgent,
    })
  } catch (error) {
    throw new FeedFetchError(describe(error))
  }
}

const BODY_TURN_BYTES = 2 * 1024 * 1024

async function readBody(body: Readable, encoding: string | null, maxBytes: number, signal: AbortSignal) {
  const stream = decompress(body, encoding)
  const chunks: Buffer[] = []
  let size = 0
  let sinceTurn = 0
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length
      if (size > maxBytes) throw new FeedFetchError(`Response larger than ${maxBytes} bytes`)
      chunks.push(chunk as Buffer)
      if (signal.aborted) throw new FeedFetchError("Timed out")
      // A large body already buffered on loopback arrives chunk after chunk in microtasks: a turn of the event loop
      // every 2 MiB keeps other requests from waiting for all of it.
      sinceTurn += (chunk as Buffer).length
      if (sinceTurn >= BODY_TURN_BYTES) {
        sinceTurn = 0
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
  } catch (error) {
    body.destroy()
    stream.destroy()
    if (error instanceof FeedFetchError) throw error
    throw new FeedFetchError(describe(error))
  }
  // Copied into one buffer 2 MiB per turn, for the same reason (memory copies at about 300 MB/s on a small box).
  const bytes = new Uint8Array(size)
  let offset = 0
  sinceTurn = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
    sinceTurn += chunk.length
    if (sinceTurn >= BODY_TURN_BYTES) {
      sinceTurn = 0
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return bytes
}

function decompress(body: Readable, encoding: string | null): Readable {
  const inflate = inflater(encoding)
  if (!inflate) return body
  // pipe() does not forward errors: an aborted body must fail the inflater, not go unhandled.
  body.on("error", (error) => inflate.destroy(error))
  return body.pipe(inflate)
}

function inflater(encoding: string | null) {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip()
    case "deflate":
      return zlib.createInflate()
    case "br":
      return zlib.createBrotliDecompress()
    default:
      return undefined
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? null
}

function headerValues(headers: Record<string, string | string[] | undefined>, name: string): string[] {
  const value = headers[name]
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

/** A short, secret-free description of a network failure for the feed's error message. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "Fetch failed"
  const cause = (error as Error & { cause?: Error }).cause
  if (error.name === "TimeoutError" || error.name === "AbortError" || /timeout/i.test(error.name)) return "Timed out"
  if (error.name === "BlockedAddressError") return error.message
  if (cause?.name === "BlockedAddressError") return cause.message
  const code = (error as Error & { code?: string }).code ?? (cause as Error & { code?: string })?.code
  if (code === "ENOTFOUND") return "Host not found"
  if (code === "ECONNREFUSED") return "Connection refused"
  if (code === "ECONNRESET") return "Connection reset"
  return code ? `Fetch failed (${code})` : error.message || "Fetch failed"
}
