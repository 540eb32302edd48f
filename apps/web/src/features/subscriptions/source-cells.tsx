// The cells a subscription row shows in settings › feeds, shared by the wide table and the phone list: title with
// icon (and the feed's error under it), kind, view name, dates, and the feed's state with its retry.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { formatRelativeTime, formatShortDate } from "../../lib/format-date.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { viewMeta } from "../../lib/views.ts"
import { useRefreshFeed } from "../../queries/subscriptions.ts"
import { useSessionStore } from "../../stores/session-store.ts"
import type { SourceRow } from "./source-rows.ts"

export function TitleCell({ row }: { row: SourceRow }) {
  const { t } = useTranslation("subscriptions")
  return (
    <div className="flex min-w-0 items-start gap-2.5">
      <FeedIcon title={row.title} image={row.image} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink" data-testid="source-title" title={row.title}>
          {row.title}
        </p>
        {row.url ? (
          <p className="truncate text-xs text-ink-faint" title={row.url}>
            {row.url}
          </p>
        ) : (
          <p className="text-xs text-ink-faint">{t(`kind.${row.kind}`)}</p>
        )}
        {row.errorAt && (
          <p className="mt-1 text-xs break-words text-red-700 dark:text-red-400" data-testid="source-error">
            {row.errorMessage || t("table.error_unknown")}
          </p>
        )}
      </div>
    </div>
  )
}

export function ViewName({ view }: { view: number }) {
  const { t } = useTranslation()
  const meta = viewMeta(view)
  return <>{meta ? t(meta.nameKey) : view}</>
}

/** `now` comes from the table (one clock for every row rather than a timer per cell). */
export function DateText({ ms, now, relative }: { ms: number | null; now: Date; relative?: boolean }) {
  const { t, i18n } = useTranslation("subscriptions")
  if (ms === null) return <span className="text-ink-faint">{t("table.never")}</span>
  const date = new Date(ms)
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString(i18n.language)}>
      {relative ? formatRelativeTime(date, now, i18n.language) : formatShortDate(date, now, i18n.language)}
    </time>
  )
}

export function UnreadText({ count }: { count: number }) {
  const { i18n } = useTranslation()
  return <span className="tabular-nums">{formatShortNumber(count, i18n.language)}</span>
}

/** Last update, or the failure with a retry (admins only: the server refuses refreshes to anyone else, 2000). */
export function StatusCell({ row, now }: { row: SourceRow; now: Date }) {
  const { t } = useTranslation("subscriptions")
  const admin = useSessionStore((state) => state.role === "admin")
  const refresh = useRefreshFeed()
  if (row.kind !== "feed") {
    // Lists and inboxes have their own pages; they are not fetched like feeds, so there is no state to show.
    return (
      <Link
        to={row.kind === "list" ? "/settings/list" : "/inboxes"}
        className="text-xs font-medium text-accent-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        data-testid="source-manage"
      >
        {t(`table.manage_${row.kind}`)}
      </Link>
    )
  }
  if (!row.errorAt) {
    return (
      <span data-testid="source-status" data-state="ok">
        <DateText ms={row.updatedAt} now={now} relative />
      </span>
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="source-status" data-state="error">
      <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700 dark:text-red-400">
        <Icon name="wifiOff" className="size-3.5" />
        {t("table.failing")}
        <span className="font-normal">
          · <DateText ms={Date.parse(row.errorAt)} now={now} relative />
        </span>
      </span>
      {admin && (
        <Button
          size="sm"
          disabled={refresh.isPending}
          onClick={() => refresh.mutate(row.id)}
          aria-label={t("table.retry_label", { title: row.title })}
          data-testid="source-retry"
        >
          <Icon name="refresh" className={refresh.isPending ? "size-3.5 animate-spin" : "size-3.5"} />
          {refresh.isPending ? t("table.retrying") : t("table.retry")}
        </Button>
      )}
    </div>
  )
}
