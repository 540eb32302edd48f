// The right column: one entry with its content, fetched with GET /entries?id=, marked read when opened.
import type { EntryDetail as Detail } from "@tidings/shared"
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { EmptyState } from "../../components/ui/empty-state.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { formatFullDateTime, parseDate } from "../../lib/format-date.ts"
import { useEntry } from "../../queries/entries.ts"
import { EntryToolbar } from "./entry-toolbar.tsx"
import { useAutoMarkRead } from "./use-auto-mark-read.ts"

// The sanitiser (DOMPurify) is only needed once an entry is open, so it loads with the first one.
const EntryContent = lazy(() => import("./entry-content.tsx").then((module) => ({ default: module.EntryContent })))

export function EntryDetail({ entryId, view }: { entryId: string; view: number }) {
  const { t } = useTranslation(["app", "common"])
  const entry = useEntry(entryId)
  useAutoMarkRead(entryId, entry.isSuccess && Boolean(entry.data))

  if (entry.isPending) return <LoadingPane label={t("common:status.loading")} />
  if (!entry.data) return <EmptyState icon="book" title={t("entry.not_found")} />
  return <EntryArticle detail={entry.data} view={view} />
}

function EntryArticle({ detail, view }: { detail: Detail; view: number }) {
  const { t, i18n } = useTranslation(["app", "common"])
  const { entries: entry, feeds: feed } = detail
  const published = parseDate(entry.publishedAt)
  const feedTitle = feed.title ?? feed.url

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="entry-detail" data-entry-id={entry.id}>
      <div className="flex h-14 shrink-0 items-center gap-3 border-b border-line px-5">
        <FeedIcon title={feedTitle} image={feed.image} className="size-5" />
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink-soft">{feedTitle}</span>
        <EntryToolbar
          entryId={entry.id}
          view={detail.view ?? Math.max(view, 0)}
          read={detail.read ?? true}
          starred={Boolean(detail.collections)}
          url={entry.url}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <article className="mx-auto max-w-[44rem] px-5 pt-6 pb-24 sm:px-8 sm:pt-10">
          <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-balance" data-testid="entry-title">
            {entry.url ? (
              <a href={entry.url} target="_blank" rel="noopener noreferrer" className="hover:text-accent-strong">
                {entry.title || t("entry.untitled")}
              </a>
            ) : (
              entry.title || t("entry.untitled")
            )}
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-ink-faint">
            {entry.author && <span className="font-medium text-ink-soft">{entry.author}</span>}
            {entry.author && published && <span aria-hidden="true">·</span>}
            {published && (
              <time dateTime={published.toISOString()}>{formatFullDateTime(published, i18n.language)}</time>
            )}
          </p>
          <hr className="my-8 border-line" />
          {entry.content || entry.description ? (
            <Suspense fallback={<LoadingPane label={t("common:status.loading")} />}>
              <EntryContent html={entry.content ?? entry.description ?? ""} />
            </Suspense>
          ) : (
            <p className="text-ink-faint">{t("entry.no_content")}</p>
          )}
        </article>
      </div>
    </div>
  )
}
