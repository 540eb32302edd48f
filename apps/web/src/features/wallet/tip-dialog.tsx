// The tip modal: send POWER to a feed (its owner when claimed, otherwise the feed's pool), from the feed's menu.
import { type FormEvent, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { toast } from "sonner"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { track } from "../../lib/analytics.ts"
import { useUserProfile } from "../../queries/profiles.ts"
import { useSendTip, useWallet } from "../../queries/wallets.ts"
import { formatPower, parseAmount } from "./power-format.ts"

const PRESETS = ["1", "5", "10", "20"]

export function TipDialog({
  feedId,
  title,
  ownerUserId,
  onClose,
}: {
  feedId: string
  title: string
  /** The feed's owner when it is claimed: the tip goes to them, and the dialog says to whom. */
  ownerUserId?: string | null
  onClose: () => void
}) {
  const { t, i18n } = useTranslation("wallet")
  const wallet = useWallet()
  const owner = useUserProfile(ownerUserId ?? undefined).data
  const ownerName = owner ? owner.name?.trim() || (owner.handle ? `@${owner.handle}` : "") : ""
  const tip = useSendTip()
  const [amount, setAmount] = useState("5")
  const [invalid, setInvalid] = useState(false)
  // One key per dialog: pressing send again after a lost answer cannot tip twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  useEffect(() => track("tip_modal_open"), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseAmount(amount)
    setInvalid(!parsed)
    if (!parsed) return
    tip.mutate(
      { feedId, amount: parsed, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t("tip.sent", { amount: formatPower(parsed, i18n.language), title }))
          onClose()
        },
      },
    )
  }

  const balance = wallet.data ? formatPower(wallet.data.powerToken, i18n.language) : null
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("tip.title", { title })}
      description={ownerUserId && ownerName ? t("tip.hint_claimed", { name: ownerName }) : t("tip.hint")}
      testId="tip-dialog"
    >
      {wallet.isPending ? (
        <p className="text-sm text-ink-soft">{t("loading")}</p>
      ) : !wallet.data ? (
        <p className="text-sm text-ink-soft" data-testid="tip-no-wallet">
          {t("tip.no_wallet")}{" "}
          <Link className="font-medium text-accent-strong underline" to="/power">
            {t("title")}
          </Link>
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <p className="text-sm" data-testid="tip-balance">
            {t("tip.balance", { amount: balance })}
          </p>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("tip.presets")}</legend>
            {PRESETS.map((preset) => (
              <Button
                key={preset}
                size="sm"
                variant={amount === preset ? "primary" : "secondary"}
                aria-pressed={amount === preset}
                onClick={() => {
                  setAmount(preset)
                  setInvalid(false)
                }}
              >
                {formatPower(preset, i18n.language)}
              </Button>
            ))}
          </fieldset>
          <TextField
            label={t("tip.amount")}
            inputMode="numeric"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value)
              setInvalid(false)
            }}
            aria-invalid={invalid}
            data-testid="tip-amount"
            hint={invalid ? t("invalid_amount") : undefined}
          />
          {tip.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="tip-error">
              {errorMessage(tip.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>{t("cancel")}</Button>
            <Button type="submit" variant="primary" disabled={tip.isPending} data-testid="tip-send">
              {t("tip.send")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
