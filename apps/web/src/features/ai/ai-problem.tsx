// What stands where an AI result would be when there is none: the hint naming what to configure (no model, code 5),
// the budget message (15000), or the failure as the server worded it, with a way to try again.
import { ErrorCode } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { ApiError, catalogueCode } from "../../api/api-error.ts"
import { errorMessage } from "../../i18n/error-message.ts"

/** The hint when no model answers: what the operator or the user can set, and where. */
export function NoModelHint({ detail }: { detail?: string }) {
  const { t } = useTranslation("ai")
  return (
    <div className="text-sm leading-relaxed text-ink-soft" data-testid="ai-no-model">
      <p>{t("hint.no_model")}</p>
      {detail && <p className="mt-1 text-xs text-ink-faint">{detail}</p>}
      <Link
        to="/settings/ai"
        className="mt-1.5 inline-block font-medium text-accent-strong underline underline-offset-2"
        data-testid="ai-settings-link"
      >
        {t("hint.open_settings")}
      </Link>
    </div>
  )
}

export function AiProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation("ai")
  const code = catalogueCode(error)
  if (code === ErrorCode.MissingConfiguration) {
    // The server's own words say which part is missing or refused (no model, a key it cannot read, HTTP 401).
    const said = error instanceof ApiError ? error.message : undefined
    return <NoModelHint detail={said && !said.startsWith("No AI model is configured") ? said : undefined} />
  }
  // The catalogue's localized text; for an internal error the server's message says what failed (time-out,
  // unreachable), which the generic text does not.
  const detail = error instanceof ApiError && code === ErrorCode.InternalError ? error.message : undefined
  const offline = error instanceof ApiError && error.kind === "network"
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-ink-soft" data-testid="ai-error">
      <p role="alert" data-code={code ?? ""}>
        {offline ? t("error.offline") : errorMessage(error)}
        {detail && detail !== errorMessage(error) && <span className="block text-xs text-ink-faint">{detail}</span>}
      </p>
      {onRetry && code !== ErrorCode.AIRateLimitExceeded && (
        <button
          type="button"
          onClick={onRetry}
          className="text-sm font-medium text-accent-strong underline underline-offset-2"
        >
          {t("retry")}
        </button>
      )}
    </div>
  )
}
