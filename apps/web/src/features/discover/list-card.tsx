// One list found by words: its picture, title, description, feeds and followers, and the way to its page, where
// it can be followed.
import type { ListTarget } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { formatShortNumber } from "../../lib/format-number.ts"
import { viewMeta } from "../../lib/views.ts"
import { ListAvatar } from "../lists/list-avatar.tsx"

export function ListCard({ list }: { list: ListTarget }) {
  const { t, i18n } = useTranslation(["discover", "app"])
  const view = viewMeta(list.view)
  const followers = list.subscriptionCount ?? 0
  return (
    <li
      className="flex min-w-0 items-start gap-3 rounded-xl border border-line bg-surface p-3 shadow-xs dark:bg-surface-raised"
      data-testid="discover-list-card"
    >
      <ListAvatar title={list.title} image={list.image} className="size-10 text-base" />
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-sm font-semibold">{list.title}</h3>
        {list.description && <p className="mt-0.5 line-clamp-2 text-sm text-ink-soft">{list.description}</p>}
        <p className="mt-1.5 flex flex-wrap gap-x-3 text-xs text-ink-faint">
          <span>{t("list_feeds", { count: list.feedIds.length })}</span>
          <span>{t("followers", { count: followers, number: formatShortNumber(followers, i18n.language) })}</span>
          {view && <span>{t(`app:${view.nameKey}`)}</span>}
        </p>
      </div>
      <Link
        to={`/share/lists/${list.id}`}
        className="inline-flex h-7 shrink-0 items-center rounded-md border border-line px-2.5 text-xs font-medium hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
        data-testid="discover-list-open"
      >
        {t("list_open")}
      </Link>
    </li>
  )
}
