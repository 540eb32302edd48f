// fetch → decode → parse → normalise → sanitise: one feed URL in, one parsed document (or "not modified") out.
// Parsing and the per-entry work (dating, the per-fetch cap, row serialisation) run on the parsing thread, so the
// event loop only receives the rows to store, however many items the document holds.
import { decodeHtmlBytes } from "./decode.ts"
import type { PrepareOptions } from "./entry-rows.ts"
import { type FetchedDocument, type FetchOptions, fetchDocument } from "./fetch.ts"
import { looksLikeHtml } from "./html.ts"
import type { FeedParser, IngestDocument } from "./parser.ts"

export type PipelineResult =
  | { kind: "not-modified"; url: string }
  | ({ kind: "ok"; document: Omit<FetchedDocument, "body"> } & IngestDocument)
  | { kind: "html"; document: Omit<FetchedDocument, "body">; html: string }

export interface PipelineOptions {
  /** How the entries become rows: their arrival time and the per-fetch cap. */
  prepare: PrepareOptions
  /** An HTML page comes back as such (for feed auto-discovery) instead of failing to parse. */
  allowHtml?: boolean
}

/** Fetches a feed and parses it for storing: the entries come back as prepared rows. */
export async function fetchAndParse(
  url: string,
  options: FetchOptions,
  parser: FeedParser,
  { prepare, allowHtml = false }: PipelineOptions,
): Promise<PipelineResult> {
  const fetched = await fetchDocument(url, options)
  if (fetched.status === "not-modified") return { kind: "not-modified", url: fetched.url }
  const { body, ...document } = fetched
  if (allowHtml && isHtml(body, fetched.contentType)) {
    return { kind: "html", document, html: decodeHtmlBytes(body, fetched.contentType) }
  }
  const input = { url: fetched.url, contentType: fetched.contentType, contentLocation: fetched.contentLocation }
  return { kind: "ok", document, ...(await parser.parseForIngest(body, input, prepare)) }
}

function isHtml(body: Uint8Array, contentType: string | null): boolean {
  if (contentType && /^\s*text\/html/i.test(contentType)) return true
  return looksLikeHtml(Buffer.from(body.subarray(0, 1024)).toString("latin1"))
}
