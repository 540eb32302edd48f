// Settings › plan: the reader's role and when a trial ends, what each role may do here (the server's own limits,
// GET /plan), and how to get more on a server that takes no payments: the administrator, or an invitation code.

import { useQuery } from "@tanstack/react-query"
import type { UserRole } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { getPlan, type RoleAllowance } from "../../api/plan.ts"
import { errorMessage } from "../../i18n/error-message.ts"
import { cx } from "../../lib/cx.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { SectionText, SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

/** The order the roles are compared in: from the most limited to the least. */
const ROLE_ORDER: UserRole[] = ["free", "trial", "pre_pro_trial", "pro", "admin"]

const LIMITS = ["feeds", "lists", "inboxes", "ai_tokens", "ai_chat", "ai_files", "invite"] as const
type Row = { key: (typeof LIMITS)[number]; value: (r: RoleAllowance) => string }

export function PlanSettingsPage() {
  const { t, i18n } = useTranslation("settings")
  const plan = useQuery({ queryKey: ["plan"], queryFn: getPlan, staleTime: 60_000 })
  const number = (value: number) => formatShortNumber(value, i18n.language)
  const limit = (value: number | null) => (value === null ? t("plan.unlimited") : number(value))
  const yesNo = (value: boolean) => (value ? t("plan.yes") : t("plan.no"))
  const rows: Row[] = [
    { key: "feeds", value: (r) => limit(r.feedSubscriptionLimit) },
    { key: "lists", value: (r) => limit(r.listSubscriptionLimit) },
    { key: "inboxes", value: (r) => limit(r.inboxLimit) },
    { key: "ai_tokens", value: (r) => limit(r.aiDailyTokens) },
    { key: "ai_chat", value: (r) => yesNo(r.aiChat) },
    { key: "ai_files", value: (r) => (r.aiChat ? number(r.aiChatFilesPerDay) : "—") },
    { key: "invite", value: (r) => yesNo(r.invite) },
  ]

  if (plan.isPending)
    return (
      <SettingsPage page="plan">
        <p className="text-sm text-ink-soft">{t("plan.loading")}</p>
      </SettingsPage>
    )
  if (plan.isError)
    return (
      <SettingsPage page="plan">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(plan.error)}
        </p>
      </SettingsPage>
    )
  const { role, roleEndAt, roles, trialDays } = plan.data
  const ordered = ROLE_ORDER.flatMap((r) => roles.filter((x) => x.role === r))

  return (
    <SettingsPage page="plan">
      <SettingsSection title={t("plan.section.current")}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="plan-current">
          <p className="min-w-0 flex-[1_1_12rem] text-sm">
            {t("plan.your_role")}{" "}
            <strong className="rounded-full bg-accent/15 px-2 py-0.5 text-accent-strong" data-testid="plan-role">
              {t(`plan.role.${role}`)}
            </strong>
          </p>
          <p className="text-sm text-ink-soft" data-testid="plan-end">
            {roleEndAt
              ? t("plan.ends", { date: formatFullDateTime(new Date(roleEndAt), i18n.language) })
              : t("plan.no_end")}
          </p>
        </div>
        <SectionText>{t(`plan.role_about.${role}`, { days: trialDays })}</SectionText>
      </SettingsSection>

      <SettingsSection title={t("plan.section.roles")}>
        <section
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent"
          aria-label={t("plan.table_caption")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table takes the focus so a keyboard can scroll it (axe scrollable-region-focusable)
          tabIndex={0}
        >
          <table className="w-full min-w-[34rem] text-sm" data-testid="plan-table">
            <caption className="sr-only">{t("plan.table_caption")}</caption>
            <thead>
              <tr className="border-b border-line text-left text-xs text-ink-soft">
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("plan.what")}
                </th>
                {ordered.map((r) => (
                  <th
                    key={r.role}
                    scope="col"
                    className={cx(
                      "px-3 py-2 text-right font-medium whitespace-nowrap",
                      r.role === role && "bg-accent/10 text-accent-strong",
                    )}
                  >
                    {t(`plan.role.${r.role}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="px-4 py-2 text-left font-normal">
                    {t(`plan.limit.${row.key}`)}
                  </th>
                  {ordered.map((r) => (
                    <td
                      key={r.role}
                      className={cx(
                        "px-3 py-2 text-right whitespace-nowrap tabular-nums",
                        r.role === role && "bg-accent/10 font-medium",
                      )}
                    >
                      {row.value(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </SettingsSection>

      <SettingsSection title={t("plan.section.more")}>
        <div className="space-y-2 px-4 py-3 text-sm" data-testid="plan-payments">
          <p className="font-medium">{t("plan.no_payments")}</p>
          <p className="text-ink-soft">{t("plan.how_more")}</p>
          <p>
            <Link
              to="/invitation"
              className="font-medium text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-accent"
            >
              {t("plan.use_code")}
            </Link>
          </p>
        </div>
      </SettingsSection>
    </SettingsPage>
  )
}

export { PlanSettingsPage as Component }
