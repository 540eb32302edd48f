// Settings › profile, delete account: a warning, then the password typed to confirm (the e-mail address for an
// account with no password, which the server lets a recent session delete); the server removes the account with
// everything in it, and the app forgets the session as at sign-out.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { deleteUser } from "../../api/account.ts"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { forgetSession } from "../auth/use-auth-actions.ts"
import { useHasPassword } from "./linked-accounts.tsx"
import { SettingsSection } from "./setting-controls.tsx"

const inputClass =
  "mt-1 w-full min-w-0 rounded-lg border border-line bg-canvas px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent aria-invalid:border-red-600"

export function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useTranslation("settings")
  const byEmail = useHasPassword() === false
  const client = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState("")
  const [missing, setMissing] = useState(false)
  const id = useId()
  const remove = useMutation({
    mutationFn: () => deleteUser(byEmail ? undefined : password),
    onSuccess: () => {
      forgetSession(client)
      navigate("/login", { replace: true })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const confirmed = byEmail ? password.trim().toLowerCase() === email.toLowerCase() : Boolean(password)
    setMissing(!confirmed)
    if (confirmed) remove.mutate()
  }
  return (
    <SettingsSection title={t("profile.section.delete")}>
      <div className="px-4 py-3" data-testid="delete-account">
        <p className="text-sm text-ink-soft">{t("profile.delete_note")}</p>
        {open ? (
          <form onSubmit={submit} noValidate className="mt-3" data-testid="delete-account-form">
            <label htmlFor={id} className="block text-sm font-medium">
              {t(byEmail ? "profile.delete_confirm_email_label" : "profile.delete_confirm_label")}
            </label>
            <input
              id={id}
              type={byEmail ? "email" : "password"}
              autoComplete={byEmail ? "off" : "current-password"}
              // biome-ignore lint/a11y/noAutofocus: opened by the button just pressed, to type the password into
              autoFocus
              value={password}
              aria-invalid={missing || remove.isError ? true : undefined}
              onChange={(e) => {
                setPassword(e.target.value)
                setMissing(false)
                remove.reset()
              }}
              className={inputClass}
              data-testid="delete-account-password"
            />
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <Button type="submit" variant="danger" disabled={remove.isPending} data-testid="delete-account-confirm">
                {t("profile.delete_confirm")}
              </Button>
              <Button
                onClick={() => {
                  setOpen(false)
                  setPassword("")
                  remove.reset()
                }}
                data-testid="delete-account-cancel"
              >
                {t("profile.delete_cancel")}
              </Button>
              <p role="status" className="text-sm text-red-700 dark:text-red-400" data-testid="delete-account-status">
                {missing
                  ? t(byEmail ? "profile.delete_email_mismatch" : "profile.password_required")
                  : remove.isError
                    ? errorMessage(remove.error)
                    : null}
              </p>
            </div>
          </form>
        ) : (
          <Button variant="danger" className="mt-3" onClick={() => setOpen(true)} data-testid="delete-account-start">
            {t("profile.delete_start")}
          </Button>
        )}
      </div>
    </SettingsSection>
  )
}
