// /power's rewards: the achievements (progress from the reader's own data, a claim button once completed) and the
// one-off airdrop with the rules it checks. Each claim pays POWER once; the balance above refreshes with it.
import { type FormEvent, type ReactNode, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Achievement, Airdrop, AirdropCheck } from "../../api/rewards.ts"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import {
  useAchievements,
  useAirdrop,
  useClaimAchievement,
  useClaimAirdrop,
  useSendAchievementProof,
} from "../../queries/rewards.ts"
import { formatPower, formatWhen } from "./power-format.ts"

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section
      className="mt-4 rounded-xl border border-line bg-surface p-4 dark:bg-surface-raised"
      aria-label={title}
      data-testid={testId}
    >
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

export function AchievementsCard() {
  const { t } = useTranslation("wallet")
  const list = useAchievements()
  return (
    <Card title={t("achievements.title")} testId="power-achievements">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">{t("achievements.title")}</h2>
        {list.data && (
          <p className="text-xs text-ink-soft" data-testid="power-achievements-count">
            {t("achievements.count", { done: list.data.done, total: list.data.total })}
          </p>
        )}
      </div>
      {list.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : list.isError ? (
        <Alert error={list.error} />
      ) : (
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {list.data.data.map((achievement) => (
            <AchievementRow key={achievement.actionId} achievement={achievement} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function AchievementRow({ achievement }: { achievement: Achievement }) {
  const { t, i18n } = useTranslation("wallet")
  const claim = useClaimAchievement()
  const title = t(`achievements.${achievement.key}.title`, { defaultValue: achievement.key })
  const percent = Math.round((100 * achievement.progress) / Math.max(1, achievement.progressMax))
  const power = formatPower(achievement.power, i18n.language)
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-line px-3 py-2.5"
      data-testid="power-achievement"
      data-action-id={achievement.actionId}
      data-state={achievement.type}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium">{title}</p>
          <p className="text-xs text-ink-soft">{t(`achievements.${achievement.key}.hint`, { defaultValue: "" })}</p>
        </div>
        <span className="shrink-0 text-sm font-medium tabular-nums text-accent-strong">+{power}</span>
      </div>
      <div className="flex items-center gap-3">
        <div
          className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-line"
          role="progressbar"
          aria-label={t("achievements.progress_label", { title })}
          aria-valuemin={0}
          aria-valuemax={achievement.progressMax}
          aria-valuenow={achievement.progress}
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
        </div>
        <span className="shrink-0 text-xs tabular-nums text-ink-soft">
          {achievement.progress}/{achievement.progressMax}
        </span>
        {achievement.type === "completed" && (
          <Button
            size="sm"
            variant="primary"
            disabled={claim.isPending}
            onClick={() => claim.mutate(achievement.actionId)}
            aria-label={t("achievements.claim_label", { title, amount: power })}
            data-testid="power-achievement-claim"
          >
            {t("achievements.claim")}
          </Button>
        )}
      </div>
      {achievement.type === "received" && (
        <p className="text-xs font-medium text-green-700 dark:text-green-400" data-testid="power-achievement-received">
          {achievement.doneAt
            ? t("achievements.received_on", { date: formatWhen(achievement.doneAt, i18n.language) })
            : t("achievements.received")}
        </p>
      )}
      {achievement.audit && achievement.type === "audit" && achievement.auditUrl && (
        <p className="text-xs break-all text-ink-soft" data-testid="power-achievement-pending">
          {t("achievements.proof_pending", { url: achievement.auditUrl })}
        </p>
      )}
      {achievement.audit && achievement.type === "incomplete" && <ProofForm achievement={achievement} title={title} />}
      {claim.isError && <Alert error={claim.error} testId="power-achievement-error" />}
    </li>
  )
}

/** An achievement a person checks: the address of the proof, sent for review (again after a rejection). */
function ProofForm({ achievement, title }: { achievement: Achievement; title: string }) {
  const { t } = useTranslation("wallet")
  const send = useSendAchievementProof()
  const [url, setUrl] = useState("")
  const [invalid, setInvalid] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = url.trim()
    const valid = /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value)
    setInvalid(!valid)
    if (valid) send.mutate({ actionId: achievement.actionId, url: value }, { onSuccess: () => setUrl("") })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2"
      aria-label={title}
      data-testid="power-achievement-proof"
    >
      {achievement.auditNote !== null && (
        <p className="text-xs text-red-700 dark:text-red-400" data-testid="power-achievement-rejected">
          {achievement.auditNote
            ? t("achievements.proof_rejected", { note: achievement.auditNote })
            : t("achievements.proof_rejected_plain")}
        </p>
      )}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t("achievements.proof_label")}
            type="url"
            inputMode="url"
            placeholder={t("achievements.proof_placeholder")}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={invalid}
            data-testid="power-achievement-proof-url"
          />
        </div>
        <Button type="submit" size="sm" disabled={send.isPending} data-testid="power-achievement-proof-send">
          {t("achievements.proof_send")}
        </Button>
      </div>
      {invalid && <p className="text-xs text-ink-faint">{t("achievements.proof_invalid")}</p>}
      {send.isError && <Alert error={send.error} testId="power-achievement-proof-error" />}
    </form>
  )
}

export function AirdropCard() {
  const { t } = useTranslation("wallet")
  const airdrop = useAirdrop()
  const claim = useClaimAirdrop()
  return (
    <Card title={t("airdrop.title")} testId="power-airdrop">
      <h2 className="text-sm font-semibold">{t("airdrop.title")}</h2>
      {airdrop.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : airdrop.isError ? (
        <Alert error={airdrop.error} />
      ) : (
        <AirdropBody data={airdrop.data} claiming={claim.isPending} onClaim={() => claim.mutate(undefined)} />
      )}
      {claim.isError && <Alert error={claim.error} testId="power-airdrop-error" />}
    </Card>
  )
}

function AirdropBody({ data, claiming, onClaim }: { data: Airdrop; claiming: boolean; onClaim: () => void }) {
  const { t, i18n } = useTranslation("wallet")
  return (
    <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-[1_1_16rem]">
        <p className="text-sm text-ink-soft">
          {t("airdrop.rule", { amount: formatPower(data.amount, i18n.language) })}
        </p>
        {data.status !== "sent" && (
          <ul className="mt-2 grid gap-1 text-sm">
            {data.checks.map((check) => (
              <AirdropCheckRow key={check.id} check={check} />
            ))}
          </ul>
        )}
      </div>
      {data.status === "sent" ? (
        <p className="text-sm font-medium text-green-700 dark:text-green-400" data-testid="power-airdrop-sent">
          {data.claimedAt
            ? t("airdrop.sent_on", { date: formatWhen(data.claimedAt, i18n.language) })
            : t("airdrop.sent")}
        </p>
      ) : (
        <Button
          variant="primary"
          disabled={!data.isEligible || claiming}
          onClick={onClaim}
          data-testid="power-airdrop-claim"
        >
          {t("airdrop.claim", { amount: formatPower(data.amount, i18n.language) })}
        </Button>
      )}
    </div>
  )
}

function AirdropCheckRow({ check }: { check: AirdropCheck }) {
  const { t } = useTranslation("wallet")
  return (
    <li className="flex items-center gap-2" data-testid="power-airdrop-check" data-met={check.met}>
      <span aria-hidden="true" className={check.met ? "text-green-700 dark:text-green-400" : "text-ink-faint"}>
        {check.met ? "✓" : "○"}
      </span>
      <span className={check.met ? "" : "text-ink-soft"}>
        {t(`airdrop.check.${check.id}`, { count: check.needed })}
        <span className="sr-only">{check.met ? ` — ${t("airdrop.met")}` : ` — ${t("airdrop.not_met")}`}</span>
      </span>
      <span className="ml-auto shrink-0 text-xs tabular-nums text-ink-soft">
        {Math.min(check.current, check.needed)}/{check.needed}
      </span>
    </li>
  )
}
