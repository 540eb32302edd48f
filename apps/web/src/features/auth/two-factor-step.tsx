// The sign-in's second step when the account has two-factor on: the code from the authenticator app, or a backup
// code, or a code mailed on request; "trust this device" spares this browser the step for 30 days.
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { type SecondFactor, sendSignInCode } from "../../api/auth.ts"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useSecondFactor } from "./use-auth-actions.ts"

interface Props {
  methods: string[]
  onSignedIn: () => void
  onBack: () => void
}

export function TwoFactorStep({ methods, onSignedIn, onBack }: Props) {
  const { t } = useTranslation(["auth", "app", "common"])
  const [factor, setFactor] = useState<SecondFactor>(methods.includes("totp") ? "totp" : "otp")
  const [code, setCode] = useState("")
  const [trustDevice, setTrustDevice] = useState(false)
  const [missing, setMissing] = useState(false)
  const verify = useSecondFactor()
  const mail = useMutation({ mutationFn: sendSignInCode })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const empty = !code.trim()
    setMissing(empty)
    if (!empty) verify.mutate({ factor, code, trustDevice }, { onSuccess: (session) => session && onSignedIn() })
  }
  const choose = (next: SecondFactor) => {
    setFactor(next)
    setCode("")
    setMissing(false)
    verify.reset()
    if (next === "otp" && !mail.isSuccess) mail.mutate()
  }

  const message = missing
    ? t("login.two_factor.missing")
    : verify.error
      ? errorMessage(verify.error)
      : mail.error && errorMessage(mail.error)
  const others = (["totp", "backup", "otp"] as const).filter(
    (f) => f !== factor && (f === "backup" || methods.includes(f)),
  )
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="two-factor-form"
      data-factor={factor}
    >
      <h1 className="text-xl font-semibold tracking-tight">{t("login.two_factor.title")}</h1>
      <p className="text-sm text-ink-soft">{t(`login.two_factor.hint_${factor}`)}</p>
      {factor === "otp" && mail.isSuccess && (
        <p role="status" className="text-sm text-ink-soft" data-testid="two-factor-mailed">
          {t("login.two_factor.mailed")}
        </p>
      )}
      <TextField
        label={t(factor === "backup" ? "login.two_factor.backup_code" : "login.two_factor.code")}
        autoComplete="one-time-code"
        inputMode={factor === "backup" ? "text" : "numeric"}
        autoFocus
        value={code}
        aria-invalid={missing || verify.isError ? true : undefined}
        onChange={(e) => {
          setCode(e.target.value)
          setMissing(false)
          verify.reset()
        }}
        data-testid="two-factor-code"
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={trustDevice}
          onChange={(e) => setTrustDevice(e.target.checked)}
          className="size-4 accent-accent"
          data-testid="two-factor-trust"
        />
        {t("login.two_factor.trust_device")}
      </label>
      {message && (
        <p
          role="alert"
          className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
          data-testid="two-factor-error"
        >
          {message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={verify.isPending} data-testid="two-factor-submit">
        {verify.isPending && <Spinner className="size-3.5" label={t("common:status.loading")} />}
        {t("login.two_factor.verify")}
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm">
        {others.map((other) => (
          <button
            key={other}
            type="button"
            onClick={() => choose(other)}
            className="cursor-pointer font-medium text-accent-strong hover:underline"
            data-testid={`two-factor-use-${other}`}
          >
            {t(`login.two_factor.use_${other}`)}
          </button>
        ))}
        <button
          type="button"
          onClick={onBack}
          className="cursor-pointer text-ink-soft hover:underline"
          data-testid="two-factor-back"
        >
          {t("login.two_factor.back")}
        </button>
      </div>
    </form>
  )
}
