// JSON Feed 1.0/1.1 → drafts (1.0's singular "author" is folded into "authors" by feedsmith).
import { type Attachment, type Media, parseDuration } from "@tidings/shared"
import type { JsonFeed } from "feedsmith"
import type { EntryDraft, FeedDraft } from "./normalize.ts"
import { inertText, rich } from "./text.ts"
import { resolveUrl } from "./urls.ts"

type Item = JsonFeed.Item<string>
type Author = JsonFeed.Author

function attachments(item: Item, base: string): Attachment[] {
  const out: Attachment[] = []
  for (const a of item.attachments ?? []) {
    const url = resolveUrl(a.url, base)
    if (!url) continue
    const att: Attachment = { url }
    if (a.mime_type) att.mime_type = a.mime_type
    const title = inertText(a.title, false)
    if (title) att.title = title
    if (a.size_in_bytes && a.size_in_bytes > 0) att.size_in_bytes = a.size_in_bytes
    const duration = parseDuration(a.duration_in_seconds)
    if (duration !== undefined) att.duration_in_seconds = duration
    out.push(att)
  }
  return out
}

function images(item: Item, base: string): Media[] {
  const urls = [item.image, item.banner_image].map((u) => resolveUrl(u, base)).filter((u): u is string => !!u)
  return [...new Set(urls)].map((url) => ({ url, type: "photo" as const }))
}

function itemDraft(item: Item, base: string, feedAuthor: Author | undefined): EntryDraft {
  const author = item.authors?.find((a) => a.name) ?? feedAuthor
  return {
    guid: item.id === undefined || item.id === null ? null : String(item.id),
    title: rich(item.title, false, base),
    url: resolveUrl(item.url, base) ?? resolveUrl(item.external_url, base),
    content: rich(item.content_html, true, base) ?? rich(item.content_text, false, base),
    summary: rich(item.summary, false, base),
    author: author?.name ?? null,
    authorUrl: resolveUrl(author?.url, base),
    authorAvatar: resolveUrl(author?.avatar, base),
    published: [item.date_published],
    updated: [item.date_modified],
    categories: (item.tags ?? []).map(String),
    media: { base },
    attachments: attachments(item, base),
    images: images(item, base),
    language: item.language ?? null,
  }
}

export function jsonDraft(feed: JsonFeed.Feed<string>, base: string): FeedDraft {
  const feedAuthor = feed.authors?.find((a) => a.name)
  return {
    format: "json",
    title: rich(feed.title, false, base),
    siteUrl: resolveUrl(feed.home_page_url, base),
    description: rich(feed.description, false, base),
    image: resolveUrl(feed.icon ?? feed.favicon, base),
    language: feed.language ?? null,
    updated: [],
    ttl: null,
    hubs: (feed.hubs ?? [])
      .filter((h) => !h.type || /websub|pubsubhubbub/i.test(h.type))
      .map((h) => resolveUrl(h.url, base))
      .filter((u): u is string => !!u),
    selfUrl: resolveUrl(feed.feed_url, base),
    entries: (feed.items ?? []).map((item) => itemDraft(item, base, feedAuthor)),
  }
}
