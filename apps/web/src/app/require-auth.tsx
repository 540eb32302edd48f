// App routes need a session: without one the user goes to /login, which brings them back here afterwards.
import { useTranslation } from "react-i18next"
import { Navigate, Outlet, useLocation } from "react-router"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { NewUserGuide } from "../features/guide/new-user-guide.tsx"
import { useSession } from "../queries/session.ts"
import { LocalCache } from "./local-cache.tsx"
import { loginPath } from "./paths.ts"
import { SettingsSync } from "./settings-sync.tsx"

export function RequireAuth() {
  const { t } = useTranslation(["app", "common"])
  const session = useSession()
  const location = useLocation()

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
      <Outlet />
    </>
  )
}
