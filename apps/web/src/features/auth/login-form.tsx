// E-mail and password sign-in, switchable to sign-up. Problems found before any call (missing e-mail or
// password) and better-auth's own error messages show in the form; an account with two-factor on goes on to the
// code step.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { type CredentialProblem, credentialProblem } from "./credentials.ts"
import { TwoFactorStep } from "./two-factor-step.tsx"
import { useSignIn } from "./use-auth-actions.ts"

type Mode = "sign-in" | "sign-up"

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(["auth", "app", "common"])
  const [mode, setMode] = useState<Mode>("sign-in")
  const [name, setName] = useState("")
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [problem, setProblem] = useState<CredentialProblem | "verify_email">()
  const [challenge, setChallenge] = useState<string[]>()
  const signIn = useSignIn(mode)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = credentialProblem(email, password)
    setProblem(found)
    if (found) return
    signIn.mutate(
      { email, password, name },
      {
        onSuccess: (result) => {
          if (result && "twoFactorMethods" in result) setChallenge(result.twoFactorMethods)
          else if (result) onSignedIn()
          else setProblem("verify_email")
        },
      },
    )
  }

  const switchMode = () => {
    setMode(mode === "sign-in" ? "sign-up" : "sign-in")
    setProblem(undefined)
    signIn.reset()
  }

  const message = problem ? t(`login.${problem}`) : signIn.error && errorMessage(signIn.error)
  if (challenge) {
    const back = () => {
      setChallenge(undefined)
      setPassword("")
      signIn.reset()
    }
    return <TwoFactorStep methods={challenge} onSignedIn={onSignedIn} onBack={back} />
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="login-form" data-mode={mode}>
      <h1 className="text-xl font-semibold tracking-tight">
        {mode === "sign-in" ? t("login.title") : t("login.sign_up_title")}
      </h1>
      {mode === "sign-up" && (
        <TextField
          label={t("login.name")}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="login-name"
        />
      )}
      <TextField
        label={t("login.email")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        data-testid="login-email"
      />
      <TextField
        label={t("login.password")}
        type="password"
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        data-testid="login-password"
      />
      {mode === "sign-in" && (
        <Link
          to="/forgot-password"
          className="-mt-2 self-end text-xs font-medium text-accent-strong hover:underline"
          data-testid="login-forgot"
        >
          {t("login.forgot_password")}
        </Link>
      )}
      {message && (
        <p
          role="alert"
          className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
          data-testid="login-error"
        >
          {message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={signIn.isPending} data-testid="login-submit">
        {signIn.isPending && <Spinner className="size-3.5" label={t("common:status.loading")} />}
        {mode === "sign-in" ? t("login.sign_in") : t("login.sign_up")}
      </Button>
      <p className="text-center text-sm text-ink-soft">
        {mode === "sign-in" ? t("login.no_account") : t("login.have_account")}{" "}
        <button
          type="button"
          onClick={switchMode}
          className="cursor-pointer font-medium text-accent-strong hover:underline"
          data-testid="login-switch-mode"
        >
          {mode === "sign-in" ? t("login.sign_up") : t("login.sign_in")}
        </button>
      </p>
    </form>
  )
}
