// /reset-password/:token: where the mailed link lands. The new password twice, checked here first (length, match);
// the server spends the token, ends the account's sessions, and the reader signs in with the new password.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useParams } from "react-router"
import { resetPassword } from "../api/auth.ts"
import { Button } from "../components/ui/button.tsx"
import { TextField } from "../components/ui/field.tsx"
import { AuthCard, FormMessage } from "../features/auth/auth-card.tsx"
import { errorMessage } from "../i18n/error-message.ts"

const MIN_LENGTH = 8

type State = { kind: "idle" | "saving" | "done" } | { kind: "error"; message: string; expired?: boolean }

export function ResetPasswordRoute() {
  const { t } = useTranslation(["auth", "app"])
  const { token = "" } = useParams()
  const [password, setPassword] = useState("")
  const [repeated, setRepeated] = useState("")
  const [state, setState] = useState<State>({ kind: "idle" })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (password.length < MIN_LENGTH) return setState({ kind: "error", message: t("password_reset.too_short") })
    if (password !== repeated) return setState({ kind: "error", message: t("password_reset.mismatch") })
    setState({ kind: "saving" })
    try {
      await resetPassword({ token, newPassword: password })
      setState({ kind: "done" })
    } catch (error) {
      const expired = (error as { code?: unknown }).code === "INVALID_TOKEN"
      setState({ kind: "error", message: expired ? t("password_reset.link_invalid") : errorMessage(error), expired })
    }
  }

  if (state.kind === "done") {
    return (
      <AuthCard>
        <div className="flex flex-col gap-4">
          <h1 className="text-xl font-semibold tracking-tight">{t("password_reset.done_title")}</h1>
          <FormMessage tone="ok" testId="reset-done">
            {t("password_reset.done")}
          </FormMessage>
          <Link
            to="/login"
            className="inline-flex h-9 items-center justify-center rounded-lg bg-accent px-3.5 text-sm text-on-accent shadow-sm hover:bg-accent-strong"
            data-testid="reset-sign-in"
          >
            {t("login.sign_in")}
          </Link>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="reset-form">
        <h1 className="text-xl font-semibold tracking-tight">{t("password_reset.reset_title")}</h1>
        <TextField
          label={t("password_reset.new_password")}
          type="password"
          autoComplete="new-password"
          hint={t("password_reset.rule")}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="reset-password"
        />
        <TextField
          label={t("password_reset.repeat_password")}
          type="password"
          autoComplete="new-password"
          value={repeated}
          onChange={(e) => setRepeated(e.target.value)}
          data-testid="reset-repeat"
        />
        {state.kind === "error" && (
          <FormMessage tone="error" testId="reset-error">
            {state.message}
            {state.expired && " "}
            {state.expired && (
              <Link to="/forgot-password" className="font-medium underline">
                {t("password_reset.ask_again")}
              </Link>
            )}
          </FormMessage>
        )}
        <Button type="submit" variant="primary" disabled={state.kind === "saving"} data-testid="reset-submit">
          {t("password_reset.save")}
        </Button>
      </form>
    </AuthCard>
  )
}

export { ResetPasswordRoute as Component }
