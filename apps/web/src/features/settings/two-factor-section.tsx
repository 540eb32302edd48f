// Settings › profile, two-factor: set-up with the password (a QR code of the otpauth URI and the key as text), a code
// from the app to turn it on, the backup codes shown once with a copy button; new backup codes or turning it off,
// again with the password. Each step refreshes the session (spec: two-factor calls refresh it).
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { disableTwoFactor, enableTwoFactor, generateBackupCodes, type TwoFactorSetup } from "../../api/account.ts"
import { verifySecondFactor } from "../../api/auth.ts"
import { Button } from "../../components/ui/button.tsx"
import { QrCode } from "../../components/ui/qr-code.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useHasPassword } from "./linked-accounts.tsx"
import { SettingsSection } from "./setting-controls.tsx"

const inputClass =
  "mt-1 w-full min-w-0 rounded-lg border border-line bg-canvas px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent aria-invalid:border-red-600"

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("settings")
  // A second factor guards the password: an account signing in only through a provider has its provider's.
  const noPassword = useHasPassword() === false && !enabled
  const [setup, setSetup] = useState<TwoFactorSetup>()
  const [codes, setCodes] = useState<string[]>()
  return (
    <SettingsSection title={t("profile.section.two_factor")}>
      <div className="px-4 py-3" data-testid="two-factor-section" data-enabled={enabled}>
        <p className="text-sm" data-testid="two-factor-state">
          {t(enabled ? "profile.two_factor_on" : "profile.two_factor_off")}
        </p>
        {noPassword ? (
          <p className="mt-1 text-sm text-ink-soft" data-testid="two-factor-needs-password">
            {t("profile.two_factor_needs_password")}
          </p>
        ) : codes ? (
          <BackupCodes codes={codes} onDone={() => setCodes(undefined)} />
        ) : setup ? (
          <ConfirmSetup
            setup={setup}
            onCancel={() => setSetup(undefined)}
            onEnabled={() => {
              setCodes(setup.backupCodes)
              setSetup(undefined)
            }}
          />
        ) : (
          <PasswordStep enabled={enabled} onSetup={setSetup} onCodes={setCodes} />
        )}
      </div>
    </SettingsSection>
  )
}

interface PasswordStepProps {
  enabled: boolean
  onSetup: (setup: TwoFactorSetup) => void
  onCodes: (codes: string[]) => void
}

/** The password, then: set up (when off), or new backup codes / turn off (when on). */
function PasswordStep({ enabled, onSetup, onCodes }: PasswordStepProps) {
  const { t } = useTranslation("settings")
  const client = useQueryClient()
  const [password, setPassword] = useState("")
  const [missing, setMissing] = useState(false)
  const id = useId()
  const action = useMutation({
    mutationFn: async (kind: "enable" | "codes" | "disable") => {
      if (kind === "enable") onSetup(await enableTwoFactor(password))
      else if (kind === "codes") onCodes((await generateBackupCodes(password)).backupCodes)
      else await disableTwoFactor(password)
      return kind
    },
    onSuccess: (kind) => {
      setPassword("")
      if (kind === "disable") void client.invalidateQueries({ queryKey: queryKeys.session })
    },
  })
  const run = (kind: "enable" | "codes" | "disable") => {
    setMissing(!password)
    if (password) action.mutate(kind)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    run(enabled ? "codes" : "enable")
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3" data-testid="two-factor-password-form">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("profile.two_factor_password")}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        value={password}
        aria-invalid={missing || action.isError ? true : undefined}
        onChange={(e) => {
          setPassword(e.target.value)
          setMissing(false)
          action.reset()
        }}
        className={inputClass}
        data-testid="two-factor-password"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {enabled ? (
          <>
            <Button type="submit" disabled={action.isPending} data-testid="two-factor-new-codes">
              {t("profile.backup_codes_new")}
            </Button>
            <Button
              variant="danger"
              disabled={action.isPending}
              onClick={() => run("disable")}
              data-testid="two-factor-disable"
            >
              {t("profile.two_factor_disable")}
            </Button>
          </>
        ) : (
          <Button type="submit" variant="primary" disabled={action.isPending} data-testid="two-factor-enable">
            {t("profile.two_factor_enable")}
          </Button>
        )}
        <p role="status" className="text-sm" data-testid="two-factor-status">
          {missing && <span className="text-red-700 dark:text-red-400">{t("profile.password_required")}</span>}
          {action.isError && <span className="text-red-700 dark:text-red-400">{errorMessage(action.error)}</span>}
          {action.isSuccess && action.data === "disable" && (
            <span className="text-ink-soft">{t("profile.two_factor_disabled")}</span>
          )}
        </p>
      </div>
    </form>
  )
}

