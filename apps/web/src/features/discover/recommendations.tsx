// Recommendations: the feeds other people here follow publicly and the reader does not (GET /trending/feeds; the
// server counts public subscriptions only and says how many, never who).
import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { trendingFeeds } from "../../api/discover.ts"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { DiscoverSection } from "./discover-frame.tsx"
import { FeedCardGrid } from "./feed-card.tsx"

export function Recommendations() {
  const { t } = useTranslation(["discover", "common"])
  const trending = useQuery({ queryKey: ["trending-feeds"], queryFn: trendingFeeds, staleTime: 5 * 60_000 })
  return (
    <DiscoverSection
      title={t("recommendations.title")}
      hint={t("recommendations.hint")}
      testId="discover-recommendations"
    >
      {trending.isPending ? (
        <LoadingPane label={t("common:status.loading")} />
      ) : trending.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(trending.error)}
        </p>
      ) : trending.data.length ? (
        <FeedCardGrid items={trending.data} />
      ) : (
        <p className="rounded-lg bg-hover px-3 py-2 text-sm text-ink-soft">{t("recommendations.none")}</p>
      )}
    </DiscoverSection>
  )
}
