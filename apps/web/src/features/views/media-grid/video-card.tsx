// A card of the Videos view: the poster with the duration, a muted preview while hovered when the address is an
// mp4/webm file (its `ratio` query sizes the box), and a click that opens the video player.
import type { EntryListItem } from "@tidings/shared"
import type { TFunction } from "i18next"
import { memo, useState } from "react"
import { FeedIcon } from "../../../components/ui/feed-icon.tsx"
import { cx } from "../../../lib/cx.ts"
import { formatEntryTime } from "../../../lib/format-date.ts"
import { formatMediaTime } from "../../../lib/media-time.ts"
import { sourceTitle } from "../../../lib/source-title.ts"
import { useRowText } from "../../timeline/row-text.tsx"
import { type EntryVideo, entryVideo, videoPreview } from "../entry-media.ts"
import { mediaTitle } from "../gallery-store.ts"
import { MediaIcon } from "../media-icons.tsx"
import { FlingImg } from "./fling.tsx"

/** The caption's height in rem: it follows uiTextSize (the root font size) with the text inside it. */
export const VIDEO_CAPTION_REM = 3.25
const DEFAULT_RATIO = 16 / 9

interface CardVideo {
  video: EntryVideo | null
  preview: { ratio: number } | null
}

/**
 * Kept per item: the grid asks for every loaded item's height each time a new page comes in, and a card mounts
 * again each time it scrolls back into view (the preview parses the address).
 */
const cardVideos = new WeakMap<EntryListItem, CardVideo>()

function cardVideo(item: EntryListItem): CardVideo {
  let found = cardVideos.get(item)
  if (!found) {
    const video = entryVideo(item.entries)
    found = { video, preview: video ? videoPreview(video.url) : null }
    cardVideos.set(item, found)
  }
  return found
}

/** Width / height of the card's box. The card draws its box at this ratio, so the grid never measures cards. */
export function videoBoxRatio(item: EntryListItem): number {
  return cardVideo(item).preview?.ratio ?? DEFAULT_RATIO
}

/**
 * "Play …" for a card: the translation's text is looked up once per language, then the title set into it. i18next
 * interpolating it for every card that scrolled into view was the largest part of mounting one.
 */
const playLabels = new WeakMap<TFunction<"views">, string>()
const TITLE_MARK = "\u0001"
function playLabel(t: TFunction<"views">, title: string): string {
  let label = playLabels.get(t)
  if (label === undefined) {
    label = t("video.play", { title: TITLE_MARK })
    playLabels.set(t, label)
  }
  return label.replace(TITLE_MARK, () => title)
}

export const VideoCard = memo(function VideoCard(props: {
  item: EntryListItem
  now: Date
  onOpen: (item: EntryListItem) => void
  /** The view's, so each card does not look it up (timeline/row-text.tsx). */
  tViews: TFunction<"views">
}) {
  const { item, now } = props
  const { language, dateFormat } = useRowText()
  const t = props.tViews
  const [hovered, setHovered] = useState(false)
  const { video, preview } = cardVideo(item)
  const title = mediaTitle(item)
  const feedTitle = sourceTitle(item.feeds)
  return (
    <figure
      data-testid="video-card"
      data-entry-id={item.entries.id}
      data-read={item.read ? "true" : "false"}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <div className="relative overflow-hidden rounded-lg" style={{ aspectRatio: String(videoBoxRatio(item)) }}>
        <button
          type="button"
          onClick={() => props.onOpen(item)}
          disabled={!video}
          aria-label={playLabel(t, title)}
          className="group relative block size-full bg-neutral-900"
        >
          {video?.poster && (
            <FlingImg src={video.poster} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          )}
          {hovered && preview && video && (
            <video
              data-testid="video-preview"
              src={video.url}
              muted
              autoPlay
              loop
              playsInline
              preload="metadata"
              className="absolute inset-0 size-full object-cover"
            />
          )}
          <span className="absolute inset-0 flex items-center justify-center opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white">
              <MediaIcon name="play" className="ml-0.5 size-5" />
            </span>
          </span>
        </button>
        {/* Beside the button, not in it: the button's name is the title, the duration is read from here. */}
        {video?.duration != null && (
          <span
            data-testid="video-duration"
            className="pointer-events-none absolute right-1.5 bottom-1.5 rounded bg-black/75 px-1.5 py-0.5 text-[0.6875rem] font-medium text-white tabular-nums"
          >
            {formatMediaTime(video.duration)}
          </span>
        )}
      </div>
      <figcaption className="flex h-[3.25rem] items-start gap-2 px-0.5 pt-1.5">
        <FeedIcon title={feedTitle} image={item.feeds.image} className="mt-0.5 size-5 rounded-full" />
        <span className="min-w-0 flex-1">
          <span
            className={cx(
              "line-clamp-1 text-[0.8125rem] leading-snug",
              item.read ? "text-ink-soft" : "font-semibold text-ink",
            )}
          >
            {title}
          </span>
          <span className="flex gap-1 text-xs text-ink-faint">
            <span className="min-w-0 truncate">{feedTitle}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={item.entries.publishedAt} className="shrink-0">
              {formatEntryTime(new Date(item.entries.publishedAt), now, language, dateFormat)}
            </time>
          </span>
        </span>
      </figcaption>
    </figure>
  )
})
