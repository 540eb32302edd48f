// The daily report: the AI's digest of what arrived in Articles or Social media during one twelve-hour window
// (ending 8 AM or 8 PM in the user's time zone), rendered from Markdown whose links open the entries. The latest
// finished window first; earlier ones a click away.
import { useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { track } from "../../lib/analytics.ts"
import { AiProblem } from "../ai/ai-problem.tsx"
import { Markdown } from "./markdown.tsx"
import { useTimeZoneSync } from "./time-zone.ts"
import { latestWindowStart, nextBoundary, previousBoundary } from "./windows.ts"

export default function DailyReportDialog({ view, onClose }: { view: 0 | 1; onClose: () => void }) {
  const { t, i18n } = useTranslation("ai-tasks")
  useTimeZoneSync()
  useEffect(() => track("daily_report_modal", { view }), [view])
  const [latest] = useState(() => latestWindowStart(new Date()))
  const [start, setStart] = useState(latest)
  const end = nextBoundary(start)
  const digest = useQuery({
    queryKey: ["ai", "daily", view, start.getTime()],
    queryFn: async ({ signal }) =>
      (await import("../../api/ai-tasks.ts")).getDailyDigest(view, start.getTime(), signal),
    staleTime: 5 * 60_000,
    retry: false,
  })
  const format = new Intl.DateTimeFormat(i18n.language, {
    month: "short",
    day: "numeric",
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
  })
  const viewName = t(`daily.view.${view}`)

  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={`${t("daily.title")} · ${viewName}`}
      description={t("daily.description", { view: viewName })}
      testId="daily-report"
    >
      <div className="mb-3 flex items-center justify-between gap-2 border-y border-line py-2">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setStart(previousBoundary(start))}
          data-testid="daily-previous"
        >
          <Icon name="arrowLeft" className="size-3.5" />
          {t("daily.previous")}
        </Button>
        <p className="text-center text-xs font-medium text-ink-soft tabular-nums" data-testid="daily-window">
          {format.formatRange(start, end)}
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setStart(end)}
          disabled={start.getTime() >= latest.getTime()}
          data-testid="daily-next"
        >
          {t("daily.next")}
          <Icon name="chevronRight" className="size-3.5" />
        </Button>
      </div>
      <div className="max-h-[min(60vh,36rem)] overflow-y-auto pr-1" aria-live="polite" aria-busy={digest.isPending}>
        {digest.isPending ? (
          <div className="flex items-center gap-2 py-6 text-sm text-ink-soft">
            <Spinner label={t("daily.loading")} className="size-4" />
            {t("daily.loading")}
          </div>
        ) : digest.error ? (
          <AiProblem error={digest.error} onRetry={() => void digest.refetch()} />
        ) : (
          <Markdown text={digest.data} onNavigate={onClose} testId="daily-report-text" />
        )}
      </div>
    </Dialog>
  )
}
