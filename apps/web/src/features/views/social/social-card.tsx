// One social post: avatar, author name and handle, time, the text itself (no "Untitled" line when the item has no
// title), its pictures in a grid that open the gallery, and "show more" for long posts.
import type { TFunction } from "i18next"
import { memo } from "react"
import { Link } from "react-router"
import { FeedIcon } from "../../../components/ui/feed-icon.tsx"
import { cx } from "../../../lib/cx.ts"
import { formatEntryTime, formatFullDateTime } from "../../../lib/format-date.ts"
import { sourceTitle } from "../../../lib/source-title.ts"
import { useRowTranslation } from "../../ai/use-timeline-translation.ts"
import type { EntryRowProps } from "../../timeline/entry-row.tsx"
import { useRowText } from "../../timeline/row-text.tsx"
import { entryPictures } from "../entry-media.ts"
import { PictureGrid } from "./picture-grid.tsx"
import { isLongPost, postText } from "./social-post.ts"

export interface SocialCardProps extends EntryRowProps {
  expanded: boolean
  onToggleExpanded: (id: string) => void
  onOpenPicture: (item: EntryRowProps["item"], index: number) => void
  /** The list's, so each card does not look it up (timeline/row-text.tsx). */
  tViews: TFunction<"views">
}

/** "@name" from a profile address such as https://host/@name or https://host/name. */
function handleOf(authorUrl: string | null): string | null {
  if (!authorUrl) return null
  try {
    const last = new URL(authorUrl).pathname.split("/").filter(Boolean).at(-1)
    return last ? (last.startsWith("@") ? last : `@${last}`) : null
  } catch {
    return null
  }
}

export const SocialCard = memo(function SocialCard(props: SocialCardProps) {
  const { item, to, active, date, now, expanded } = props
  const { t, language, dateFormat } = useRowText()
  const { tViews } = props
  const { entries: entry, feeds: feed } = item
  const name = entry.author?.trim() || sourceTitle(feed)
  const handle = handleOf(entry.authorUrl)
  const translation = useRowTranslation(entry.id, item.settings)
  const translatedText = postText(translation?.data.content)
  const original = postText(entry.content ?? entry.description)
  const text = (translation?.only && translatedText) || original
  const title = entry.title?.trim()
  // A title that only repeats the start of the text (common in social feeds) is not shown twice.
  const showTitle = Boolean(title) && !text.startsWith(title?.replace(/…$/, "") ?? "")
  const long = isLongPost(text)
  const pictures = entryPictures(entry)

  return (
    <article
      data-testid="social-card"
      data-entry-id={entry.id}
      data-read={item.read ? "true" : "false"}
      className={cx(
        "mx-2 my-1 flex gap-3 rounded-xl px-3 py-3 transition-colors",
        active ? "bg-accent/10 dark:bg-accent/15" : "hover:bg-hover",
      )}
    >
      <FeedIcon title={name} image={entry.authorAvatar ?? feed.image} className="size-9 rounded-full text-sm" />
      <div className="min-w-0 flex-1">
        <Link
          to={to}
          className="flex min-w-0 items-baseline gap-1.5 text-[0.8125rem]"
          aria-current={active ? "page" : undefined}
        >
          <span className={cx("truncate font-semibold", item.read ? "text-ink-soft" : "text-ink")}>{name}</span>
          {handle && <span className="min-w-0 truncate text-ink-faint">{handle}</span>}
          <span aria-hidden="true" className="text-ink-faint">
            ·
          </span>
          <time
            dateTime={date.toISOString()}
            title={formatFullDateTime(date, language)}
            className="shrink-0 text-ink-faint"
          >
            {formatEntryTime(date, now, language, dateFormat)}
          </time>
          {!item.read && <span className="sr-only">({t("entry.unread")})</span>}
        </Link>
        {showTitle && <h3 className="mt-1 text-[0.875rem] font-semibold leading-snug text-ink">{title}</h3>}
        {text && (
          <p
            data-testid="social-text"
            className={cx(
              "mt-1 text-[0.875rem] leading-relaxed break-words whitespace-pre-line text-ink",
              long && !expanded && "line-clamp-6",
            )}
          >
            {text}
          </p>
        )}
        {translatedText && !translation?.only && (
          <p
            lang={translation?.language}
            data-testid="social-translation"
            className={cx(
              "mt-1.5 border-l-2 border-line pl-2.5 text-[0.875rem] leading-relaxed break-words whitespace-pre-line text-ink-soft",
              long && !expanded && "line-clamp-6",
            )}
          >
            {translatedText}
          </p>
        )}
        {long && (
          <button
            type="button"
            data-testid="social-show-more"
            aria-expanded={expanded}
            onClick={() => props.onToggleExpanded(entry.id)}
            className="mt-1 text-[0.8125rem] font-medium text-ink-soft underline-offset-2 hover:text-ink hover:underline"
          >
            {expanded ? tViews("social.show_less") : tViews("social.show_more")}
          </button>
        )}
        {pictures.length > 0 && (
          <PictureGrid
            pictures={pictures}
            alt={title || text.slice(0, 80)}
            onOpen={(index) => props.onOpenPicture(item, index)}
          />
        )}
      </div>
    </article>
  )
})
