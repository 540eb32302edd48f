// The error page's environment report (spec client §2): what to attach to a bug report, and the way to file one
// when the server names an issue tracker.
import { APP_VERSION } from "@tidings/shared"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { clientHeaders } from "../api/client-ids.ts"
import { CopyableText } from "../components/ui/copyable-text.tsx"
import { buildEnvironmentReport, issueUrl, reportText } from "../lib/environment-report.ts"
import { randomId } from "../lib/random-id.ts"
import { useStatusConfigs } from "../queries/status.ts"

export function ErrorReport({ message, details }: { message: string; details: string }) {
  const { t } = useTranslation()
  const configs = useStatusConfigs()
  const tracker = configs.data?.ISSUE_TRACKER_URL
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
  return (
    <>
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
    </>
  )
}
