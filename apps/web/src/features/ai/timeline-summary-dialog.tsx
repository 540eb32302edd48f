// "Summarise timeline": the model's markdown about the unread entries in view, in a dialog whose links open them.
import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { summariseTimeline } from "../../api/ai-timeline.ts"
import { ApiError } from "../../api/api-error.ts"
import { Dialog } from "../../components/ui/dialog.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import type { EntryFilter } from "../../queries/entry-filter.ts"
import { TimelineMarkdown } from "./timeline-markdown.tsx"

export default function TimelineSummaryDialog({ filter, onClose }: { filter: EntryFilter; onClose: () => void }) {
  const { t } = useTranslation("ai-timeline")
  const input = { view: filter.view, feedId: filter.feedId, feedIdList: filter.feedIdList, listId: filter.listId }
  const summary = useQuery({
    queryKey: ["ai", "timeline-summary", input],
    queryFn: ({ signal }) => summariseTimeline(input, signal),
    // Another look later is another summary of what is unread then; within a minute it is the same one.
    staleTime: 60_000,
    retry: false,
  })
  return (
    <Dialog open onClose={onClose} title={t("summary.title")} testId="timeline-summary-dialog" wide>
      <div className="max-h-[65vh] overflow-y-auto" aria-live="polite" aria-busy={summary.isPending}>
        {summary.isPending ? (
          <div className="flex items-center gap-2 py-6 text-sm text-ink-soft">
            <Spinner className="size-4" label={t("summary.working")} />
            {t("summary.working")}
          </div>
        ) : summary.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="timeline-summary-error">
            {/* The server's own words for a model problem say what to set or fix. */}
            {summary.error instanceof ApiError && summary.error.message
              ? summary.error.message
              : errorMessage(summary.error)}
          </p>
        ) : summary.data ? (
          <>
            <TimelineMarkdown markdown={summary.data.markdown} onNavigate={onClose} />
            <p className="mt-4 text-xs text-ink-faint">{t("summary.count", { count: summary.data.entryCount })}</p>
          </>
        ) : (
          <p className="py-4 text-sm text-ink-soft" data-testid="timeline-summary-empty">
            {t("summary.empty")}
          </p>
        )}
      </div>
    </Dialog>
  )
}
