// The frame of the discover screens (/discover, its category pages, /rsshub): a way back to the reader, the two
// places to find sources side by side, the heading and its explanation, then the page.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, NavLink } from "react-router"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-accent",
    isActive ? "bg-accent/15 text-accent-strong" : "text-ink-soft hover:bg-hover hover:text-ink",
  )

export function DiscoverFrame(props: { title: string; hint?: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation(["discover", "app"])
  return (
    <main className="min-h-dvh bg-canvas px-3 py-4 text-ink sm:px-8 sm:py-6" data-testid={props.testId}>
      <div className="mx-auto max-w-5xl">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to="/"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-accent-strong outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent"
          >
            <Icon name="arrowLeft" />
            {t("app:not_found.back_home")}
          </Link>
          <nav aria-label={t("nav.label")} className="flex gap-1">
            <NavLink to="/discover" end className={tabClass}>
              {t("nav.discover")}
            </NavLink>
            <NavLink to="/rsshub" className={tabClass}>
              {t("nav.rsshub")}
            </NavLink>
          </nav>
        </div>
        <h1 className="mt-3 text-xl font-semibold tracking-tight">{props.title}</h1>
        {props.hint && <p className="mt-1 max-w-3xl text-sm text-ink-soft">{props.hint}</p>}
        {props.children}
      </div>
    </main>
  )
}

/** A section of a discover page with its heading. */
export function DiscoverSection(props: { title: string; hint?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="mt-8" aria-label={props.title} data-testid={props.testId}>
      <h2 className="text-base font-semibold">{props.title}</h2>
      {props.hint && <p className="mt-0.5 text-xs text-ink-soft">{props.hint}</p>}
      <div className="mt-3">{props.children}</div>
    </section>
  )
}
