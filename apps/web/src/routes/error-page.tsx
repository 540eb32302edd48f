// The route error page (spec client §2): what broke, a local reset, a reload, and an environment report to attach
// to an issue. A failed lazy chunk (usually a new deployment) reloads once per session by itself.
import { APP_VERSION, LOCAL_KEY_PREFIX } from "@tidings/shared"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useRouteError } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { CopyableText } from "../components/ui/copyable-text.tsx"

const RELOADED_KEY = `${LOCAL_KEY_PREFIX}chunk_reload`

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)
}

/** Kept in English on purpose: it is pasted into issues for the maintainers, whatever the UI language. */
function environmentReport(error: unknown): string {
  return [
    `App version: ${APP_VERSION}`,
    `Environment: web`,
    `Mode: ${import.meta.env.MODE}`,
    `User agent: ${navigator.userAgent}`,
    `Platform: ${navigator.platform}`,
    `Language: ${navigator.language}`,
    `Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  ].join("\n")
}

/** Clears what this app keeps in the browser and starts again at /. */
function resetLocalData(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith(LOCAL_KEY_PREFIX)) storage.removeItem(key)
  }
  window.location.assign("/")
}

export function ErrorPage() {
  const { t } = useTranslation()
  const error = useRouteError()

  useEffect(() => {
    if (!isChunkLoadError(error) || sessionStorage.getItem(RELOADED_KEY)) return
    sessionStorage.setItem(RELOADED_KEY, "1")
    window.location.reload()
  }, [error])

  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-6 py-12" data-testid="error-page">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-lg font-semibold">{t("error_page.title")}</h1>
        <p className="mt-2 text-sm break-words text-red-700 dark:text-red-300">
          {error instanceof Error ? error.message : String(error)}
        </p>
        <div className="mt-5 flex gap-2">
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t("error_page.reload")}
          </Button>
          <Button onClick={resetLocalData}>{t("error_page.reset_local_database")}</Button>
        </div>
        <p className="mt-6 text-xs font-medium text-ink-soft">{t("error_page.report")}</p>
        <div className="mt-1 rounded-lg bg-hover p-2">
          <CopyableText text={environmentReport(error)} />
        </div>
      </div>
    </div>
  )
}
