// The route error page (spec client §2): what broke, a local reset, a reload, and an environment report to attach
// to an issue. A failed lazy chunk (usually a new deployment) reloads once per session by itself.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { type ComponentType, lazy, Suspense, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useRouteError } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { resetLocalData } from "../db/reset-local-data.ts"

const RELOADED_KEY = `${LOCAL_KEY_PREFIX}chunk_reload`

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)
}

// The environment report is its own chunk: the first screen bundles this page (it must show even when loading
// code fails) but not the report's parsing of the user agent. If the report cannot load, the page goes without it.
const ErrorReport = lazy(async (): Promise<{ default: ComponentType<{ message: string; details: string }> }> => {
  try {
    return { default: (await import("./error-report.tsx")).ErrorReport }
  } catch {
    return { default: () => null }
  }
})

export function ErrorPage() {
  const { t } = useTranslation()
  const error = useRouteError()
  const message = error instanceof Error ? error.message : String(error)
  const details = error instanceof Error ? (error.stack ?? error.message) : message

  useEffect(() => {
    if (!isChunkLoadError(error) || sessionStorage.getItem(RELOADED_KEY)) return
    sessionStorage.setItem(RELOADED_KEY, "1")
    window.location.reload()
  }, [error])

  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-6 py-12" data-testid="error-page">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-lg font-semibold">{t("error_page.title")}</h1>
        <p className="mt-2 text-sm break-words text-red-700 dark:text-red-300">{message}</p>
        <div className="mt-5 flex gap-2">
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t("error_page.reload")}
          </Button>
          <Button onClick={() => void resetLocalData().then(() => window.location.assign("/"))}>
            {t("error_page.reset_local_database")}
          </Button>
        </div>
        <Suspense fallback={null}>
          <ErrorReport message={message} details={details} />
        </Suspense>
      </div>
    </div>
  )
}
