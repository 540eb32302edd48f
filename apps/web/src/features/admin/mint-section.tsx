// Admin › mint: new POWER into a user's wallet (by id or e-mail address), recorded in the ledger as a mint.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useMintPower } from "../../queries/admin.ts"
import { parseAmount } from "../wallet/power-format.ts"
import { AdminAlert, AdminSection } from "./admin-section.tsx"

export function MintSection() {
  const { t } = useTranslation("admin")
  const mint = useMintPower()
  const [user, setUser] = useState("")
  const [amount, setAmount] = useState("")
  const [invalid, setInvalid] = useState(false)
  // One key per filled form: pressing mint again after a lost answer mints once.
  const [key, setKey] = useState(() => crypto.randomUUID())

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseAmount(amount)
    setInvalid(!parsed || !user.trim())
    if (!parsed || !user.trim()) return
    mint.mutate(
      { userId: user.trim(), amount: Number(parsed), key },
      {
        onSuccess: () => {
          setKey(crypto.randomUUID())
          setAmount("")
        },
      },
    )
  }
  return (
    <AdminSection id="admin-mint" title={t("mint.title")} hint={t("mint.hint")}>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[1.5fr_1fr_auto] sm:items-end">
        <TextField
          label={t("user_field")}
          value={user}
          onChange={(event) => {
            setUser(event.target.value)
            setKey(crypto.randomUUID())
          }}
          autoComplete="off"
          data-testid="admin-mint-user"
        />
        <TextField
          label={t("mint.amount")}
          inputMode="numeric"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value)
            setKey(crypto.randomUUID())
          }}
          aria-invalid={invalid}
          data-testid="admin-mint-amount"
        />
        <Button type="submit" variant="primary" disabled={mint.isPending} data-testid="admin-mint-run">
          {t("mint.run")}
        </Button>
      </form>
      {invalid && <p className="mt-1 text-xs text-ink-faint">{t("mint.invalid")}</p>}
      {mint.isSuccess && (
        <p className="mt-2 text-sm break-all" role="status" data-testid="admin-mint-result">
          {t("mint.done", { hash: mint.data })}
        </p>
      )}
      {mint.isError && <AdminAlert message={errorMessage(mint.error)} testId="admin-mint-error" />}
    </AdminSection>
  )
}
