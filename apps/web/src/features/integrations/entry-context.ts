// What an integration sends about an entry, gathered once: its link, title, content (HTML and Markdown), author,
// date, the text that stands for a summary, and the images and torrents some services take.
import type { EntryDetail } from "@tidings/shared"
import type { IntegrationKind } from "./integration-settings.ts"

export interface EntryContext {
  url: string
  title: string
  /** The entry's HTML. */
  content: string
  contentMarkdown: string
  author: string
  /** ISO 8601. */
  publishedAt: string
  /** What goes where a service keeps a description (see summaryOf). */
  summary: string
  description: string
  /** The feed's title, for services that record where a page came from. */
  siteName: string
  images: string[]
  /** .torrent enclosures and magnet links. */
  torrents: string[]
}

const isTorrent = (url: string, type?: string) =>
  url.startsWith("magnet:") || type === "application/x-bittorrent" || /\.torrent(\?|$)/i.test(url)

export function entryContext(
  detail: EntryDetail,
  options: { saveSummaryAsDescription: boolean; toMarkdown: (html: string) => string },
): EntryContext {
  const entry = detail.entries
  const content = entry.content ?? ""
  const description = entry.description ?? ""
  const attachments = entry.attachments ?? []
  return {
    url: entry.url ?? "",
    title: entry.title ?? "",
    content,
    contentMarkdown: content ? options.toMarkdown(content) : "",
    author: entry.author ?? "",
    publishedAt: entry.publishedAt,
    // The summary a source gave with the entry (inbox webhooks) stands in for an AI summary until those are kept
    // in this client; without the switch, services get the entry's own description.
    summary: options.saveSummaryAsDescription ? entry.summary || description : description,
    description,
    siteName: detail.feeds.title ?? "",
    images: [
      ...(entry.media ?? []).filter((media) => media.type === "photo").map((media) => media.url),
      ...attachments.filter((a) => a.mime_type?.startsWith("image/")).map((a) => a.url),
    ],
    torrents: attachments.filter((a) => isTorrent(a.url, a.mime_type)).map((a) => a.url),
  }
}

/** Whether a service can take this entry: Eagle needs pictures, qBittorrent a torrent, the rest a link. */
export function canSave(kind: IntegrationKind, entry: EntryContext): boolean {
  if (kind === "eagle") return entry.images.length > 0
  if (kind === "qbittorrent") return entry.torrents.length > 0
  return entry.url !== ""
}
