// /power: the POWER wallet — balance and level, the daily claim with the time to the next one, transactions
// (paged), the ranking, and a withdrawal request.

import { ErrorCode } from "@tidings/shared"
import { type FormEvent, type ReactNode, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { catalogueCode } from "../../api/api-error.ts"
import type { PowerTransaction, Wallet } from "../../api/wallets.ts"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { PageFrame } from "../../components/ui/page-frame.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import {
  useClaimCheck,
  useClaimDaily,
  useCreateWallet,
  useRanking,
  useTransactions,
  useWallet,
  useWithdraw,
} from "../../queries/wallets.ts"
import { formatCountdown, formatPower, formatWhen, parseAmount } from "./power-format.ts"
import { AchievementsCard, AirdropCard } from "./rewards-sections.tsx"

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section
      className="mt-4 rounded-xl border border-line bg-surface p-4 dark:bg-surface-raised"
      aria-label={title}
      data-testid={testId}
    >
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Alert({ error, testId }: { error: unknown; testId?: string }) {
  return (
    <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid={testId}>
      {errorMessage(error)}
    </p>
  )
}

export function PowerPage() {
  const { t } = useTranslation("wallet")
  const wallet = useWallet()
  const create = useCreateWallet()
  return (
    <PageFrame title={t("title")} hint={t("hint")}>
      <div data-testid="power-page">
        {wallet.isPending ? (
          <p className="mt-6 text-sm text-ink-soft">{t("loading")}</p>
        ) : wallet.isError ? (
          <Alert error={wallet.error} />
        ) : !wallet.data ? (
          <Section title={t("create.title")} testId="power-create">
            <p className="mt-1 text-sm text-ink-soft">{t("create.hint")}</p>
            <Button
              variant="primary"
              className="mt-3"
              disabled={create.isPending}
              onClick={() => create.mutate(undefined)}
              data-testid="power-create-button"
            >
              {t("create.button")}
            </Button>
            {create.isError && <Alert error={create.error} />}
          </Section>
        ) : (
          <WalletSections wallet={wallet.data} />
        )}
      </div>
    </PageFrame>
  )
}

function WalletSections({ wallet }: { wallet: Wallet }) {
  return (
    <>
      <BalanceCard wallet={wallet} />
      <ClaimCard />
      <AchievementsCard />
      <AirdropCard />
      <div className="lg:grid lg:grid-cols-2 lg:gap-4">
        <TransactionList userId={wallet.userId} />
        <Ranking userId={wallet.userId} />
      </div>
      <WithdrawForm wallet={wallet} />
    </>
  )
}

