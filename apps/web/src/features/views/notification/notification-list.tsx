// The Notifications view: a compact one-line list (feed icon, title, time). Loaded on demand.
import { memo } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { FeedIcon } from "../../../components/ui/feed-icon.tsx"
import { cx } from "../../../lib/cx.ts"
import { formatEntryTime, formatFullDateTime } from "../../../lib/format-date.ts"
import { sourceTitle } from "../../../lib/source-title.ts"
import { useEffectiveUi } from "../../../stores/settings-store.ts"
import { useRowTranslation } from "../../ai/use-timeline-translation.ts"
import { EntryList, type EntryListProps } from "../../timeline/entry-list.tsx"
import type { EntryRowProps } from "../../timeline/entry-row.tsx"
import { textSnippet } from "../../timeline/text-snippet.ts"

const NotificationRow = memo(function NotificationRow({ item, to, active, date, now }: EntryRowProps) {
  const { i18n } = useTranslation()
  const dateFormat = useEffectiveUi("dateFormat")
  const { entries: entry, feeds: feed } = item
  const feedTitle = sourceTitle(feed)
  const translation = useRowTranslation(entry.id, item.settings)
  const original = entry.title?.trim() || textSnippet(entry.description ?? entry.content, 140) || feedTitle
  // One line per notification: the translated title stands in for the original in both modes.
  const text = translation?.data.title || original
  return (
    <Link
      to={to}
      data-testid="notification-row"
      data-entry-id={entry.id}
      data-read={item.read ? "true" : "false"}
      aria-current={active ? "page" : undefined}
      className={cx(
        "mx-2 flex items-center gap-2 rounded-lg px-3 py-1.5 text-[0.8125rem]",
        active ? "bg-accent/10 dark:bg-accent/15" : "hover:bg-hover",
      )}
    >
      <FeedIcon title={feedTitle} image={feed.image} className="size-4" />
      <span
        lang={translation?.data.title ? translation.language : undefined}
        title={translation?.data.title && !translation.only ? original : undefined}
        className={cx("min-w-0 flex-1 truncate", item.read ? "text-ink-soft" : "font-medium text-ink")}
      >
        {text}
      </span>
      <time
        dateTime={date.toISOString()}
        title={formatFullDateTime(date, i18n.language)}
        className="shrink-0 text-xs text-ink-faint"
      >
        {formatEntryTime(date, now, i18n.language, dateFormat)}
      </time>
    </Link>
  )
})

export default function NotificationList(props: EntryListProps) {
  return <EntryList {...props} estimateRowSize={32} renderItem={(row) => <NotificationRow {...row} />} />
}
