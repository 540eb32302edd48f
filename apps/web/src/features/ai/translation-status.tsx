// The line under an entry's heading while it is translated, or in place of the translation when there is none:
// the hint when no model answers, the failure otherwise.
import type { UseQueryResult } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import type { AiLanguage } from "../../api/ai.ts"
import { Spinner } from "../../components/ui/spinner.tsx"
import { LANGUAGE_NAMES } from "../../i18n/languages.ts"
import { AiProblem, NoModelHint } from "./ai-problem.tsx"

export function TranslationStatus(props: { query: UseQueryResult<unknown>; available: boolean; language: AiLanguage }) {
  const { t } = useTranslation("ai")
  const { query } = props
  const box = "mt-4 rounded-xl border border-line bg-surface-raised px-4 py-3"
  if (!props.available)
    return (
      <div className={box} data-testid="ai-translation-status">
        <NoModelHint />
      </div>
    )
  if (query.isError)
    return (
      <div className={box} data-testid="ai-translation-status">
        <p className="mb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">{t("translation.failed")}</p>
        <AiProblem error={query.error} onRetry={() => void query.refetch()} />
      </div>
    )
  if (!query.isFetching) return null
  return (
    <p className="mt-3 flex items-center gap-2 text-sm text-ink-faint" data-testid="ai-translation-status">
      <Spinner className="size-3.5" label={t("translation.loading", { language: LANGUAGE_NAMES[props.language] })} />
      <span aria-hidden="true">{t("translation.loading", { language: LANGUAGE_NAMES[props.language] })}</span>
    </p>
  )
}
