// Parsing stage entry point: bytes → text → feedsmith (strict, then lenient) → normalised ParsedFeed.
import {
  type AnyFeed,
  ParseError,
  parseAtomFeed,
  parseFeed,
  parseJsonFeed,
  parseRdfFeed,
  parseRssFeed,
} from "feedsmith"
import {
  declaresNestedEntities,
  escapeCommentsInCdata,
  rootElementName,
  stripDoctype,
  stripLeadingJunk,
} from "./compat.ts"
import { decodeFeedBytes } from "./decode.ts"
import { rewriteLegacy } from "./legacy.ts"
import { normalizeFeed } from "./normalize.ts"
import { FeedParseError, type ParsedFeed, type ParseInput } from "./types.ts"
import { documentBase } from "./urls.ts"

/** Parses one fetched document; throws FeedParseError when it is not a feed we can read. */
export function parseFeedDocument(bytes: Uint8Array, input: ParseInput): ParsedFeed {
  const base = documentBase(input.url, input.contentLocation)
  const text = stripLeadingJunk(decodeFeedBytes(bytes, input.contentType))
  const result = text.startsWith("{") ? parseJson(text) : parseXml(text)
  return normalizeFeed(result, base)
}

// Anything feedsmith throws means "not readable as this format": its own errors, and RangeErrors or TypeErrors
// that hostile or broken documents can provoke deep inside it. Either way ingestion should see FeedParseError.
function notAFeed(message: string, cause: unknown): FeedParseError {
  return new FeedParseError(message, { cause })
}

function parseJson(text: string): AnyFeed {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new FeedParseError("Invalid JSON")
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new FeedParseError("Not a JSON Feed")
  const obj = json as Record<string, unknown>
  // JSON Feeds without a version (or with an odd one) are still feeds when they carry an items array
  const lenient = Array.isArray(obj.items) ? { ...obj, version: "https://jsonfeed.org/version/1.1" } : obj
  try {
    return { format: "json", feed: parseJsonFeed(lenient) }
  } catch (e) {
    throw notAFeed("Not a JSON Feed", e)
  }
}

type XmlFormat = "rss" | "atom" | "rdf"

const ROOTS: Record<string, XmlFormat> = { rss: "rss", channel: "rss", feed: "atom", rdf: "rdf" }

function rootFormat(xml: string): { name: string | null; format: XmlFormat | null } {
  const name = rootElementName(xml)
  const local = name?.slice(name.indexOf(":") + 1) ?? null
  return { name, format: local ? (ROOTS[local] ?? null) : null }
}

function parseXml(text: string): AnyFeed {
  if (declaresNestedEntities(text)) throw new FeedParseError("Refused: the document declares nested entities")
  const doc = stripDoctype(text)
  const root = rootFormat(doc)
  if (root.name === "html" || root.name?.endsWith(":html")) throw new FeedParseError("An HTML page, not a feed")
  const xml = escapeCommentsInCdata(rewriteLegacy(doc, root.format))
  try {
    return parseFeed(xml)
  } catch (e) {
    if (!root.format) throw notAFeed("Not a feed (unrecognised document)", e)
  }
  return parseLeniently(xml, root.format)
}

const PARSERS = {
  rss: (xml: string): AnyFeed => ({ format: "rss", feed: parseRssFeed(xml) }),
  atom: (xml: string): AnyFeed => ({ format: "atom", feed: parseAtomFeed(xml) }),
  rdf: (xml: string): AnyFeed => ({ format: "rdf", feed: parseRdfFeed(xml) }),
}

/**
 * Second chance for documents whose root says "feed" but which strict detection or mapping rejected:
 * a bare <channel> root, a wrong default namespace on the root, or a feed with nothing feedsmith recognises.
 */
function parseLeniently(xml: string, format: XmlFormat): AnyFeed {
  let recognised = false
  let failure: unknown
  for (const candidate of repairs(xml)) {
    try {
      return PARSERS[format](candidate)
    } catch (e) {
      // ParseError: well-formed and detected, but holding nothing we map; that is an empty feed, not junk
      recognised ||= e instanceof ParseError
      failure = e
    }
  }
  if (recognised) return emptyFeed(format)
  throw notAFeed(`Malformed ${format} document`, failure)
}

function* repairs(xml: string): Generator<string> {
  const start = xml.search(/<[A-Za-z_]/)
  const end = start < 0 ? -1 : xml.indexOf(">", start)
  if (end < 0) return
  const rootTag = xml.slice(start, end + 1)
  const body = /^<channel\b/i.test(rootTag) ? `<rss version="2.0">${xml.slice(start)}</rss>` : xml
  yield body
  // a default namespace the format does not expect turns every element into "ns:element"
  const bare = rootTag.replace(/\sxmlns\s*=\s*(["'])[^"']*\1/, "")
  if (bare !== rootTag) yield body.replace(rootTag, bare)
  const closed = closeTruncated(body)
  if (closed) yield closed
}

const ENTRY_END = /<\/(?:[\w-]+:)?(?:item|entry)\s*>/gi

/** A download cut short: keep every complete item/entry and close the elements still open around them. */
function closeTruncated(xml: string): string | null {
  const root = /<([\w:.-]+)/.exec(xml.slice(xml.search(/<[A-Za-z_]/)))?.[1]
  if (!root || new RegExp(`</${root}\\s*>\\s*$`).test(xml)) return null
  let last = -1
  for (const m of xml.matchAll(ENTRY_END)) last = m.index + m[0].length
  if (last < 0) return null
  const cut = xml.slice(0, last)
  const openChannel = /<(?:[\w-]+:)?channel\b/i.test(cut) && !/<\/(?:[\w-]+:)?channel\s*>/i.test(cut)
  return `${cut}${openChannel ? "</channel>" : ""}</${root}>`
}

function emptyFeed(format: XmlFormat): AnyFeed {
  if (format === "atom") return { format, feed: { entries: [] } }
  return { format, feed: { title: undefined, link: undefined, description: undefined, items: [] } }
}
