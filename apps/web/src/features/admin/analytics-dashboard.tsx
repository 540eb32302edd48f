// /admin/analytics: the first-party usage counts the server keeps (only from users whose sendAnonymousData is on):
// daily active users, new subscriptions, AI use, server errors and the spec's events, over 7, 30 or 90 days.
// Admins only; the server answers 1004 to anyone else, which is shown as such.
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { getUsageDashboard, type UsageDay } from "../../api/admin-analytics.ts"
import { Icon } from "../../components/ui/icons.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { TRACKED_EVENTS } from "../../lib/analytics-tracker.ts"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"

const PERIODS = [7, 30, 90] as const
const NAMES = Object.fromEntries(Object.entries(TRACKED_EVENTS).map(([name, code]) => [String(code), name]))

function sum(days: UsageDay[], pick: (d: UsageDay) => number): number {
  return days.reduce((total, d) => total + pick(d), 0)
}

export function AnalyticsDashboard() {
  const { t, i18n } = useTranslation(["analytics", "app", "common"])
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>(30)
  const usage = useQuery({ queryKey: ["admin-analytics", period], queryFn: () => getUsageDashboard(period) })
  const number = (value: number) => formatShortNumber(value, i18n.language)

  return (
    <main className="min-h-dvh bg-canvas px-3 py-4 text-ink sm:px-8 sm:py-6" data-testid="admin-analytics">
      <div className="mx-auto max-w-5xl">
        <Link
          to="/"
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-accent-strong outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent"
        >
          <Icon name="arrowLeft" />
          {t("app:not_found.back_home")}
        </Link>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-semibold tracking-tight">{t("title")}</h1>
            <p className="mt-1 max-w-3xl text-sm text-ink-soft">{t("hint")}</p>
          </div>
          <fieldset className="flex items-center gap-2" data-testid="analytics-period">
            <legend className="sr-only">{t("period")}</legend>
            <span aria-hidden className="text-xs font-medium text-ink-soft">
              {t("period")}
            </span>
            <div className="inline-flex rounded-lg border border-line bg-surface p-0.5 dark:bg-surface-raised">
              {PERIODS.map((value) => (
                <label
                  key={value}
                  className={cx(
                    "cursor-pointer rounded-md px-3 py-1 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent",
                    value === period
                      ? "bg-accent/15 text-accent-strong"
                      : "text-ink-soft hover:bg-hover hover:text-ink",
                  )}
                >
                  <input
                    type="radio"
                    name="analytics-period"
                    value={value}
                    checked={value === period}
                    onChange={() => setPeriod(value)}
                    className="sr-only"
                  />
                  {t("days", { count: value })}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        {usage.isPending ? (
          <LoadingPane label={t("common:status.loading")} />
        ) : usage.isError ? (
          <p role="alert" className="mt-6 rounded-lg bg-hover px-3 py-2 text-sm text-red-700 dark:text-red-300">
            {errorMessage(usage.error)}
          </p>
        ) : (
          <Dashboard days={usage.data} number={number} />
        )}
      </div>
    </main>
  )
}

function Dashboard({ days, number }: { days: UsageDay[]; number: (n: number) => string }) {
  const { t } = useTranslation("analytics")
  const today = days.at(-1)
  const peak = Math.max(1, ...days.map((d) => d.activeUsers))
  const events = new Map<string, number>()
  for (const day of days)
    for (const [code, count] of Object.entries(day.events)) events.set(code, (events.get(code) ?? 0) + count)
  const tiles = [
    { key: "active_today", value: today?.activeUsers ?? 0 },
    { key: "active_peak", value: Math.max(0, ...days.map((d) => d.activeUsers)) },
    { key: "subscriptions", value: sum(days, (d) => d.subscriptions) },
    { key: "ai_calls", value: sum(days, (d) => d.aiCalls) },
    { key: "ai_tokens", value: sum(days, (d) => d.aiTokens) },
    { key: "errors", value: sum(days, (d) => d.errors) },
  ] as const
  // Newest first in the table, as an admin reads it.
  const newestFirst = [...days].reverse()

  return (
    <>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="analytics-tiles">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-xl border border-line bg-surface p-3 dark:bg-surface-raised">
            <dt className="text-xs text-ink-soft">{t(`tile.${tile.key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`analytics-tile-${tile.key}`}>
              {number(tile.value)}
            </dd>
          </div>
        ))}
      </dl>

      <section className="mt-8" aria-labelledby="analytics-active">
        <h2 id="analytics-active" className="text-base font-semibold">
          {t("active_chart")}
        </h2>
        <div
          className="mt-3 flex h-32 items-end gap-px rounded-xl border border-line bg-surface p-2 dark:bg-surface-raised"
          role="img"
          aria-label={t("active_chart_label", { peak: number(peak) })}
        >
          {days.map((d) => (
            <div
              key={d.day}
              title={`${d.day}: ${d.activeUsers}`}
              className="min-w-0 flex-1 rounded-t bg-accent/70"
              style={{ height: `${Math.max(2, (d.activeUsers / peak) * 100)}%` }}
            />
          ))}
        </div>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="analytics-daily" className="min-w-0">
          <h2 id="analytics-daily" className="text-base font-semibold">
            {t("daily")}
          </h2>
          <section
            className="mt-3 max-h-[28rem] overflow-auto rounded-xl border border-line bg-surface focus-visible:outline-2 focus-visible:outline-accent dark:bg-surface-raised"
            aria-labelledby="analytics-daily"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table takes the focus so a keyboard can scroll it (axe scrollable-region-focusable)
            tabIndex={0}
          >
            <table className="w-full text-sm" data-testid="analytics-daily">
              <thead className="sticky top-0 bg-surface dark:bg-surface-raised">
                <tr className="border-b border-line text-left text-xs text-ink-soft">
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("col.day")}
                  </th>
                  {(["active", "subscriptions", "ai_calls", "ai_tokens", "errors"] as const).map((col) => (
                    <th key={col} scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                      {t(`col.${col}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {newestFirst.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap tabular-nums">
                      {d.day}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{number(d.activeUsers)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{number(d.subscriptions)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{number(d.aiCalls)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{number(d.aiTokens)}</td>
                    <td
                      className={cx(
                        "px-3 py-1.5 text-right tabular-nums",
                        d.errors > 0 && "text-red-700 dark:text-red-300",
                      )}
                    >
                      {number(d.errors)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>

        <section aria-labelledby="analytics-events" className="min-w-0">
          <h2 id="analytics-events" className="text-base font-semibold">
            {t("events")}
          </h2>
          <p className="mt-0.5 text-xs text-ink-soft">{t("events_hint")}</p>
          {events.size ? (
            <ul
              className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface dark:bg-surface-raised"
              data-testid="analytics-events"
            >
              {[...events]
                .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
                .map(([code, count]) => (
                  <li key={code} className="flex items-center gap-3 px-3 py-1.5 text-sm">
                    <span className="w-11 shrink-0 text-xs text-ink-faint tabular-nums">{code}</span>
                    <span className="min-w-0 flex-1 truncate">{NAMES[code] ?? code}</span>
                    <span className="font-medium tabular-nums">{number(count)}</span>
                  </li>
                ))}
            </ul>
          ) : (
            <p className="mt-3 rounded-lg bg-hover px-3 py-2 text-sm text-ink-soft">{t("events_none")}</p>
          )}
        </section>
      </div>
    </>
  )
}

export { AnalyticsDashboard as Component }
