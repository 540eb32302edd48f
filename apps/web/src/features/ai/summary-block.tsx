// The AI summary above an entry's text: a skeleton while the model writes it, the summary, or what went wrong in
// its place. Nothing at all for a text too short to summarise (the server answers null under 100 characters).
import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import type { AiLanguage } from "../../api/ai.ts"
import { Icon } from "../../components/ui/icons.tsx"
import { AiProblem, NoModelHint } from "./ai-problem.tsx"
import type { SummaryTarget } from "./local-ai.ts"
import { loadSummary } from "./summaries.ts"

export interface SummaryBlockProps {
  entryId: string
  language: AiLanguage
  target: SummaryTarget
  /** A model answers: without one the hint shows and nothing is asked for. */
  available: boolean
}

export function SummaryBlock({ entryId, language, target, available }: SummaryBlockProps) {
  const { t } = useTranslation("ai")
  const summary = useQuery({
    queryKey: ["ai-summary", entryId, language, target],
    queryFn: ({ signal }) => loadSummary({ id: entryId, language, target }, signal),
    enabled: available,
    // Memory is the summaries' own (at most 10, summaries.ts); a model call is never repeated by itself.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  if (available && summary.isSuccess && summary.data === null) return null

  return (
    <section
      aria-labelledby={`summary-${entryId}`}
      aria-busy={summary.isFetching}
      className="mt-6 rounded-xl border border-line bg-surface-raised px-4 py-3"
      data-testid="ai-summary"
    >
      <h2
        id={`summary-${entryId}`}
        className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-ink-faint uppercase"
      >
        <Icon name="sparkles" className="size-3.5 text-accent" />
        {t("summary.title")}
      </h2>
      {!available ? (
        <NoModelHint />
      ) : summary.isPending ? (
        <div className="flex flex-col gap-2 py-1" data-testid="ai-summary-loading">
          <span className="sr-only" role="status">
            {t("summary.loading")}
          </span>
          <span className="h-3 w-full animate-pulse rounded bg-hover" />
          <span className="h-3 w-11/12 animate-pulse rounded bg-hover" />
          <span className="h-3 w-2/3 animate-pulse rounded bg-hover" />
        </div>
      ) : summary.isError ? (
        <AiProblem error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <p
          lang={language}
          className="text-[0.9375rem] leading-relaxed whitespace-pre-line text-ink"
          data-testid="ai-summary-text"
        >
          {summary.data}
        </p>
      )}
    </section>
  )
}
