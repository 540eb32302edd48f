// /rsshub: the routes of the RSSHub instance the server uses, by namespace, narrowed by words, category and
// language; each route opens a form that builds its rsshub:// URL, previews the feed and subscribes.
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import type { RsshubNamespace } from "../../api/discover.ts"
import { EmptyState } from "../../components/ui/empty-state.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useCategoryLabel } from "../discover/categories.tsx"
import { DiscoverFrame } from "../discover/discover-frame.tsx"
import { categoryCounts } from "./catalogue.ts"
import { InstancesSection } from "./instances-section.tsx"
import { NamespaceSection } from "./namespace-section.tsx"
import { useRsshubAnalytics, useRsshubCatalogue, useRsshubInstance } from "./use-rsshub.ts"

const PAGE = 30

interface Filter {
  words: string
  category: string
  lang: string
}

function matches(namespace: string, ns: RsshubNamespace, filter: Filter): RsshubNamespace | undefined {
  if (filter.lang && ns.lang !== filter.lang) return undefined
  const words = filter.words.trim().toLowerCase()
  const nsHit = !words || `${namespace} ${ns.name} ${ns.url ?? ""}`.toLowerCase().includes(words)
  const routes = Object.entries(ns.routes ?? {}).filter(
    ([path, route]) =>
      (!filter.category || route.categories?.includes(filter.category) || ns.categories?.includes(filter.category)) &&
      (nsHit || `${path} ${route.name}`.toLowerCase().includes(words)),
  )
  return routes.length ? { ...ns, routes: Object.fromEntries(routes) } : undefined
}

export function RsshubPage() {
  const { t } = useTranslation(["discover", "common"])
  const catalogue = useRsshubCatalogue()
  const instance = useRsshubInstance().data
  return (
    <DiscoverFrame
      title={t("rsshub.title")}
      hint={instance ? t("rsshub.instance", { url: instance }) : t("rsshub.hint")}
      testId="rsshub-page"
    >
      <InstancesSection />
      <h2 className="mt-6 text-base font-semibold">{t("rsshub.routes_title")}</h2>
      {catalogue.isPending ? (
        <LoadingPane label={t("common:status.loading")} />
      ) : catalogue.isError ? (
        <p
          role="alert"
          className="mt-6 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
          data-testid="rsshub-error"
        >
          {errorMessage(catalogue.error)}
        </p>
      ) : (
        <RouteBrowser all={catalogue.data} />
      )}
    </DiscoverFrame>
  )
}

function RouteBrowser({ all }: { all: Record<string, RsshubNamespace> }) {
  const { t } = useTranslation("discover")
  const analytics = useRsshubAnalytics().data
  const [filter, setFilter] = useState<Filter>({ words: "", category: "", lang: "" })
  const [shown, setShown] = useState(PAGE)
  const found = useMemo(
    () =>
      Object.entries(all)
        .flatMap(([namespace, ns]) => {
          const hit = matches(namespace, ns, filter)
          return hit ? [[namespace, hit] as const] : []
        })
        .sort((a, b) => a[1].name.localeCompare(b[1].name)),
    [all, filter],
  )
  const narrowed = Boolean(filter.words.trim() || filter.category || filter.lang)
  return (
    <>
      <RouteFilters
        all={all}
        filter={filter}
        onChange={(next) => {
          setFilter({ ...filter, ...next })
          setShown(PAGE)
        }}
      />
      <p className="mt-3 text-xs text-ink-soft" role="status">
        {t("rsshub.count", { count: found.length })}
      </p>
      {found.length === 0 ? (
        <EmptyState icon="search" title={t("rsshub.none")} />
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="rsshub-namespaces">
          {found.slice(0, shown).map(([namespace, ns]) => (
            // A filter that leaves a few namespaces opens them.
            <NamespaceSection
              key={namespace}
              namespace={namespace}
              ns={ns}
              analytics={analytics}
              open={narrowed && found.length <= 5}
            />
          ))}
        </ul>
      )}
      {found.length > shown && (
        <div className="mt-3 flex justify-center">
          <button
            type="button"
            className="h-8 cursor-pointer rounded-lg px-3 text-sm font-medium text-accent-strong outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent"
            onClick={() => setShown(shown + PAGE)}
          >
            {t("rsshub.more", { count: found.length - shown })}
          </button>
        </div>
      )}
    </>
  )
}

function RouteFilters(props: {
  all: Record<string, RsshubNamespace>
  filter: Filter
  onChange: (next: Partial<Filter>) => void
}) {
  const { t } = useTranslation("discover")
  const label = useCategoryLabel()
  const { all, filter, onChange } = props
  const categories = useMemo(() => categoryCounts(all), [all])
  const languages = useMemo(
    () => [...new Set(Object.values(all).flatMap((ns) => (ns.lang ? [ns.lang] : [])))].sort(),
    [all],
  )
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_9rem]">
      <TextField
        label={t("rsshub.filter")}
        placeholder={t("rsshub.filter_placeholder")}
        value={filter.words}
        onChange={(e) => onChange({ words: e.target.value })}
        type="search"
        data-testid="rsshub-filter"
      />
      <SelectField
        label={t("rsshub.category")}
        value={filter.category}
        onChange={(e) => onChange({ category: e.target.value })}
        data-testid="rsshub-category"
      >
        <option value="">{t("rsshub.all")}</option>
        {categories.map(([category, count]) => (
          <option key={category} value={category}>
            {label(category)} ({count})
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("rsshub.language")}
        value={filter.lang}
        onChange={(e) => onChange({ lang: e.target.value })}
        data-testid="rsshub-language"
      >
        <option value="">{t("rsshub.all")}</option>
        {languages.map((lang) => (
          <option key={lang} value={lang}>
            {lang}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
