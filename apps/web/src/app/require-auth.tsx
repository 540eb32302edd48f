// App routes need a session: without one the user goes to /login, which brings them back here afterwards.
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { Navigate, Outlet, useLocation } from "react-router"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { NewUserGuide } from "../features/guide/new-user-guide.tsx"
import { desktopBridge } from "../lib/desktop.ts"
import { useSession } from "../queries/session.ts"
import { LocalCache } from "./local-cache.tsx"
import { loginPath } from "./paths.ts"
import { SettingsSync } from "./settings-sync.tsx"

// Only inside the desktop app (lib/desktop.ts): a browser never downloads it.
const DesktopLink = lazy(() => import("../features/desktop/desktop-link.tsx"))

export function RequireAuth() {
  const { t } = useTranslation(["app", "common"])
  const session = useSession()
  const location = useLocation()
  const bridge = desktopBridge()

  if (session.isPending) {
    return (
      <div className="h-dvh">
        <LoadingPane label={t("common:status.loading")} />
      </div>
    )
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />
  return (
    <>
      <SettingsSync userId={session.data.user.id} />
      <LocalCache userId={session.data.user.id} />
      <NewUserGuide userId={session.data.user.id} />
      {bridge && (
        <Suspense fallback={null}>
          <DesktopLink bridge={bridge} />
        </Suspense>
      )}
      <Outlet />
    </>
  )
}
