// Settings › feeds: every subscription in one table (a list on a phone) to sort, filter and change in bulk, with
// each failing feed's error and a retry; below it, the feeds the user claimed (claimed-feeds-section.tsx) and the
// feeds the user publishes (feed-outputs-section.tsx).
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { useIsMobile } from "../../lib/use-media-query.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { BulkActions } from "../subscriptions/bulk-actions.tsx"
import { SourceList } from "../subscriptions/source-list.tsx"
import { SourceTable } from "../subscriptions/source-table.tsx"
import { useSourceTable } from "../subscriptions/use-source-table.ts"
import { ClaimedFeedsSection } from "./claimed-feeds-section.tsx"
import { FeedOutputsSection } from "./feed-outputs-section.tsx"
import { SettingsPage } from "./settings-page.tsx"

export function FeedsSettingsPage() {
  const { t } = useTranslation(["subscriptions", "common"])
  const table = useSourceTable()
  const mobile = useIsMobile()
  const all = useSubscriptions().data ?? []

  return (
    <SettingsPage page="feeds">
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Icon name="search" className="pointer-events-none absolute top-2.5 left-3 size-4 text-ink-faint" />
          <input
            type="search"
            value={table.query}
            onChange={(event) => table.setQuery(event.target.value)}
            placeholder={t("table.filter_placeholder")}
            aria-label={t("table.filter")}
            className="h-9 w-full rounded-lg border border-line bg-surface pr-3 pl-9 text-sm outline-none focus:border-accent focus:ring-3 focus:ring-accent/20 dark:bg-surface-raised"
            data-testid="sources-filter"
          />
        </div>
        <BulkActions selected={table.selectedSubs} all={all} onDone={table.clear} />
        {table.loading ? (
          <LoadingPane label={t("common:status.loading")} />
        ) : table.rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-ink-soft" data-testid="sources-empty">
            {table.query ? t("table.no_match") : t("table.empty")}
          </p>
        ) : mobile ? (
          <SourceList table={table} />
        ) : (
          <SourceTable table={table} />
        )}
      </div>
      <ClaimedFeedsSection />
      <FeedOutputsSection />
    </SettingsPage>
  )
}

export { FeedsSettingsPage as Component }
