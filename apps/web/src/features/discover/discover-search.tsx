// The one search box of /discover: an address (the feeds of that page, POST /discover), an rsshub:// route, or
// words (feeds people here follow publicly, or lists, by the tab chosen). The search lives in the page's address
// (?q=…&type=lists), so going back returns to the results.
import { useQuery } from "@tanstack/react-query"
import { type FormEvent, type ReactNode, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { discoverItems, searchLists } from "../../api/discover.ts"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { cx } from "../../lib/cx.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { sourceKind } from "../subscriptions/source-input.ts"
import { FeedCardGrid } from "./feed-card.tsx"
import { ListCard } from "./list-card.tsx"

type Target = "feeds" | "lists"

export function DiscoverSearch() {
  const { t } = useTranslation(["discover", "app"])
  const [params, setParams] = useSearchParams()
  const query = params.get("q") ?? ""
  const target: Target = params.get("type") === "lists" ? "lists" : "feeds"
  const [text, setText] = useState(query)
  const kind = sourceKind(text)

  const search = (next: { q?: string; type?: Target }) => {
    const q = next.q ?? query
    const type = next.type ?? target
    setParams(q ? { q, ...(type === "lists" ? { type } : {}) } : {}, { replace: !next.q })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim()) search({ q: text.trim() })
  }

  return (
    <section className="mt-4" aria-label={t("search.label")}>
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t("search.label")}
            placeholder={t("app:source.placeholder")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoFocus
            enterKeyHint="search"
            data-testid="discover-input"
          />
        </div>
        <Button type="submit" variant="primary" disabled={!text.trim()} data-testid="discover-submit">
          {kind === "keyword" ? t("app:source.search") : t("app:source.find")}
        </Button>
      </form>
      <p className="mt-1.5 min-h-4 text-xs text-ink-soft">{text.trim() && t(`app:source.kind.${kind}`)}</p>
      <fieldset className="mt-3 inline-flex rounded-lg bg-hover p-0.5">
        <legend className="sr-only">{t("search.target")}</legend>
        {(["feeds", "lists"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={target === value}
            onClick={() => search({ type: value })}
            className={cx(
              "h-7 cursor-pointer rounded-md px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-accent",
              target === value ? "bg-surface text-ink shadow-xs dark:bg-surface-raised" : "text-ink-soft",
            )}
            data-testid={`discover-tab-${value}`}
          >
            {t(`search.${value}`)}
          </button>
        ))}
      </fieldset>
      {query && (target === "feeds" ? <FeedResults query={query} /> : <ListResults query={query} />)}
    </section>
  )
}

function Status({ children, tone = "soft" }: { children: ReactNode; tone?: "soft" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cx(
        "mt-4 rounded-lg px-3 py-2 text-sm",
        tone === "error" ? "bg-red-500/10 text-red-700 dark:text-red-300" : "bg-hover text-ink-soft",
      )}
      data-testid="discover-status"
    >
      {children}
    </p>
  )
}

function FeedResults({ query }: { query: string }) {
  const { t } = useTranslation(["discover", "app", "common"])
  const kind = sourceKind(query)
  const lang = useSettingsStore((state) => state.ui.discoverLanguage)
  const found = useQuery({
    queryKey: ["discover", query, lang],
    queryFn: () => discoverItems(query, lang),
    staleTime: 60_000,
  })
  if (found.isPending)
    return (
      <Status>
        <Spinner className="mr-2 inline size-3.5" label={t("common:status.loading")} />
        {t("app:source.finding")}
      </Status>
    )
  if (found.isError) return <Status tone="error">{errorMessage(found.error)}</Status>
  if (!found.data.length)
    return <Status>{kind === "keyword" ? t("app:source.none_for_words") : t("app:source.none_at_address")}</Status>
  return (
    <div className="mt-4">
      <p className="mb-2 text-xs text-ink-soft">{t("results.feeds", { count: found.data.length })}</p>
      <FeedCardGrid items={found.data} testId="discover-feed-results" openSingle />
    </div>
  )
}

function ListResults({ query }: { query: string }) {
  const { t } = useTranslation(["discover", "common"])
  const words = sourceKind(query) === "keyword"
  const found = useQuery({ queryKey: ["lists-discover", query], queryFn: () => searchLists(query), enabled: words })
  if (!words) return <Status>{t("results.lists_need_words")}</Status>
  if (found.isPending) return <Status>{t("common:status.loading")}</Status>
  if (found.isError) return <Status tone="error">{errorMessage(found.error)}</Status>
  if (!found.data.length) return <Status>{t("results.no_lists")}</Status>
  return (
    <div className="mt-4">
      <p className="mb-2 text-xs text-ink-soft">{t("results.lists", { count: found.data.length })}</p>
      <ul className="grid gap-3 lg:grid-cols-2" data-testid="discover-list-results">
        {found.data.map((list) => (
          <ListCard key={list.id} list={list} />
        ))}
      </ul>
    </div>
  )
}
