// Adapter for the feed-corpus scorer: runs parseFeedDocument in-process and returns the corpus's neutral object.
import type { Media } from "@tidings/shared"
import { parseFeedDocument } from "../../src/reader/parse.ts"
import type { ParsedEntry, ParsedFeed } from "../../src/reader/types.ts"

interface AdapterOptions {
  url: string
  baseUrl: string
  headers: Record<string, string>
  contentType?: string
}

// The sanitiser adds these to every link/iframe for the product's sake; the corpus expects source markup.
const DECORATIONS =
  / rel="noopener noreferrer" target="_blank"| sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"/g

function undecorate(html: string | null): string | null {
  return html?.replace(DECORATIONS, "") ?? null
}

function pictures(media: Media[] | null): string[] {
  return (media ?? []).flatMap((m) => (m.type === "photo" ? [m.url] : m.preview_image_url ? [m.preview_image_url] : []))
}

function entry(e: ParsedEntry) {
  const thumbnails = pictures(e.media)
  return {
    id: e.guid,
    title: e.title,
    link: e.url,
    published: e.publishedAt?.toISOString(),
    updated: e.updatedAt?.toISOString(),
    author: e.author,
    content: undecorate(e.content),
    summary: e.description,
    categories: e.categories ?? [],
    enclosures: (e.attachments ?? []).map((a) => ({ url: a.url, type: a.mime_type, length: a.size_in_bytes })),
    thumbnails,
    image: thumbnails[0] ?? null,
  }
}

export function toNeutral(feed: ParsedFeed) {
  return {
    feed: {
      title: feed.title,
      link: feed.siteUrl,
      description: undecorate(feed.descriptionHtml),
      image: feed.image,
      updated: feed.updatedAt?.toISOString(),
    },
    entries: feed.entries.map(entry),
  }
}

export function parse(buffer: Uint8Array, opts: AdapterOptions) {
  const feed = parseFeedDocument(buffer, {
    url: opts.url,
    contentType: opts.contentType ?? opts.headers["content-type"] ?? null,
    contentLocation: opts.headers["content-location"] ?? null,
  })
  return toNeutral(feed)
}
