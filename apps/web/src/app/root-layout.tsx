// The root of every route: any path ending in /index.html goes to / (spec client §2).
import { useTranslation } from "react-i18next"
import { Navigate, Outlet, useLocation } from "react-router"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { AnalyticsStart } from "../features/analytics/analytics-start.tsx"
import { UsageEvents } from "../features/analytics/usage-events.tsx"

export function RootLayout() {
  const { pathname } = useLocation()
  if (pathname.endsWith("/index.html")) return <Navigate to="/" replace />
  return (
    <>
      <AnalyticsStart />
      <UsageEvents />
      <Outlet />
    </>
  )
}

export function RouteFallback() {
  const { t } = useTranslation("common")
  return (
    <div className="h-dvh">
      <LoadingPane label={t("status.loading")} />
    </div>
  )
}
