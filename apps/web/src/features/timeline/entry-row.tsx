// One entry in the list: feed, date, title, snippet, read state and star.
import type { EntryListItem } from "@tidings/shared"
import { memo } from "react"
import { Link } from "react-router"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { formatEntryTime, formatFullDateTime } from "../../lib/format-date.ts"
import { sourceTitle } from "../../lib/source-title.ts"
import { AiScoreBadge } from "../ai/ai-score-badge.tsx"
import { useRowTranslation } from "../ai/use-timeline-translation.ts"
import { entryThumbnail } from "../views/entry-media.ts"
import { useRowText } from "./row-text.tsx"
import { textSnippet } from "./text-snippet.ts"

export interface EntryRowProps {
  item: EntryListItem
  to: string
  active: boolean
  date: Date
  now: Date
}

export const EntryRow = memo(function EntryRow({ item, to, active, date, now }: EntryRowProps) {
  const { t, language, dateFormat } = useRowText()
  const { entries: entry, feeds: feed } = item
  const feedTitle = sourceTitle(feed)
  const unread = !item.read
  const translation = useRowTranslation(entry.id, item.settings)
  const translatedTitle = translation?.data.title
  const title = (translation?.only && translatedTitle) || entry.title || t("entry.untitled")
  const snippet = textSnippet(
    (translation?.only && translation.data.description) || (entry.description ?? entry.content),
    200,
  )
  const thumbnail = entryThumbnail(entry)

  return (
    <Link
      to={to}
      data-testid="entry-row"
      data-entry-id={entry.id}
      data-read={item.read ? "true" : "false"}
      aria-current={active ? "page" : undefined}
      className={cx(
        "group relative mx-2 my-0.5 flex flex-col gap-1 rounded-xl px-3 py-2.5 transition-colors",
        active ? "bg-accent/10 dark:bg-accent/15" : "hover:bg-hover",
      )}
    >
      <div className="flex items-center gap-1.5 text-xs text-ink-faint">
        <FeedIcon title={feedTitle} image={feed.image} className="size-4" />
        <span className="min-w-0 truncate font-medium text-ink-soft">{feedTitle}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={date.toISOString()} title={formatFullDateTime(date, language)} className="shrink-0">
          {formatEntryTime(date, now, language, dateFormat)}
        </time>
        <span className="ml-auto flex shrink-0 items-center gap-1">
          {item.aiScore != null && <AiScoreBadge score={item.aiScore} />}
          {item.collections && (
            <span data-testid="entry-starred" title={t("entry.starred")}>
              <Icon name="star" filled className="size-3.5 text-amber-500" />
              <span className="sr-only">{t("entry.starred")}</span>
            </span>
          )}
        </span>
      </div>
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className={cx("mt-[0.5em] size-2 shrink-0 rounded-full", unread ? "bg-accent" : "bg-transparent")}
            />
            <h3
              className={cx(
                "line-clamp-2 text-[0.90625rem] leading-snug",
                unread ? "font-semibold text-ink" : "font-normal text-ink-soft",
              )}
            >
              {title}
              {unread && <span className="sr-only"> ({t("entry.unread")})</span>}
            </h3>
          </div>
          {translatedTitle && !translation.only && (
            <p
              lang={translation.language}
              className="line-clamp-2 pl-4 text-[0.84375rem] leading-snug text-ink-soft"
              data-testid="entry-row-translation"
            >
              {translatedTitle}
            </p>
          )}
          {snippet && <p className="line-clamp-2 pl-4 text-[0.8125rem] leading-relaxed text-ink-faint">{snippet}</p>}
          {item.alsoIn?.length ? (
            <p data-testid="entry-also-in" className="truncate pl-4 text-xs text-ink-faint">
              {t("entry.alsoIn", { feeds: item.alsoIn.map((copy) => copy.title ?? copy.feedId).join(", ") })}
            </p>
          ) : null}
        </div>
        {thumbnail && (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            decoding="async"
            data-testid="entry-thumbnail"
            className="mt-0.5 size-16 shrink-0 rounded-lg bg-hover object-cover"
          />
        )}
      </div>
    </Link>
  )
})
