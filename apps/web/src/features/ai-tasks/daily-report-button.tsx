// The timeline header's "daily report" button (Articles and Social media). The report's dialog, its strings and
// its API module load when it is first opened, so the timeline's first screen does not carry them.
import { lazy, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { useAiConfig } from "../ai/ai-queries.ts"

const DailyReportDialog = lazy(() => import("./daily-report.tsx"))

export function DailyReportButton({ view }: { view: 0 | 1 }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const available = useAiConfig().data?.available ?? false
  // Without a model (the server's or the user's own) there is no report to open: no button.
  if (!available) return null
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("timeline.daily_report")}
        title={t("timeline.daily_report")}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="daily-report-open"
      >
        <Icon name="sparkles" className="size-4" />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DailyReportDialog view={view} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
