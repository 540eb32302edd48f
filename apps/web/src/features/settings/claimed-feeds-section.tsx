// Settings › feeds, "Feeds you own": the feeds the user claimed (features/wallet/feed-claim-dialog.tsx), with their
// subscribers and the POWER tipped to them.
import { useTranslation } from "react-i18next"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { useClaimedFeeds } from "../../queries/feed-claims.ts"
import { formatPower } from "../wallet/power-format.ts"
import { SettingsSection } from "./setting-controls.tsx"

export function ClaimedFeedsSection() {
  const { t, i18n } = useTranslation("wallet")
  const claimed = useClaimedFeeds()
  const rows = claimed.data ?? []
  return (
    <SettingsSection title={t("feed_claim.list_title")}>
      <p className="px-4 py-3 text-sm text-ink-soft">{t("feed_claim.list_hint")}</p>
      {claimed.isPending ? (
        <p className="px-4 py-3 text-sm text-ink-soft">{t("loading")}</p>
      ) : rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-ink-soft" data-testid="claimed-feeds-empty">
          {t("feed_claim.list_empty")}
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid="claimed-feeds">
          {rows.map(({ feed, subscriptionCount, tipAmount }) => {
            const title = feed.title ?? feed.url
            return (
              <li key={feed.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="claimed-feed">
                <FeedIcon title={title} image={feed.image} className="size-5 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{title}</p>
                  <p className="truncate text-xs text-ink-faint">{feed.siteUrl ?? feed.url}</p>
                </div>
                <div className="shrink-0 text-right text-xs text-ink-soft">
                  <p>{t("feed_claim.subscribers", { count: subscriptionCount })}</p>
                  <p>{t("feed_claim.tipped", { amount: formatPower(tipAmount, i18n.language) })}</p>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </SettingsSection>
  )
}