interface ConfirmSetupProps {
  setup: TwoFactorSetup
  onCancel: () => void
  onEnabled: () => void
}

function ConfirmSetup({ setup, onCancel, onEnabled }: ConfirmSetupProps) {
  const { t } = useTranslation("settings")
  const client = useQueryClient()
  const [code, setCode] = useState("")
  const [missing, setMissing] = useState(false)
  const id = useId()
  const secret = new URL(setup.totpURI).searchParams.get("secret") ?? ""
  const confirm = useMutation({
    mutationFn: () => verifySecondFactor("totp", code.replace(/\s+/g, "")),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.session })
      onEnabled()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const empty = !/^\d{6}$/.test(code.replace(/\s+/g, ""))
    setMissing(empty)
    if (!empty) confirm.mutate()
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3" data-testid="two-factor-setup">
      <p className="text-sm text-ink-soft">{t("profile.two_factor_scan")}</p>
      <div className="mt-3 flex flex-wrap items-start gap-4">
        <QrCode text={setup.totpURI} label={t("profile.two_factor_qr_label")} />
        <div className="min-w-0 flex-[1_1_14rem]">
          <p className="text-xs font-medium text-ink-soft">{t("profile.two_factor_secret")}</p>
          {/* In groups of four, as authenticator apps show keys; they ignore the spaces when it is typed in. */}
          <code className="mt-0.5 block text-sm break-words select-all" data-testid="two-factor-secret">
            {secret.match(/.{1,4}/g)?.join(" ")}
          </code>
          <label htmlFor={id} className="mt-3 block text-sm font-medium">
            {t("profile.two_factor_confirm_code")}
          </label>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            aria-invalid={missing || confirm.isError ? true : undefined}
            onChange={(e) => {
              setCode(e.target.value)
              setMissing(false)
              confirm.reset()
            }}
            className={inputClass}
            data-testid="two-factor-confirm-code"
          />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button type="submit" variant="primary" disabled={confirm.isPending} data-testid="two-factor-confirm">
              {t("profile.two_factor_confirm")}
            </Button>
            <Button onClick={onCancel} data-testid="two-factor-cancel">
              {t("profile.two_factor_cancel")}
            </Button>
          </div>
          <p role="status" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {missing ? t("profile.code_required") : confirm.isError ? errorMessage(confirm.error) : null}
          </p>
        </div>
      </div>
    </form>
  )
}

/** Shown once: after this, the server keeps them encrypted and answers them to no one. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("settings")
  const [copied, setCopied] = useState(false)
  const copy = () => navigator.clipboard.writeText(codes.join("\n")).then(() => setCopied(true))
  return (
    <div className="mt-3" data-testid="backup-codes">
      <p className="text-sm font-medium">{t("profile.backup_codes_title")}</p>
      <p className="mt-0.5 text-xs text-ink-soft">{t("profile.backup_codes_note")}</p>
      <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} data-testid="backup-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={copy} data-testid="backup-codes-copy">
          {t("profile.backup_codes_copy")}
        </Button>
        <Button variant="primary" onClick={onDone} data-testid="backup-codes-done">
          {t("profile.backup_codes_done")}
        </Button>
        <p role="status" className="text-sm text-ink-soft">
          {copied && t("profile.backup_codes_copied")}
        </p>
      </div>
    </div>
  )
}
