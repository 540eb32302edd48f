// What the parsing stage hands to ingestion: one feed document, normalised, with sanitised HTML.
import type { Attachment, EntryExtra, Media } from "@tidings/shared"

export interface ParsedEntry {
  /** Stable identity within the feed: guid, else link, else the first enclosure URL, else a hash of title+content. */
  guid: string
  /** Plain text (entities decoded, markup of HTML-typed titles removed). */
  title: string | null
  url: string | null
  /** Sanitised HTML with absolute URLs. */
  content: string | null
  /** Plain-text summary. */
  description: string | null
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  /** Null when the document gives no plausible date; ingestion then uses the fetch time. */
  publishedAt: Date | null
  updatedAt: Date | null
  categories: string[] | null
  media: Media[] | null
  attachments: Attachment[] | null
  extra: EntryExtra | null
  language: string | null
}

export interface ParsedFeed {
  format: "rss" | "atom" | "rdf" | "json"
  /** Plain text. */
  title: string | null
  siteUrl: string | null
  /** Plain text. */
  description: string | null
  /** The same description as sanitised HTML with absolute URLs (plain-text sources are HTML-escaped). */
  descriptionHtml: string | null
  image: string | null
  language: string | null
  updatedAt: Date | null
  /** RSS <ttl> in minutes, when given. */
  ttlMinutes: number | null
  /** WebSub hubs the document names (Atom / atom:link rel="hub", JSON Feed hubs), absolute. */
  hubs?: string[]
  /** The document's own URL as it states it (rel="self", JSON Feed feed_url): the WebSub topic. */
  selfUrl?: string | null
  /** Entries in document order. */
  entries: ParsedEntry[]
}

export interface ParseInput {
  /** The document URL after redirects: the base for relative links. */
  url: string
  /** The Content-Type header, which may carry a charset. */
  contentType?: string | null
  /** The Content-Location header, which may override the base URL. */
  contentLocation?: string | null
}

/** Raised when a document is not a feed we can read; ingestion records it as error 2004. */
export class FeedParseError extends Error {
  override name = "FeedParseError"
}
