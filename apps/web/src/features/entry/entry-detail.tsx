// The right column: one entry with its content, fetched with GET /entries?id= (an inbox entry with GET
// /entries/inbox?id=, as inbox entries are stored apart), marked read when opened.
import type { EntryDetail as Detail } from "@tidings/shared"
import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { EmptyState } from "../../components/ui/empty-state.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { track } from "../../lib/analytics.ts"
import { formatFullDateTime, parseDate } from "../../lib/format-date.ts"
import { sourceTitle } from "../../lib/source-title.ts"
import { useEntry } from "../../queries/entries.ts"
import { useInboxEntry } from "../../queries/inboxes.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useEntryAi } from "../ai/use-entry-ai.ts"
import { useEntryTranslation } from "../ai/use-entry-translation.ts"
import { AskAiSelection } from "../ai-chat/ask-ai-selection.tsx"
import { EntryBody } from "./entry-body.tsx"
import { EntryToolbar } from "./entry-toolbar.tsx"
import { InboxEntryToolbar } from "./inbox-entry-toolbar.tsx"
import { RecentReaders } from "./recent-readers.tsx"
import { useAutoMarkRead } from "./use-auto-mark-read.ts"
import type { EntryViewMode } from "./use-entry-actions.ts"

// The AI blocks (and their strings) load with the first one shown.
const SummaryBlock = lazy(() => import("../ai/summary-block.tsx").then((m) => ({ default: m.SummaryBlock })))
const ListenControl = lazy(() => import("../ai/listen-control.tsx").then((m) => ({ default: m.ListenControl })))
const TranslationStatus = lazy(() =>
  import("../ai/translation-status.tsx").then((m) => ({ default: m.TranslationStatus })),
)

export function EntryDetail({ entryId, view, inbox = false }: { entryId: string; view: number; inbox?: boolean }) {
  const { t } = useTranslation(["app", "common"])
  const feedEntry = useEntry(inbox ? undefined : entryId)
  const inboxEntry = useInboxEntry(inbox ? entryId : undefined)
  const entry = inbox ? inboxEntry : feedEntry
  useAutoMarkRead(entryId, entry.isSuccess && Boolean(entry.data))
  // One event per entry opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry id is what the event counts.
  useEffect(() => track("navigate_entry", { view }), [entryId, view])

  if (entry.isPending) return <LoadingPane label={t("common:status.loading")} />
  if (!entry.data) return <EmptyState icon="book" title={t("entry.not_found")} />
  return <EntryArticle detail={entry.data} view={view} inbox={inbox} />
}

function EntryArticle({ detail, view, inbox }: { detail: Detail; view: number; inbox: boolean }) {
  const { t, i18n } = useTranslation(["app", "common"])
  const { entries: entry, feeds: feed } = detail
  const published = parseDate(entry.publishedAt)
  // An inbox stands where the feed would, with no address of its own: its handle names it.
  const feedTitle = sourceTitle(feed)
  const [mode, setMode] = useState<EntryViewMode>("content")
  const articleRef = useRef<HTMLElement>(null)
  const wide = useSettingsStore((state) => state.ui.wideMode)
  const entryView = detail.view ?? Math.max(view, 0)
  const ai = useEntryAi(entry.id, detail.settings)
  const translation = useEntryTranslation({
    entryId: entry.id,
    view: entryView,
    mode,
    language: ai.language,
    enabled: ai.translated && ai.available,
  })
  const translated = ai.translated ? translation.data : undefined
  const only = ai.translationMode === "translation-only"
  const title = entry.title || t("entry.untitled")
  const shownTitle = only && translated?.title ? translated.title : title
  // The body shown is the content, the description when there is none, or the readability text.
  const translatedBody =
    mode === "readability"
      ? translated?.readabilityContent
      : entry.content
        ? translated?.content
        : translated?.description

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="entry-detail" data-entry-id={entry.id}>
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-line px-3 sm:gap-3 sm:px-5">
        <FeedIcon title={feedTitle} image={feed.image} className="size-5" />
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink-soft">{feedTitle}</span>
        {inbox ? (
          <InboxEntryToolbar entryId={entry.id} inboxId={feed.id} />
        ) : (
          <EntryToolbar detail={detail} view={entryView} mode={mode} onMode={setMode} ai={ai} />
        )}
      </div>
      {/* Focusable, so a click in the text puts the keyboard in the article: ↑/↓ and Space then scroll it. */}
      <div className="min-h-0 flex-1 overflow-y-auto outline-none" tabIndex={-1} data-testid="entry-scroller">
        <AskAiSelection container={articleRef} />
        <article
          ref={articleRef}
          className={`mx-auto px-5 pt-6 pb-24 sm:px-8 sm:pt-10 ${wide ? "max-w-none" : "max-w-[44rem]"}`}
          data-mode={mode}
        >
          <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-balance" data-testid="entry-title">
            {entry.url ? (
              <a href={entry.url} target="_blank" rel="noopener noreferrer" className="hover:text-accent-strong">
                {shownTitle}
              </a>
            ) : (
              shownTitle
            )}
          </h1>
          {!only && translated?.title && (
            <p
              lang={ai.language}
              className="mt-2 text-lg leading-snug text-ink-soft text-balance"
              data-testid="entry-title-translation"
            >
              {translated.title}
            </p>
          )}
          <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-ink-faint">
            {entry.author && <span className="font-medium text-ink-soft">{entry.author}</span>}
            {entry.author && published && <span aria-hidden="true">·</span>}
            {published && (
              <time dateTime={published.toISOString()}>{formatFullDateTime(published, i18n.language)}</time>
            )}
          </p>
          {/* Inbox entries are private to their owner: nobody else reads them. */}
          {!inbox && <RecentReaders entryId={entry.id} />}
          {/* The article does not wait for the AI blocks' code and strings. */}
          {/* Apart from the AI blocks: its strings loading does not hold back the summary. */}
          <Suspense fallback={null}>
            {mode !== "source" && (
              <ListenControl
                entryId={entry.id}
                title={title}
                html={entry.content ?? entry.description ?? ""}
                source={mode === "readability" ? "readabilityContent" : "auto"}
              />
            )}
          </Suspense>
          <Suspense fallback={null}>
            {ai.translated && <TranslationStatus query={translation} available={ai.available} language={ai.language} />}
            {ai.summaryShown && mode !== "source" && (
              <SummaryBlock
                entryId={entry.id}
                language={ai.language}
                target={mode === "readability" ? "readabilityContent" : "content"}
                available={ai.available}
              />
            )}
          </Suspense>
          <hr className="my-8 border-line" />
          <EntryBody
            entryId={entry.id}
            title={entry.title || feedTitle}
            html={entry.content ?? entry.description ?? ""}
            url={entry.url}
            mode={mode}
            translation={
              translatedBody ? { html: translatedBody, mode: ai.translationMode, language: ai.language } : undefined
            }
          />
        </article>
      </div>
    </div>
  )
}
