// An AI-sorted list's score on a row: small and quiet, so the order speaks and the number only explains it.
import { useTranslation } from "react-i18next"

export function AiScoreBadge({ score }: { score: number }) {
  const { t } = useTranslation("ai-timeline")
  const label = t("score.label", { score })
  return (
    <span
      className="rounded-full bg-accent/10 px-1.5 py-px text-[0.6875rem] font-medium tabular-nums text-accent-strong"
      title={label}
      data-testid="entry-ai-score"
    >
      <span aria-hidden="true">{score}</span>
      <span className="sr-only">{label}</span>
    </span>
  )
}