function BalanceCard({ wallet }: { wallet: Wallet }) {
  const { t, i18n } = useTranslation("wallet")
  const power = (amount: string) => formatPower(amount, i18n.language)
  return (
    <Section title={t("balance.title")} testId="power-balance">
      <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="power-balance-total">
        {power(wallet.powerToken)} <span className="text-base font-medium text-ink-soft">POWER</span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Stat label={t("balance.rewards")} value={power(wallet.dailyPowerToken)} />
        <Stat label={t("balance.withdrawable")} value={power(wallet.cashablePowerToken)} />
        <Stat label={t("balance.level")} value={t("balance.level_value", { level: wallet.level?.level ?? 1 })} />
        <Stat label={t("balance.rank")} value={wallet.level ? `#${wallet.level.rank}` : "—"} />
      </dl>
      <p className="mt-3 break-all text-xs text-ink-faint">{t("balance.address", { address: wallet.address })}</p>
    </Section>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-ink-soft">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  )
}

/** The clock, once a second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}

function ClaimCard() {
  const { t, i18n } = useTranslation("wallet")
  const check = useClaimCheck(true)
  const claim = useClaimDaily()
  const now = useNow()
  const next = check.data?.nextClaimTime ? Date.parse(check.data.nextClaimTime) : 0
  const reopened = !!check.data && !check.data.canClaim && next <= now
  // The day turned while the page was open: ask again whether a claim is open.
  useEffect(() => {
    if (reopened) void check.refetch()
  }, [reopened, check.refetch])

  return (
    <Section title={t("claim.title")} testId="power-claim">
      {check.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : check.isError ? (
        <Alert error={check.error} />
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 flex-[1_1_16rem] text-sm text-ink-soft">
            {t("claim.rule", {
              amount: formatPower(check.data.amount ?? "0", i18n.language),
              multiplier: check.data.multiplier ?? 1,
            })}
          </p>
          {check.data.canClaim ? (
            <Button
              variant="primary"
              disabled={claim.isPending}
              onClick={() => claim.mutate(undefined)}
              data-testid="power-claim-button"
            >
              {t("claim.button", { amount: formatPower(check.data.amount ?? "0", i18n.language) })}
            </Button>
          ) : (
            <p className="text-sm font-medium" data-testid="power-claim-countdown" aria-live="off">
              {t("claim.next", { time: formatCountdown(next, now) })}
            </p>
          )}
        </div>
      )}
      {claim.isError && <Alert error={claim.error} testId="power-claim-error" />}
    </Section>
  )
}

function TransactionList({ userId }: { userId: string }) {
  const { t } = useTranslation("wallet")
  const pages = useTransactions(true)
  const rows = pages.data?.pages.flat() ?? []
  return (
    <Section title={t("transactions.title")} testId="power-transactions">
      {pages.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : pages.isError ? (
        <Alert error={pages.error} />
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">{t("transactions.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {rows.map((row) => (
            <TransactionRow key={row.hash} row={row} userId={userId} />
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button
          size="sm"
          className="mt-2"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
          data-testid="power-transactions-more"
        >
          {t("transactions.more")}
        </Button>
      )}
    </Section>
  )
}

function TransactionRow({ row, userId }: { row: PowerTransaction; userId: string }) {
  const { t, i18n } = useTranslation("wallet")
  const incoming = row.toUserId === userId
  const other = incoming
    ? row.fromUser?.name
    : (row.toUser?.name ?? row.toFeed?.title ?? (row.type === "withdraw" ? row.comment : null))
  const label = {
    // Achievements are minted too; their comment names them (server: services/rewards.ts).
    mint: row.comment?.startsWith("achievement") ? t("transactions.type.achievement") : t("transactions.type.mint"),
    tip: incoming ? t("transactions.type.tip_in") : t("transactions.type.tip_out"),
    withdraw: t("transactions.type.withdraw"),
    burn: t("transactions.type.withdraw"),
    purchase: t("transactions.type.purchase"),
    airdrop: t("transactions.type.airdrop"),
  }[row.type]
  return (
    <li className="flex items-center gap-3 py-2 text-sm" data-testid="power-transaction">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {label}
          {other ? ` · ${other}` : ""}
        </p>
        <p className="text-xs text-ink-soft">
          {formatWhen(row.createdAt, i18n.language)}
          {row.status === "pending" ? ` · ${t("transactions.pending")}` : ""}
        </p>
      </div>
      <span
        className={`shrink-0 font-medium tabular-nums ${incoming ? "text-green-700 dark:text-green-400" : "text-ink"}`}
      >
        {incoming ? "+" : "−"}
        {formatPower(row.powerToken, i18n.language)}
      </span>
    </li>
  )
}

function Ranking({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation("wallet")
  const ranking = useRanking()
  return (
    <Section title={t("ranking.title")} testId="power-ranking">
      {ranking.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : ranking.isError ? (
        <Alert error={ranking.error} />
      ) : (
        <ol className="mt-2 divide-y divide-line">
          {ranking.data.map((item) => (
            <li key={item.userId} className="flex items-center gap-3 py-2 text-sm">
              <span className="w-8 shrink-0 text-ink-soft tabular-nums">#{item.rank}</span>
              <span className={`min-w-0 flex-1 truncate ${item.userId === userId ? "font-semibold" : ""}`}>
                {item.username || item.userId}
                {item.userId === userId ? ` (${t("ranking.you")})` : ""}
              </span>
              <span className="shrink-0 font-medium tabular-nums">{formatPower(item.balance, i18n.language)}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}

function WithdrawForm({ wallet }: { wallet: Wallet }) {
  const { t, i18n } = useTranslation("wallet")
  const withdraw = useWithdraw()
  const [amount, setAmount] = useState("")
  const [address, setAddress] = useState("")
  const [invalid, setInvalid] = useState(false)
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [sent, setSent] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseAmount(amount)
    setInvalid(!parsed)
    setSent(false)
    if (!parsed || !address.trim()) return
    withdraw.mutate(
      { amount: parsed, address: address.trim(), idempotencyKey: key },
      {
        onSuccess: () => {
          setSent(true)
          setAmount("")
          setKey(crypto.randomUUID())
        },
      },
    )
  }

  return (
    <Section title={t("withdraw.title")} testId="power-withdraw">
      <p className="mt-1 text-sm text-ink-soft">
        {t("withdraw.hint", { amount: formatPower(wallet.cashablePowerToken, i18n.language) })}
      </p>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
        <TextField
          label={t("withdraw.amount")}
          inputMode="numeric"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value)
            setInvalid(false)
          }}
          aria-invalid={invalid}
          data-testid="power-withdraw-amount"
        />
        <TextField
          label={t("withdraw.address")}
          value={address}
          required
          maxLength={200}
          onChange={(event) => setAddress(event.target.value)}
          data-testid="power-withdraw-address"
        />
        <Button type="submit" disabled={withdraw.isPending} data-testid="power-withdraw-submit">
          {t("withdraw.submit")}
        </Button>
      </form>
      {invalid && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {t("invalid_amount")}
        </p>
      )}
      {withdraw.isError &&
        (catalogueCode(withdraw.error) === ErrorCode.FeedInsufficientWithdrawableBalance ? (
          // The catalogue's words name a feed; here it is the reader's own withdrawable POWER.
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid="power-withdraw-error">
            {t("withdraw.too_much")}
          </p>
        ) : (
          <Alert error={withdraw.error} testId="power-withdraw-error" />
        ))}
      {sent && (
        <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400">
          {t("withdraw.sent")}
        </p>
      )}
    </Section>
  )
}
