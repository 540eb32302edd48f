// A card of the Pictures view: the entry's first picture (natural height in masonry, else a thumbnailRatio cell),
// how many it holds, and a caption; a click opens the gallery across the entry's pictures.

import type { EntryListItem } from "@tidings/shared"
import type { TFunction } from "i18next"
import { memo } from "react"
import { FeedIcon } from "../../../components/ui/feed-icon.tsx"
import { cx } from "../../../lib/cx.ts"
import { formatEntryTime } from "../../../lib/format-date.ts"
import { imageDimensions, rememberImageDimensions } from "../../../lib/image-dimensions.ts"
import { sourceTitle } from "../../../lib/source-title.ts"
import { useRowText } from "../../timeline/row-text.tsx"
import { entryPictures } from "../entry-media.ts"
import { mediaTitle } from "../gallery-store.ts"
import { MediaIcon } from "../media-icons.tsx"
import { FlingImg } from "./fling.tsx"

export interface PictureCardProps {
  item: EntryListItem
  masonry: boolean
  square: boolean
  now: Date
  onOpen: (item: EntryListItem) => void
  /** The view's, so each card does not look it up (timeline/row-text.tsx). */
  tViews: TFunction<"views">
}

/** The caption's height in rem: it follows uiTextSize (the root font size) with the text inside it. */
export const CAPTION_REM = 2.75

/** The tallest masonry box, as a multiple of its width. */
const MAX_TALL = 2.5

/**
 * The masonry box's height per unit of width (the picture's aspect, capped at MAX_TALL), or null when the picture's
 * size is unknown. Kept per item: the grid asks for every loaded item's height each time a new page comes in.
 */
const masonryAspects = new WeakMap<EntryListItem, number | null>()
function masonryAspect(item: EntryListItem): number | null {
  let aspect = masonryAspects.get(item)
  if (aspect === undefined) {
    const first = entryPictures(item.entries)[0]
    // The feed's own size, else the one measured when this picture last loaded here.
    const size = first?.width && first.height ? first : imageDimensions(first?.url)
    aspect = size?.width && size.height ? Math.min(MAX_TALL, size.height / size.width) : null
    masonryAspects.set(item, aspect)
  }
  return aspect
}

/**
 * Height of the picture box: the known aspect in masonry (capped), a square cell otherwise (or 4:3 when unknown).
 * The card draws its box at this height, so the grid places cards without measuring them.
 */
export function pictureBoxHeight(item: EntryListItem, width: number, masonry: boolean): number {
  if (!masonry) return width
  return width * (masonryAspect(item) ?? 3 / 4)
}

export const PictureCard = memo(function PictureCard({
  item,
  masonry,
  square,
  now,
  onOpen,
  tViews: t,
}: PictureCardProps) {
  const { language, dateFormat } = useRowText()
  const pictures = entryPictures(item.entries)
  const first = pictures[0]
  const title = mediaTitle(item)
  const feedTitle = sourceTitle(item.feeds)
  return (
    <figure data-testid="picture-card" data-entry-id={item.entries.id} data-read={item.read ? "true" : "false"}>
      <button
        type="button"
        onClick={() => onOpen(item)}
        aria-label={t("gallery.open", { title, count: pictures.length })}
        className="relative block w-full overflow-hidden rounded-lg bg-hover"
        style={{ aspectRatio: masonry ? `1 / ${masonryAspect(item) ?? 3 / 4}` : "1 / 1" }}
      >
        {first && (
          <FlingImg
            src={first.url}
            alt=""
            loading="lazy"
            decoding="async"
            className={cx("size-full", masonry || square ? "object-cover" : "object-contain")}
            onLoad={(event) =>
              rememberImageDimensions(first.url, event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)
            }
          />
        )}
        {pictures.length > 1 && (
          <span className="absolute top-1.5 right-1.5 flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-[0.6875rem] font-medium text-white">
            <MediaIcon name="images" className="size-3" />
            {pictures.length}
          </span>
        )}
      </button>
      {/* Two lines of title fit the fixed caption height, so a long title reads as a title and not as its first words. */}
      <figcaption className="flex h-[2.75rem] items-start gap-1.5 px-0.5 pt-1 text-xs leading-4">
        <FeedIcon title={feedTitle} image={item.feeds.image} className="size-4" />
        <span
          title={title}
          className={cx(
            "line-clamp-2 min-w-0 flex-1 break-words",
            item.read ? "text-ink-faint" : "font-medium text-ink",
          )}
        >
          {title}
        </span>
        <time dateTime={item.entries.publishedAt} className="shrink-0 text-ink-faint">
          {formatEntryTime(new Date(item.entries.publishedAt), now, language, dateFormat)}
        </time>
      </figcaption>
    </figure>
  )
})
