// Turns format-specific drafts into ParsedFeed/ParsedEntry: sanitising, plain-text summaries, identity, dates.
import type { Attachment, Media } from "@tidings/shared"
import type { AnyFeed } from "feedsmith"
import { type DateCandidates, firstDate } from "./dates.ts"
import { collectAttachments, collectMedia, type MediaSources } from "./media.ts"
import { atomDraft } from "./normalize-atom.ts"
import { jsonDraft } from "./normalize-json.ts"
import { rssDraft } from "./normalize-rss.ts"
import { type SanitizedFragment, sanitizeFragment } from "./sanitize.ts"
import {
  collapseWhitespace,
  inertText,
  plainText,
  type RichText,
  stableHash,
  textToHtml,
  trimDescription,
} from "./text.ts"
import type { ParsedEntry, ParsedFeed } from "./types.ts"

/** What a format mapper knows about an entry before sanitising and fallbacks. URLs are already absolute. */
export interface EntryDraft {
  guid: string | null
  title: RichText | null
  url: string | null
  content: RichText | null
  summary: RichText | null
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  /** Date values in order of preference; the first that parses wins. */
  published: DateCandidates
  updated: DateCandidates
  categories: string[]
  media: MediaSources
  /** JSON Feed supplies attachments directly; otherwise they come from media.enclosures. */
  attachments?: Attachment[]
  /** Images the format names explicitly (JSON Feed image/banner_image). */
  images?: Media[]
  language: string | null
}

export interface FeedDraft {
  format: ParsedFeed["format"]
  title: RichText | null
  siteUrl: string | null
  description: RichText | null
  image: string | null
  language: string | null
  updated: DateCandidates
  ttl: number | null
  /** WebSub: the hubs named and the rel="self" URL, absolute. */
  hubs?: string[]
  selfUrl?: string | null
  entries: EntryDraft[]
}

/** Maps a feedsmith result onto our model; base is the document URL after Content-Location. */
export function normalizeFeed(result: AnyFeed, base: string): ParsedFeed {
  switch (result.format) {
    case "rss":
    case "rdf":
      return finishFeed(rssDraft(result.feed, result.format, base))
    case "atom":
      return finishFeed(atomDraft(result.feed, base))
    case "json":
      return finishFeed(jsonDraft(result.feed, base))
  }
}

/** Plain-text content keeps its paragraphs and line breaks when shown as HTML. */
function plainTextToHtml(text: string): string {
  const paragraphs = text.trim().split(/\n\s*\n/)
  if (paragraphs.length === 1 && !paragraphs[0].includes("\n")) return textToHtml(paragraphs[0])
  return paragraphs.map((p) => `<p>${textToHtml(p.trim()).replace(/\s*\n\s*/g, "<br />")}</p>`).join("")
}

const EMPTY: SanitizedFragment = { html: "", text: "", images: [] }

/** Sanitises once; text values are escaped instead (no markup, no images to find). */
function render(t: RichText | null, withText: boolean): SanitizedFragment | null {
  if (!t) return null
  if (!t.html) {
    const text = collapseWhitespace(t.value)
    return text ? { html: plainTextToHtml(t.value), text, images: [] } : null
  }
  const out = sanitizeFragment(t.value, t.base, { xml: t.xml, withText })
  return out.html.trim() ? out : EMPTY
}

/** Content (the summary's markup when there is no content), rendered once, and the plain-text description. */
function contentAndDescription(d: EntryDraft): { content: SanitizedFragment | null; description: string | null } {
  const source = d.content ?? d.summary
  const describedBySummary = d.summary !== null && d.summary !== source
  const content = render(source, !describedBySummary)
  const description = describedBySummary ? plainText(d.summary) : inertText(content?.text, false)
  return { content, description: trimDescription(description) }
}

function categoryList(raw: string[]): string[] | null {
  const names = new Set(raw.map((c) => inertText(c, false)).filter((c): c is string => !!c))
  return names.size ? [...names] : null
}

/**
 * Identity of an entry with no guid, link or media: a hash of everything it carries. Title and text alone made every
 * item that has only an author, or only the same empty description, one entry; ingest then kept the first.
 */
function draftHash(d: EntryDraft, title: string | null): string {
  const text = d.content?.value ?? d.summary?.value
  const extra = [d.author, ...d.published, ...d.updated].filter((part) => part?.trim())
  // entries identified by title and text alone before keep that identity
  return extra.length ? stableHash(title, text, ...extra) : stableHash(title, text)
}

function finishEntry(d: EntryDraft, feedLanguage: string | null): ParsedEntry {
  const { content, description } = contentAndDescription(d)
  const published = firstDate(d.published)
  const updated = firstDate(d.updated)
  const title = plainText(d.title)
  const attachments = d.attachments ?? collectAttachments(d.media)
  const media = collectMedia(d.media, [...(d.images ?? []), ...(content?.images ?? [])])
  return {
    guid: d.guid?.trim() || d.url || attachments[0]?.url || media[0]?.url || draftHash(d, title),
    title,
    url: d.url,
    content: content?.html || null,
    description,
    author: inertText(d.author, false),
    authorUrl: d.authorUrl,
    authorAvatar: d.authorAvatar,
    publishedAt: published ?? updated,
    updatedAt: updated,
    categories: categoryList(d.categories),
    media: media.length ? media : null,
    attachments: attachments.length ? attachments : null,
    extra: null,
    language: d.language ?? feedLanguage,
  }
}

function finishFeed(d: FeedDraft): ParsedFeed {
  const language = d.language?.trim() || null
  const description = render(d.description, true)
  return {
    format: d.format,
    title: plainText(d.title),
    siteUrl: d.siteUrl,
    description: inertText(description?.text, false),
    descriptionHtml: description?.html || null,
    image: d.image,
    language,
    updatedAt: firstDate(d.updated),
    ttlMinutes: d.ttl && d.ttl > 0 ? Math.round(d.ttl) : null,
    hubs: d.hubs ?? [],
    selfUrl: d.selfUrl ?? null,
    entries: d.entries.map((e) => finishEntry(e, language)),
  }
}
