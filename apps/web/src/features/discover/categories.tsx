// The categories of /discover: RSSHub's own route categories on the instance the server uses (programming, social
// media, …), each with how many routes it holds; a category opens its page of routes.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { errorMessage } from "../../i18n/error-message.ts"
import { cx } from "../../lib/cx.ts"
import { categoryCounts } from "../rsshub/catalogue.ts"
import { useRsshubCatalogue } from "../rsshub/use-rsshub.ts"
import { DiscoverSection } from "./discover-frame.tsx"

/** A category's name in the reader's language; one RSSHub added since is shown as it is spelled there. */
export function useCategoryLabel() {
  const { t, i18n } = useTranslation("discover")
  return (category: string) =>
    i18n.exists(`discover:category.${category}`)
      ? t(`category.${category}` as "category.other")
      : category.replace(/-/g, " ")
}

export function Categories() {
  const { t } = useTranslation("discover")
  return (
    <DiscoverSection title={t("categories.title")} hint={t("categories.hint")} testId="discover-categories">
      <CategoryChips />
    </DiscoverSection>
  )
}

/** Every category of the catalogue as a link to its page; `current` is marked as the page shown. */
export function CategoryChips({ current }: { current?: string }) {
  const { t } = useTranslation(["discover", "common"])
  const catalogue = useRsshubCatalogue()
  const label = useCategoryLabel()
  if (catalogue.isPending) return <p className="text-sm text-ink-soft">{t("common:status.loading")}</p>
  if (catalogue.isError)
    return (
      <p role="alert" className="rounded-lg bg-hover px-3 py-2 text-sm text-ink-soft">
        {errorMessage(catalogue.error)}
      </p>
    )
  return (
    <ul className="flex flex-wrap gap-2">
      {categoryCounts(catalogue.data).map(([category, count]) => (
        <li key={category}>
          <Link
            to={`/discover/category/${encodeURIComponent(category)}`}
            aria-current={category === current ? "page" : undefined}
            className={cx(
              "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent",
              category === current
                ? "border-accent bg-accent/15 text-accent-strong"
                : "border-line bg-surface dark:bg-surface-raised",
            )}
            data-testid="discover-category"
          >
            {label(category)}
            <span className="text-xs text-ink-faint">{count}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
