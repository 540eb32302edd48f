// Trending here over 1, 7 or 30 days (the switch keeps its choice in the address, ?range=): the feeds other people
// followed publicly and the reader does not (GET /trending/feeds), the entries most read (GET /trending/entries),
// the lists most followed (GET /lists/trending) and the people whose lists and feeds gained followers
// (GET /trending/users). The server counts public follows and reads only, and says how many, never who.
import { type UseQueryResult, useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router"
import {
  TRENDING_RANGES,
  type TrendingRange,
  trendingEntries,
  trendingFeeds,
  trendingLists,
  trendingUsers,
} from "../../api/discover.ts"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { DiscoverSection } from "./discover-frame.tsx"
import { FeedCardGrid } from "./feed-card.tsx"
import { ListCard } from "./list-card.tsx"

const STALE = 5 * 60_000

function useRange(): [TrendingRange, (range: TrendingRange) => void] {
  const [params, setParams] = useSearchParams()
  const asked = params.get("range")
  const range = (TRENDING_RANGES as readonly string[]).includes(asked ?? "") ? (asked as TrendingRange) : "7d"
  const choose = (next: TrendingRange) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current)
        copy.set("range", next)
        return copy
      },
      { replace: true, preventScrollReset: true },
    )
  return [range, choose]
}

function RangeSwitch({ range, onChange }: { range: TrendingRange; onChange: (range: TrendingRange) => void }) {
  const { t } = useTranslation("discover")
  return (
    <fieldset className="flex flex-wrap items-center gap-2" data-testid="trending-range">
      <legend className="sr-only">{t("trending.range")}</legend>
      <span aria-hidden className="text-xs font-medium text-ink-soft">
        {t("trending.range")}
      </span>
      <div className="inline-flex rounded-lg border border-line bg-surface p-0.5 dark:bg-surface-raised">
        {TRENDING_RANGES.map((value) => (
          <label
            key={value}
            className={cx(
              "cursor-pointer rounded-md px-3 py-1 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent",
              value === range ? "bg-accent/15 text-accent-strong" : "text-ink-soft hover:bg-hover hover:text-ink",
            )}
          >
            <input
              type="radio"
              name="trending-range"
              value={value}
              checked={value === range}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {t(`trending.range_${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Loading, the error, the empty sentence, or the items. */
function Results<T>(props: { query: UseQueryResult<T[]>; none: string; children: (items: T[]) => ReactNode }) {
  const { t } = useTranslation("common")
  const { query } = props
  if (query.isPending) return <LoadingPane label={t("status.loading")} />
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errorMessage(query.error)}
      </p>
    )
  if (!query.data.length) return <p className="rounded-lg bg-hover px-3 py-2 text-sm text-ink-soft">{props.none}</p>
  return props.children(query.data)
}

export function Recommendations() {
  const { t, i18n } = useTranslation(["discover", "common"])
  const [range, setRange] = useRange()
  const number = (value: number) => formatShortNumber(value, i18n.language)
  const feeds = useQuery({ queryKey: ["trending-feeds", range], queryFn: () => trendingFeeds(range), staleTime: STALE })
  const entries = useQuery({
    queryKey: ["trending-entries", range],
    queryFn: () => trendingEntries(range),
    staleTime: STALE,
  })
  const lists = useQuery({ queryKey: ["trending-lists", range], queryFn: () => trendingLists(range), staleTime: STALE })
  const people = useQuery({
    queryKey: ["trending-users", range],
    queryFn: () => trendingUsers(range),
    staleTime: STALE,
  })

  return (
    <section className="mt-8" aria-labelledby="trending-heading" data-testid="discover-trending">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id="trending-heading" className="text-base font-semibold">
            {t("trending.title")}
          </h2>
          <p className="mt-0.5 text-xs text-ink-soft">{t("trending.hint")}</p>
        </div>
        <RangeSwitch range={range} onChange={setRange} />
      </div>

      <DiscoverSection
        title={t("recommendations.title")}
        hint={t("recommendations.hint")}
        testId="discover-recommendations"
      >
        <Results query={feeds} none={t("recommendations.none")}>
          {(items) => <FeedCardGrid items={items} />}
        </Results>
      </DiscoverSection>

      <div className="grid gap-x-6 lg:grid-cols-2">
        <DiscoverSection title={t("trending.entries")} hint={t("trending.entries_hint")} testId="trending-entries">
          <Results query={entries} none={t("trending.entries_none")}>
            {(items) => (
              <ol className="divide-y divide-line rounded-xl border border-line bg-surface dark:bg-surface-raised">
                {items.map((item, index) => (
                  <li key={item.entries.id} className="flex items-start gap-3 px-3 py-2" data-testid="trending-entry">
                    <span className="w-5 shrink-0 pt-0.5 text-right text-xs font-semibold text-ink-faint tabular-nums">
                      {index + 1}
                    </span>
                    <div className="min-w-0 flex-1">
                      {item.entries.url ? (
                        <a
                          href={item.entries.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="line-clamp-2 text-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-accent"
                        >
                          {item.entries.title || item.entries.url}
                        </a>
                      ) : (
                        <span className="line-clamp-2 text-sm font-medium">{item.entries.title}</span>
                      )}
                      <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink-faint">
                        <span className="min-w-0 truncate">{item.feeds.title ?? item.feeds.url}</span>
                        <span data-testid="trending-entry-reads">
                          {t("trending.reads", { count: item.readCount, number: number(item.readCount) })}
                        </span>
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </Results>
        </DiscoverSection>

        <DiscoverSection title={t("trending.people")} hint={t("trending.people_hint")} testId="trending-people">
          <Results query={people} none={t("trending.people_none")}>
            {(items) => (
              <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                {items.map((item) => (
                  <li key={item.user.id} data-testid="trending-person">
                    <Link
                      to={item.user.handle ? `/profile/${item.user.handle}` : `/profile/id/${item.user.id}`}
                      className="flex min-w-0 items-center gap-3 rounded-xl border border-line bg-surface p-2.5 hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent dark:bg-surface-raised"
                    >
                      <FeedIcon title={item.user.name} image={item.user.image} className="size-8 rounded-full" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-semibold">{item.user.name}</span>
                        <span className="flex flex-wrap gap-x-3 text-xs text-ink-faint">
                          {item.user.handle && <span>@{item.user.handle}</span>}
                          <span>
                            {t("trending.new_followers", {
                              count: item.subscriptionCount,
                              number: number(item.subscriptionCount),
                            })}
                          </span>
                          {item.readCount > 0 && (
                            <span>
                              {t("trending.reads", { count: item.readCount, number: number(item.readCount) })}
                            </span>
                          )}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Results>
        </DiscoverSection>
      </div>

      <DiscoverSection title={t("trending.lists")} hint={t("trending.lists_hint")} testId="trending-lists">
        <Results query={lists} none={t("trending.lists_none")}>
          {(items) => (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((list) => (
                <ListCard key={list.id} list={list} />
              ))}
            </ul>
          )}
        </Results>
      </DiscoverSection>
    </section>
  )
}
