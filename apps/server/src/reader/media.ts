// Media (photos/videos for the Pictures and Videos views) and attachments (enclosures) of an entry.
import { type Attachment, type Media, parseDuration } from "@tidings/shared"
import type { MediaNs } from "feedsmith"
import { inertText } from "./text.ts"
import { resolveUrl } from "./urls.ts"

export interface EnclosureLike {
  url?: string
  type?: string
  length?: number
  title?: string
}

export interface MediaSources {
  base: string
  enclosures?: EnclosureLike[]
  media?: MediaNs.ItemOrFeed
  itunesImage?: string
  /** itunes:duration, already numeric or still "h:mm:ss" */
  duration?: number | string
}

type MediaKind = "photo" | "video" | "audio" | null

function kindOf(medium: string | undefined, type: string | undefined, url: string): MediaKind {
  const m = (medium ?? type?.split("/")[0] ?? "").toLowerCase()
  if (m === "image") return "photo"
  // MRSS players (YouTube and others) publish the embed as a Flash "video"
  if (m === "video" || type === "application/x-shockwave-flash") return "video"
  if (m === "audio") return "audio"
  if (/\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i.test(url)) return "photo"
  return null
}

class MediaList {
  readonly items: Media[] = []
  private readonly seen = new Set<string>()
  add(item: Media): void {
    if (this.seen.has(item.url)) return
    this.seen.add(item.url)
    this.items.push(item)
  }
  has(url: string): boolean {
    return this.seen.has(url)
  }
}

function dims(width: number | undefined, height: number | undefined): { width?: number; height?: number } {
  return { ...(width && width > 0 ? { width } : {}), ...(height && height > 0 ? { height } : {}) }
}

function thumbnailsOf(...holders: (MediaNs.CommonElements | undefined)[]): MediaNs.Thumbnail[] {
  return holders.flatMap((h) => h?.thumbnails ?? [])
}

/** Media RSS: media:content (alone or in media:group) and media:thumbnail at item, group and content level. */
function addMediaRss(list: MediaList, media: MediaNs.ItemOrFeed, base: string): void {
  const groups = [media, ...(media.groups ?? [])]
  const previews = new Set<string>()
  for (const group of groups) {
    for (const content of group.contents ?? []) {
      const url = resolveUrl(content.url, base)
      if (!url) continue
      const kind = kindOf(content.medium, content.type, url)
      const size = dims(content.width, content.height)
      if (kind === "photo") list.add({ url, type: "photo", ...size })
      if (kind !== "video") continue
      const thumb = thumbnailsOf(content, group, media)[0]
      const preview = resolveUrl(thumb?.url, base)
      if (preview) previews.add(preview)
      list.add({ url, type: "video", ...size, ...(preview ? { preview_image_url: preview } : {}) })
    }
  }
  for (const thumb of groups.flatMap((g) => [...thumbnailsOf(g), ...thumbnailsOf(...(g.contents ?? []))])) {
    const url = resolveUrl(thumb.url, base)
    if (url && !previews.has(url)) {
      list.add({ url, type: "photo", ...dims(thumb.width, thumb.height) })
    }
  }
}

function toAttachment(e: EnclosureLike, base: string): Attachment | null {
  const url = resolveUrl(e.url, base)
  if (!url) return null
  const a: Attachment = { url }
  if (e.type) a.mime_type = e.type.trim()
  if (e.length && e.length > 0) a.size_in_bytes = e.length
  const title = inertText(e.title, false)
  if (title) a.title = title
  return a
}

/** Audio/video media:content doubles as an attachment for podcasts that publish no enclosure. */
function mediaRssAttachments(media: MediaNs.ItemOrFeed | undefined): EnclosureLike[] {
  if (!media) return []
  const contents = [...(media.contents ?? []), ...(media.groups ?? []).flatMap((g) => g.contents ?? [])]
  return contents
    .filter((c) => c.url && /^(audio|video)\//i.test(c.type ?? ""))
    .map((c) => ({ url: c.url, type: c.type, length: c.fileSize }))
}

export function collectAttachments(src: MediaSources): Attachment[] {
  const raw = src.enclosures?.length ? src.enclosures : mediaRssAttachments(src.media)
  const out: Attachment[] = []
  const seen = new Set<string>()
  for (const e of raw) {
    const a = toAttachment(e, src.base)
    if (!a || seen.has(a.url)) continue
    seen.add(a.url)
    out.push(a)
  }
  const duration = parseDuration(src.duration)
  const playable = out.find((a) => /^(audio|video)\//i.test(a.mime_type ?? "")) ?? out[0]
  if (duration !== undefined && playable) playable.duration_in_seconds = duration
  return out
}

/** Photos and videos from Media RSS, itunes:image and image enclosures, then images found in the content. */
export function collectMedia(src: MediaSources, contentImages: Media[]): Media[] {
  const list = new MediaList()
  if (src.media) addMediaRss(list, src.media, src.base)
  const itunes = resolveUrl(src.itunesImage, src.base)
  if (itunes) list.add({ url: itunes, type: "photo" })
  for (const e of src.enclosures ?? []) {
    const url = resolveUrl(e.url, src.base)
    const kind = url ? kindOf(undefined, e.type, url) : null
    if (url && (kind === "photo" || kind === "video")) list.add({ url, type: kind })
  }
  for (const image of contentImages) if (!list.has(image.url)) list.add(image)
  return list.items
}

/** media:description of the item or its first media:group that has one. */
export function mediaDescription(media: MediaNs.ItemOrFeed | undefined): string | undefined {
  return media?.description?.value ?? media?.groups?.find((g) => g.description)?.description?.value
}
