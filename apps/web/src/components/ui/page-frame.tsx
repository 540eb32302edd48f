// A plain page outside the reader: a link back home, the heading and an optional line under it.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Icon } from "./icons.tsx"

export function PageFrame({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <main className="min-h-dvh bg-canvas px-4 py-6 sm:px-8">
      <div className="mx-auto max-w-2xl">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong hover:underline"
        >
          <Icon name="arrowLeft" />
          {t("not_found.back_home")}
        </Link>
        <h1 className="mt-3 text-xl font-semibold">{title}</h1>
        {hint && <p className="mt-1 text-sm text-ink-soft">{hint}</p>}
        {children}
      </div>
    </main>
  )
}
