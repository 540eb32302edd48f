// RSS 2.0, Atom 1.0 and JSON Feed 1.1 documents of entries (the outputs of services/feed-outputs.ts). Written by
// hand rather than with feedsmith's generators: those pretty-print whitespace into text elements and drop fields.
import type { EntryListItem } from "@tidings/shared"

export type FeedFormat = "rss" | "atom" | "json"

export interface OutputDocument {
  title: string
  description?: string
  /** Where a reader of the feed goes for the whole thing (the web client's page), absolute. */
  homeUrl: string
  /** This document's own URL, absolute. */
  selfUrl: string
  items: EntryListItem[]
}

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
}

// Characters XML 1.0 does not allow at all: stored content may carry them (a feed that had them, an e-mail).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is being removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

function esc(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
}

const el = (name: string, value: string | null | undefined, attrs = "") =>
  value ? `<${name}${attrs}>${esc(value)}</${name}>` : ""

function itemTitle(item: EntryListItem): string {
  return item.entries.title ?? item.entries.description?.slice(0, 80) ?? ""
}

function itemHtml(item: EntryListItem): string | null {
  return item.entries.content ?? item.entries.description ?? null
}

/** The item's origin in a merged feed: "Feed title" for readers that show where it came from. */
function sourceTitle(item: EntryListItem): string {
  return item.feeds.title ?? item.feeds.url
}

export function renderFeed(format: FeedFormat, doc: OutputDocument): string {
  if (format === "json") return renderJson(doc)
  return format === "atom" ? renderAtom(doc) : renderRss(doc)
}

function renderRss(doc: OutputDocument): string {
  const items = doc.items.map((item) => {
    const e = item.entries
    const media = (e.attachments ?? [])
      .filter((a) => a.url && a.mime_type)
      .slice(0, 1)
      .map((a) => `<enclosure url="${esc(a.url)}" type="${esc(a.mime_type!)}" length="${a.size_in_bytes ?? 0}"/>`)
    return [
      "<item>",
      el("title", itemTitle(item)),
      el("link", e.url),
      `<guid isPermaLink="false">${esc(`${item.feeds.id}:${e.guid}`)}</guid>`,
      `<pubDate>${new Date(e.publishedAt).toUTCString()}</pubDate>`,
      el("dc:creator", e.author),
      el("description", itemHtml(item)),
      el("source", sourceTitle(item), ` url="${esc(item.feeds.url)}"`),
      ...(e.categories ?? []).map((c) => el("category", c)),
      ...media,
      "</item>",
    ].join("")
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    el("title", doc.title),
    el("link", doc.homeUrl),
    el("description", doc.description ?? doc.title),
    `<atom:link href="${esc(doc.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    "<generator>Tidings</generator>",
    doc.items[0] ? `<lastBuildDate>${new Date(doc.items[0].entries.publishedAt).toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel></rss>\n",
  ].join("")
}

function renderAtom(doc: OutputDocument): string {
  const updated = doc.items[0]?.entries.publishedAt ?? new Date(0).toISOString()
  const entries = doc.items.map((item) => {
    const e = item.entries
    const html = itemHtml(item)
    return [
      "<entry>",
      el("id", `urn:tidings:entry:${e.id}`),
      el("title", itemTitle(item)),
      e.url ? `<link rel="alternate" href="${esc(e.url)}"/>` : "",
      `<published>${new Date(e.publishedAt).toISOString()}</published>`,
      `<updated>${new Date(e.updatedAt ?? e.publishedAt).toISOString()}</updated>`,
      e.author ? `<author>${el("name", e.author)}${el("uri", e.authorUrl)}</author>` : "",
      html ? `<content type="html">${esc(html)}</content>` : "",
      `<source>${el("title", sourceTitle(item))}<link rel="self" href="${esc(item.feeds.url)}"/></source>`,
      ...(e.categories ?? []).map((c) => `<category term="${esc(c)}"/>`),
      "</entry>",
    ].join("")
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    el("id", doc.selfUrl),
    el("title", doc.title),
    el("subtitle", doc.description),
    `<link rel="self" type="application/atom+xml" href="${esc(doc.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${esc(doc.homeUrl)}"/>`,
    `<updated>${new Date(updated).toISOString()}</updated>`,
    "<generator>Tidings</generator>",
    ...entries,
    "</feed>\n",
  ].join("")
}

function renderJson(doc: OutputDocument): string {
  return `${JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: doc.title,
    description: doc.description,
    home_page_url: doc.homeUrl,
    feed_url: doc.selfUrl,
    items: doc.items.map((item) => {
      const e = item.entries
      return {
        id: e.id,
        url: e.url ?? undefined,
        title: itemTitle(item) || undefined,
        content_html: itemHtml(item) ?? "",
        date_published: new Date(e.publishedAt).toISOString(),
        date_modified: e.updatedAt ? new Date(e.updatedAt).toISOString() : undefined,
        authors: e.author ? [{ name: e.author, url: e.authorUrl ?? undefined }] : undefined,
        tags: e.categories?.length ? e.categories : undefined,
        attachments: e.attachments?.length
          ? e.attachments
              .filter((a) => a.url && a.mime_type)
              .map((a) => ({ url: a.url, mime_type: a.mime_type, size_in_bytes: a.size_in_bytes }))
          : undefined,
        _source: { title: sourceTitle(item), feed_url: item.feeds.url },
      }
    }),
  })}\n`
}
