// Turns format-specific drafts into ParsedFeed/ParsedEntry: sanitising, plain-text summaries, identity, dates.
import type { Attachment, Media } from "@tidings/shared"
import type { AnyFeed } from "feedsmith"
import { parseFeedDate } from "./dates.ts"
import { collectAttachments, collectMedia, type MediaSources } from "./media.ts"
import { atomDraft } from "./normalize-atom.ts"
import { jsonDraft } from "./normalize-json.ts"
import { rssDraft } from "./normalize-rss.ts"
import { type SanitizedFragment, sanitizeFragment } from "./sanitize.ts"
import { collapseWhitespace, plainText, type RichText, stableHash, textToHtml, trimDescription } from "./text.ts"
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
  published: string | null
  updated: string | null
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
  updated: string | null
  ttl: number | null
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
  const description = describedBySummary ? plainText(d.summary) : (content?.text ?? null)
  return { content, description: trimDescription(description || null) }
}

function finishEntry(d: EntryDraft, feedLanguage: string | null): ParsedEntry {
  const { content, description } = contentAndDescription(d)
  const published = parseFeedDate(d.published)
  const updated = parseFeedDate(d.updated)
  const title = plainText(d.title)
  const attachments = d.attachments ?? collectAttachments(d.media)
  const media = collectMedia(d.media, [...(d.images ?? []), ...(content?.images ?? [])])
  return {
    guid: d.guid?.trim() || d.url || attachments[0]?.url || stableHash(title, d.content?.value ?? d.summary?.value),
    title,
    url: d.url,
    content: content?.html || null,
    description,
    author: d.author?.trim() || null,
    authorUrl: d.authorUrl,
    authorAvatar: d.authorAvatar,
    publishedAt: published ?? updated,
    updatedAt: updated,
    categories: d.categories.length ? [...new Set(d.categories.map((c) => c.trim()).filter(Boolean))] : null,
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
    description: description?.text || null,
    descriptionHtml: description?.html || null,
    image: d.image,
    language,
    updatedAt: parseFeedDate(d.updated),
    ttlMinutes: d.ttl && d.ttl > 0 ? Math.round(d.ttl) : null,
    entries: d.entries.map((e) => finishEntry(e, language)),
  }
}
