// /forgot-password: asks for the address a reset link goes to. The answer is the same whether or not the address has
// an account (the server does not say), so the page only says where to look.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { requestPasswordReset } from "../api/auth.ts"
import { Button } from "../components/ui/button.tsx"
import { TextField } from "../components/ui/field.tsx"
import { AuthCard, FormMessage } from "../features/auth/auth-card.tsx"
import { errorMessage } from "../i18n/error-message.ts"

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function ForgotPasswordRoute() {
  const { t } = useTranslation(["auth", "app"])
  const [email, setEmail] = useState("")
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "error"; message: string }>({
    kind: "idle",
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    if (!LOOKS_LIKE_EMAIL.test(address)) return setState({ kind: "error", message: t("password_reset.email_invalid") })
    setState({ kind: "sending" })
    try {
      await requestPasswordReset(address)
      setState({ kind: "sent" })
    } catch (error) {
      setState({ kind: "error", message: errorMessage(error) })
    }
  }

  return (
    <AuthCard>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="forgot-form">
        <h1 className="text-xl font-semibold tracking-tight">{t("password_reset.forgot_title")}</h1>
        <p className="text-sm text-ink-soft">{t("password_reset.forgot_intro")}</p>
        <TextField
          label={t("login.email")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="forgot-email"
        />
        {state.kind === "error" && (
          <FormMessage tone="error" testId="forgot-error">
            {state.message}
          </FormMessage>
        )}
        {state.kind === "sent" && (
          <FormMessage tone="ok" testId="forgot-sent">
            {t("password_reset.sent", { email: email.trim() })}
          </FormMessage>
        )}
        <Button type="submit" variant="primary" disabled={state.kind === "sending"} data-testid="forgot-submit">
          {t("password_reset.send_link")}
        </Button>
        <Link to="/login" className="text-center text-sm font-medium text-accent-strong hover:underline">
          {t("password_reset.back_to_sign_in")}
        </Link>
      </form>
    </AuthCard>
  )
}

export { ForgotPasswordRoute as Component }
