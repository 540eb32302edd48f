// What the entry pane shows below its heading: the feed's content, the readability text of the page (GET
// /entries/readability, cached for the 3 days after which the server extracts it again), or the page itself.
import { useQuery } from "@tanstack/react-query"
import { READABILITY_MAX_AGE_MS } from "@tidings/shared"
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { getReadability } from "../../api/entries.ts"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import type { EntryTranslation } from "./entry-content.tsx"
import type { EntryViewMode } from "./use-entry-actions.ts"

const EntryContent = lazy(() => import("./entry-content.tsx").then((module) => ({ default: module.EntryContent })))

export interface EntryBodyProps {
  entryId: string
  title: string
  html: string
  url: string | null
  mode: EntryViewMode
  /** The body's translation, shown beside (bilingual) or instead of (translation-only) the original. */
  translation?: EntryTranslation
}

export function EntryBody(props: EntryBodyProps) {
  const { t } = useTranslation(["app", "common"])
  const readability = useQuery({
    queryKey: ["readability", props.entryId],
    queryFn: ({ signal }) => getReadability(props.entryId, signal),
    enabled: props.mode === "readability",
    staleTime: READABILITY_MAX_AGE_MS,
  })
  const loading = <LoadingPane label={t("common:status.loading")} />

  if (props.mode === "source" && props.url) {
    // The policy frames https pages only; anything else opens in the browser.
    if (!props.url.startsWith("https:")) {
      return (
        <p className="text-sm text-ink-soft" data-testid="entry-source">
          {t("entry.source_not_framed")}{" "}
          <a href={props.url} target="_blank" rel="noopener noreferrer" className="text-accent-strong underline">
            {t("entry.open_original")}
          </a>
        </p>
      )
    }
    return (
      <iframe
        src={props.url}
        title={t("entry.source_content")}
        sandbox="allow-scripts allow-popups allow-forms"
        referrerPolicy="no-referrer"
        className="h-[75vh] w-full rounded-lg border border-line"
        data-testid="entry-source"
      />
    )
  }
  if (props.mode === "readability") {
    if (readability.isPending) return loading
    const html = readability.data
    return html ? (
      <Suspense fallback={loading}>
        <div data-testid="entry-readability">
          <EntryContent html={html} entryId={props.entryId} title={props.title} translation={props.translation} />
        </div>
      </Suspense>
    ) : (
      <p className="text-ink-soft">{t("entry.readability_failed")}</p>
    )
  }
  if (!props.html) return <p className="text-ink-soft">{t("entry.no_content")}</p>
  return (
    <Suspense fallback={loading}>
      <EntryContent html={props.html} entryId={props.entryId} title={props.title} translation={props.translation} />
    </Suspense>
  )
}
