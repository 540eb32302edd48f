// /power, the wallet page (spec client §2): the route exists so links and bookmarks land in the app; the POWER
// wallet itself (balance, daily claim, tips, transactions) arrives with a later issue, and the page says so.
import { useTranslation } from "react-i18next"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { PageFrame } from "../components/ui/page-frame.tsx"

export function PowerRoute() {
  const { t } = useTranslation("discover")
  return (
    <PageFrame title={t("power.title")} hint={t("power.hint")}>
      <div
        className="mt-6 rounded-xl border border-line bg-surface p-4 dark:bg-surface-raised"
        data-testid="power-page"
      >
        <EmptyState icon="sparkles" title={t("power.later")}>
          <ul className="max-w-md list-disc pl-5 text-left text-sm text-ink-soft">
            <li>{t("power.balance")}</li>
            <li>{t("power.claim")}</li>
            <li>{t("power.tips")}</li>
            <li>{t("power.transactions")}</li>
          </ul>
        </EmptyState>
      </div>
    </PageFrame>
  )
}

export { PowerRoute as Component }
