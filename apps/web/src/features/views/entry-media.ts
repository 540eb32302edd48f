// What each view shows of an entry's media: pictures for the grid and gallery, the video and its poster, the audio
// enclosure and its duration. Pure, so the rules (spec §5 video preview) are unit-tested.
import type { Attachment, Media } from "@tidings/shared"
import { parseMediaTime } from "../../lib/media-time.ts"

interface MediaHolder {
  media: Media[] | null
  attachments: Attachment[] | null
}

export interface EntryPicture {
  url: string
  width?: number
  height?: number
}

/** The entry's photos in feed order (what the Pictures view and the gallery show). */
export function entryPictures(entry: MediaHolder): EntryPicture[] {
  return (entry.media ?? [])
    .filter((m) => m.type === "photo" && m.url)
    .map(({ url, width, height }) => ({ url, width, height }))
}

/** A list thumbnail: the first photo, else the first video's poster. */
export function entryThumbnail(entry: MediaHolder): string | null {
  const media = entry.media ?? []
  return media.find((m) => m.type === "photo")?.url ?? media.find((m) => m.preview_image_url)?.preview_image_url ?? null
}

export interface EntryVideo {
  url: string
  poster: string | null
  width?: number
  height?: number
  duration: number | null
}

const VIDEO_TYPE = /^video\//i
const AUDIO_TYPE = /^audio\//i
const AUDIO_EXTENSION = /\.(?:mp3|m4a|aac|wav|ogg|oga|opus|flac)(?:[?#]|$)/i

export function entryVideo(entry: MediaHolder): EntryVideo | null {
  const media = (entry.media ?? []).find((m) => m.type === "video")
  const attachment = (entry.attachments ?? []).find((a) => VIDEO_TYPE.test(a.mime_type ?? ""))
  const url = media?.url ?? attachment?.url
  if (!url) return null
  const withDuration = (entry.attachments ?? []).find((a) => a.url === url) ?? attachment
  return {
    url,
    poster: media?.preview_image_url ?? entryPictures(entry)[0]?.url ?? null,
    width: media?.width,
    height: media?.height,
    duration: parseMediaTime(withDuration?.duration_in_seconds ?? null),
  }
}

export interface EntryAudio {
  url: string
  duration: number | null
  mimeType: string | null
}

export function entryAudio(entry: MediaHolder): EntryAudio | null {
  const attachment = (entry.attachments ?? []).find(
    (a) => AUDIO_TYPE.test(a.mime_type ?? "") || (!a.mime_type && AUDIO_EXTENSION.test(a.url)),
  )
  if (!attachment) return null
  return {
    url: attachment.url,
    duration: parseMediaTime(attachment.duration_in_seconds ?? null),
    mimeType: attachment.mime_type ?? null,
  }
}

const DEFAULT_VIDEO_RATIO = 16 / 9

/**
 * Hover preview (spec §5): only for addresses whose path ends in .mp4 or .webm. The optional `ratio` query
 * (width / height, "1.5" or "4:3") sizes the box; null when no preview applies.
 */
export function videoPreview(url: string): { ratio: number } | null {
  let parsed: URL
  try {
    parsed = new URL(url, "http://localhost")
  } catch {
    return null
  }
  if (!/\.(?:mp4|webm)$/i.test(parsed.pathname)) return null
  return { ratio: parseRatio(parsed.searchParams.get("ratio")) ?? DEFAULT_VIDEO_RATIO }
}

function parseRatio(text: string | null): number | null {
  if (!text) return null
  const [w, h] = text.includes(":") ? text.split(":").map(Number) : [Number(text), 1]
  const ratio = (w ?? Number.NaN) / (h ?? Number.NaN)
  return Number.isFinite(ratio) && ratio > 0 && ratio < 10 ? ratio : null
}
