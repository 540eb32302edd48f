// The boost modal: spend POWER so the server fetches a feed more often (its level), from the feed's menu.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { toast } from "sonner"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useBoostFeed, useBoostLevel, useWallet } from "../../queries/wallets.ts"
import { formatPower, formatWhen, parseAmount } from "./power-format.ts"

export function BoostDialog({ feedId, title, onClose }: { feedId: string; title: string; onClose: () => void }) {
  const { t, i18n } = useTranslation("wallet")
  const wallet = useWallet()
  const level = useBoostLevel(feedId)
  const boost = useBoostFeed()
  const [count, setCount] = useState("1")
  const [invalid, setInvalid] = useState(false)
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const cost = level.data?.monthlyBoostCost ?? 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseAmount(count)
    setInvalid(!parsed)
    if (!parsed || !cost) return
    const amount = String(Number(parsed) * cost)
    boost.mutate(
      { feedId, amount, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t("boost.sent", { count: Number(parsed), title }))
          onClose()
        },
      },
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("boost.title", { title })}
      description={t("boost.hint")}
      testId="boost-dialog"
    >
      {wallet.isPending || level.isPending ? (
        <p className="text-sm text-ink-soft">{t("loading")}</p>
      ) : level.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(level.error)}
        </p>
      ) : !wallet.data ? (
        <p className="text-sm text-ink-soft">
          {t("boost.no_wallet")}{" "}
          <Link className="font-medium text-accent-strong underline" to="/power">
            {t("title")}
          </Link>
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <p className="text-sm" data-testid="boost-level">
            {t("boost.level", {
              level: level.data.level,
              count: level.data.boostCount,
            })}
            {level.data.remainingBoostsToLevelUp > 0 &&
              ` ${t("boost.to_next", { count: level.data.remainingBoostsToLevelUp })}`}
          </p>
          {level.data.lastValidBoost && (
            <p className="text-xs text-ink-soft">
              {t("boost.yours_until", { date: formatWhen(level.data.lastValidBoost.expiresAt, i18n.language) })}
            </p>
          )}
          <TextField
            label={t("boost.count", { cost })}
            inputMode="numeric"
            value={count}
            onChange={(event) => {
              setCount(event.target.value)
              setInvalid(false)
            }}
            aria-invalid={invalid}
            data-testid="boost-count"
            hint={
              invalid
                ? t("invalid_amount")
                : t("boost.price", {
                    amount: formatPower(Number(parseAmount(count) ?? 0) * cost, i18n.language),
                    balance: formatPower(wallet.data.powerToken, i18n.language),
                  })
            }
          />
          {boost.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="boost-error">
              {errorMessage(boost.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>{t("cancel")}</Button>
            <Button type="submit" variant="primary" disabled={boost.isPending} data-testid="boost-send">
              {t("boost.send")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
