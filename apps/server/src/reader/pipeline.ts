// fetch → decode → parse → normalise → sanitise: one feed URL in, one parsed document (or "not modified") out.
import { decodeHtmlBytes } from "./decode.ts"
import { type FetchedDocument, type FetchOptions, fetchDocument } from "./fetch.ts"
import { looksLikeHtml } from "./html.ts"
import type { FeedParser, IngestDocument } from "./parser.ts"
import type { ParsedFeed } from "./types.ts"

export type PipelineResult =
  | { kind: "not-modified"; url: string }
  | { kind: "ok"; document: Omit<FetchedDocument, "body">; feed: ParsedFeed }
  | { kind: "html"; document: Omit<FetchedDocument, "body">; html: string }

/**
 * Fetches and parses a feed. With `allowHtml`, an HTML page comes back as such (for feed auto-discovery) instead
 * of failing to parse.
 */
export async function fetchAndParse(
  url: string,
  options: FetchOptions,
  parser: FeedParser,
  { allowHtml = false }: { allowHtml?: boolean } = {},
): Promise<PipelineResult> {
  const fetched = await fetchDocument(url, options)
  if (fetched.status === "not-modified") return { kind: "not-modified", url: fetched.url }
  const { body, ...document } = fetched
  if (allowHtml && isHtml(body, fetched.contentType)) {
    return { kind: "html", document, html: decodeHtmlBytes(body, fetched.contentType) }
  }
  const feed = await parser.parse(body, {
    url: fetched.url,
    contentType: fetched.contentType,
    contentLocation: fetched.contentLocation,
  })
  return { kind: "ok", document, feed }
}

export type IngestFetchResult =
  | { kind: "not-modified"; url: string }
  | ({ kind: "ok"; document: Omit<FetchedDocument, "body"> } & IngestDocument)

/** Fetches a feed and parses it for storing at `now`: the entries come back as prepared rows (the refresh path). */
export async function fetchForIngest(
  url: string,
  options: FetchOptions,
  parser: FeedParser,
  now: Date,
): Promise<IngestFetchResult> {
  const fetched = await fetchDocument(url, options)
  if (fetched.status === "not-modified") return { kind: "not-modified", url: fetched.url }
  const { body, ...document } = fetched
  const input = { url: fetched.url, contentType: fetched.contentType, contentLocation: fetched.contentLocation }
  return { kind: "ok", document, ...(await parser.parseForIngest(body, input, now)) }
}

function isHtml(body: Uint8Array, contentType: string | null): boolean {
  if (contentType && /^\s*text\/html/i.test(contentType)) return true
  return looksLikeHtml(Buffer.from(body.subarray(0, 1024)).toString("latin1"))
}
