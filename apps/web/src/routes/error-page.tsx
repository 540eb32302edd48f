// The route error page (spec client §2): what broke, a local reset, a reload, and an environment report to attach
// to an issue. A failed lazy chunk (usually a new deployment) reloads once per session by itself.
import { APP_VERSION, LOCAL_KEY_PREFIX } from "@tidings/shared"
import { useEffect, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useRouteError } from "react-router"
import { clientHeaders } from "../api/client-ids.ts"
import { Button } from "../components/ui/button.tsx"
import { CopyableText } from "../components/ui/copyable-text.tsx"
import { resetLocalData } from "../db/reset-local-data.ts"
import { buildEnvironmentReport, issueUrl, reportText } from "../lib/environment-report.ts"
import { randomId } from "../lib/random-id.ts"
import { useStatusConfigs } from "../queries/status.ts"

const RELOADED_KEY = `${LOCAL_KEY_PREFIX}chunk_reload`

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)
}

export function ErrorPage() {
  const { t } = useTranslation()
  const error = useRouteError()
  const configs = useStatusConfigs()
  const tracker = configs.data?.ISSUE_TRACKER_URL
  const message = error instanceof Error ? error.message : String(error)
  // One trace id per error shown, so the report and what the user describes can be matched.
  const report = useMemo(
    () =>
      buildEnvironmentReport({
        appVersion: APP_VERSION,
        userAgent: navigator.userAgent,
        mode: import.meta.env.MODE,
        sessionTraceId: clientHeaders()["X-Session-Id"],
        errorTraceId: randomId(),
      }),
    [],
  )
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
        <p className="mt-6 text-xs font-medium text-ink-soft">{t("error_page.report")}</p>
        <div className="mt-1 rounded-lg bg-hover p-2" data-testid="error-report">
          <CopyableText text={reportText(report, details)} />
        </div>
        {configs.isPending ? null : tracker ? (
          <a
            href={issueUrl(tracker, report, details, `Error: ${message}`.slice(0, 200))}
            target="_blank"
            rel="noreferrer"
            className="mt-3 inline-flex text-sm font-medium text-accent-strong hover:underline"
            data-testid="error-submit-issue"
          >
            {t("error_page.submit_issue")}
          </a>
        ) : (
          <p className="mt-3 text-xs text-ink-soft" data-testid="error-copy-report">
            {t("error_page.copy_report")}
          </p>
        )}
      </div>
    </div>
  )
}
