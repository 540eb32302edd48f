// The AI timeline's buttons in the timeline header: "AI sort" (only with a sorting prompt and a model) and
// "Summarise timeline". Part of the timeline's first screen, so kept small: the model's availability is asked only
// when the server has a model or the user set a sorting prompt (no request and no AI code otherwise), and the
// summary dialog loads when it opens.
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import type { EntryFilter } from "../../queries/entry-filter.ts"
import { useStatusConfigs } from "../../queries/status.ts"
import { useAiConfig } from "./ai-queries.ts"
import { canAiSort, useAiSortStore, useHasSortPrompt } from "./ai-sort.ts"

const SummaryDialog = lazy(() => import("./timeline-summary-dialog.tsx"))

export function AiTimelineTools({ filter }: { filter: EntryFilter | null }) {
  const hasPrompt = useHasSortPrompt()
  const serverHasModel = useStatusConfigs().data?.AI_ENABLED ?? false
  const config = useAiConfig(hasPrompt || serverHasModel)
  if (!config.data?.available || !canAiSort(filter)) return null
  // The buttons' strings load on first use: nothing else in the header waits for them.
  return (
    <Suspense fallback={null}>
      <Tools filter={filter} hasPrompt={hasPrompt} />
    </Suspense>
  )
}

function Tools({ filter, hasPrompt }: { filter: EntryFilter; hasPrompt: boolean }) {
  const { t } = useTranslation("ai-timeline")
  const on = useAiSortStore((state) => state.on)
  const setOn = useAiSortStore((state) => state.setOn)
  const open = useAiSortStore((state) => state.summaryOpen)
  const setOpen = useAiSortStore((state) => state.setSummaryOpen)
  return (
    <>
      {hasPrompt && (
        <Button
          variant="ghost"
          size="icon"
          aria-pressed={on}
          aria-label={t("sort.label")}
          title={on ? t("sort.off") : t("sort.on")}
          onClick={() => setOn(!on)}
          className={cx(on && "text-accent! hover:text-accent-strong!")}
          data-testid="ai-sort-toggle"
        >
          <Icon name="sparkles" className="size-4" />
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("summary.button")}
        title={t("summary.button")}
        onClick={() => setOpen(true)}
        data-testid="ai-summarise-timeline"
      >
        <Icon name="fileText" className="size-4" />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SummaryDialog filter={filter} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
