// Admin › clean: remove entries older than a number of days (starred ones always stay), after a confirmation,
// and say how many went.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useCleanEntries } from "../../queries/admin.ts"
import { AdminAlert, AdminSection } from "./admin-section.tsx"

const MAX_DAYS = 36_500

export function CleanSection() {
  const { t, i18n } = useTranslation("admin")
  const clean = useCleanEntries()
  const [days, setDays] = useState("90")
  const [confirming, setConfirming] = useState(false)
  const parsed = /^\d+$/.test(days.trim()) ? Number(days.trim()) : 0
  const valid = parsed >= 1 && parsed <= MAX_DAYS

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid) setConfirming(true)
  }
  return (
    <AdminSection id="admin-clean" title={t("clean.title")} hint={t("clean.hint")}>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-56">
          <TextField
            label={t("clean.days")}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            aria-invalid={!valid}
            data-testid="admin-clean-days"
          />
        </div>
        <Button type="submit" variant="danger" disabled={!valid || clean.isPending} data-testid="admin-clean-run">
          {t("clean.run")}
        </Button>
      </form>
      {!valid && <p className="mt-1 text-xs text-ink-faint">{t("clean.invalid", { max: MAX_DAYS })}</p>}
      {clean.isSuccess && (
        <p className="mt-2 text-sm" role="status" data-testid="admin-clean-result">
          {t("clean.removed", {
            count: clean.data,
            formatted: new Intl.NumberFormat(i18n.language).format(clean.data),
          })}
        </p>
      )}
      {clean.isError && <AdminAlert message={errorMessage(clean.error)} />}
      <ConfirmDialog
        open={confirming}
        title={t("clean.confirm_title", { count: parsed })}
        description={t("clean.confirm_description")}
        confirmLabel={t("clean.run")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => clean.mutate(parsed)}
      />
    </AdminSection>
  )
}
