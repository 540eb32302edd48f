// Screens that later issues fill in (discover): a page that says so and leads back to the reader.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Icon } from "../components/ui/icons.tsx"

export function PlaceholderRoute() {
  const { t } = useTranslation()
  const title = t("placeholder.discover")
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-canvas px-6 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-ink-soft">{t("placeholder.coming")}</p>
      <Link
        to="/"
        className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong hover:underline"
      >
        <Icon name="arrowLeft" />
        {t("not_found.back_home")}
      </Link>
    </div>
  )
}

export { PlaceholderRoute as Component }
