// Settings › AI › Usage today: tokens in and out per operation and model, and the daily budget with what remains.
import { useTranslation } from "react-i18next"
import type { AiUsage } from "../../api/ai.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { useAiUsage } from "./ai-queries.ts"

const OPERATIONS = [
  "summary",
  "translation",
  "summary-title",
  "chat",
  "test",
  "task",
  "daily",
  "tts",
  "timeline-score",
  "timeline-summary",
  "embedding",
] as const

export function UsageSection() {
  const { t, i18n } = useTranslation("ai")
  const usage = useAiUsage()
  const numbers = new Intl.NumberFormat(i18n.language)
  if (!usage.data) return null
  const { today } = usage.data
  return (
    <div className="px-4 py-3" data-testid="ai-usage">
      {today.length === 0 ? (
        <p className="text-sm text-ink-soft">{t("usage.none")}</p>
      ) : (
        <table className="w-full text-left text-sm tabular-nums">
          <thead className="text-xs text-ink-faint">
            <tr>
              <th scope="col" className="pb-1.5 font-medium">
                {t("usage.operation")}
              </th>
              <th scope="col" className="pb-1.5 text-right font-medium">
                {t("usage.tokens_in")}
              </th>
              <th scope="col" className="pb-1.5 text-right font-medium">
                {t("usage.tokens_out")}
              </th>
              <th scope="col" className="pb-1.5 text-right font-medium">
                {t("usage.calls")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {today.map((row) => (
              <tr key={`${row.operation}:${row.model}:${row.provider}`} data-testid="ai-usage-row">
                <th scope="row" className="py-1.5 pr-2 font-normal">
                  <span className="block text-ink">
                    {(OPERATIONS as readonly string[]).includes(row.operation)
                      ? t(`usage.op.${row.operation as (typeof OPERATIONS)[number]}`)
                      : row.operation}
                  </span>
                  <span className="block text-xs break-all text-ink-faint">
                    {row.model} · {row.provider === "user" ? t("usage.provider.user") : t("usage.provider.server")}
                  </span>
                </th>
                <td className="py-1.5 pl-2 text-right">{numbers.format(row.tokensIn)}</td>
                <td className="py-1.5 pl-2 text-right">{numbers.format(row.tokensOut)}</td>
                <td className="py-1.5 pl-2 text-right">{numbers.format(row.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <BudgetLine usage={usage.data} />
    </div>
  )
}

function BudgetLine({ usage }: { usage: AiUsage }) {
  const { t, i18n } = useTranslation("ai")
  const numbers = new Intl.NumberFormat(i18n.language)
  const resetAt = usage.resetAt ? new Date(usage.resetAt) : undefined
  return (
    <p className="mt-3 text-xs leading-relaxed text-ink-soft" data-testid="ai-budget">
      {usage.total > 0 && usage.remaining >= 0
        ? t("usage.budget", {
            used: numbers.format(usage.used),
            total: numbers.format(usage.total),
            remaining: numbers.format(usage.remaining),
            time: resetAt ? formatFullDateTime(resetAt, i18n.language) : "",
          })
        : t("usage.unlimited")}{" "}
      {t("usage.own_provider")}
    </p>
  )
}
