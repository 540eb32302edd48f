// /discover/category/{category}: the RSSHub routes of one category on the instance the server uses, most followed
// here first, each with the form that builds its rsshub:// URL.
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { EmptyState } from "../../components/ui/empty-state.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { routeFollowers, routeItems } from "../rsshub/catalogue.ts"
import { RouteCard } from "../rsshub/route-card.tsx"
import { useRsshubAnalytics, useRsshubCatalogue } from "../rsshub/use-rsshub.ts"
import { CategoryChips, useCategoryLabel } from "./categories.tsx"
import { DiscoverFrame } from "./discover-frame.tsx"

export function CategoryPage() {
  const { t } = useTranslation(["discover", "common"])
  const category = useParams().category ?? ""
  const catalogue = useRsshubCatalogue(category)
  const analytics = useRsshubAnalytics().data
  const label = useCategoryLabel()(category)
  const items = catalogue.data
    ? routeItems(catalogue.data, category)
        .map((item) => ({ item, followers: routeFollowers(analytics, item.namespace, item.route.path) }))
        .sort((a, b) => (b.followers ?? 0) - (a.followers ?? 0) || a.item.ns.name.localeCompare(b.item.ns.name))
    : []

  return (
    <DiscoverFrame
      title={t("category_page.title", { category: label })}
      hint={t("category_page.hint")}
      testId="discover-category-page"
    >
      <div className="mt-4">
        <CategoryChips current={category} />
      </div>
      {catalogue.isPending ? (
        <LoadingPane label={t("common:status.loading")} />
      ) : catalogue.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300">
          {errorMessage(catalogue.error)}
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon="search" title={t("category_page.none")} />
      ) : (
        <>
          <p className="mt-4 text-xs text-ink-soft">{t("rsshub.routes", { count: items.length })}</p>
          <ul className="mt-2 grid gap-2 lg:grid-cols-2" data-testid="category-routes">
            {items.map(({ item, followers }) => (
              <RouteCard key={`${item.namespace}${item.route.path}`} item={item} followers={followers} showNamespace />
            ))}
          </ul>
        </>
      )}
    </DiscoverFrame>
  )
}
