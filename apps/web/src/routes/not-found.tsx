// Any unknown path (spec client §2): the desert text, the path, and a way home.
import { useTranslation } from "react-i18next"
import { useLocation, useNavigate } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { Icon } from "../components/ui/icons.tsx"

export function NotFoundRoute() {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas px-6 text-center"
      data-testid="not-found"
    >
      <p className="text-6xl font-bold text-accent/80">404</p>
      <p className="max-w-md text-lg text-ink">{t("not_found.text")}</p>
      <code className="rounded-lg bg-hover px-3 py-1 text-sm text-ink-soft" data-testid="not-found-path">
        {location.pathname}
      </code>
      <Button variant="primary" onClick={() => navigate("/")} data-testid="back-home">
        <Icon name="arrowLeft" />
        {t("not_found.back_home")}
      </Button>
    </div>
  )
}

export { NotFoundRoute as Component }
