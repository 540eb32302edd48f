// Admin › achievement reviews: the links readers sent as proof for achievements a person checks (what they reward
// happens outside this server). Approving lets the reader claim the POWER; rejecting sends them the note.
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { AchievementAudit } from "../../api/admin.ts"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useAchievementAudits, useDecideAchievementAudit } from "../../queries/admin.ts"
import { AdminAlert, AdminSection } from "./admin-section.tsx"

export function AuditsSection() {
  const { t } = useTranslation("admin")
  const audits = useAchievementAudits()
  return (
    <AdminSection id="admin-audits" title={t("audits.title")} hint={t("audits.hint")}>
      {audits.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : audits.isError ? (
        <AdminAlert message={errorMessage(audits.error)} />
      ) : audits.data.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft" data-testid="admin-audits-empty">
          {t("audits.empty")}
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {audits.data.map((audit) => (
            <AuditRow key={`${audit.userId}:${audit.actionId}`} audit={audit} />
          ))}
        </ul>
      )}
    </AdminSection>
  )
}

function AuditRow({ audit }: { audit: AchievementAudit }) {
  const { t, i18n } = useTranslation("admin")
  const { t: tWallet } = useTranslation("wallet")
  const decide = useDecideAchievementAudit()
  const [note, setNote] = useState("")
  const user = audit.userName ? `${audit.userName} <${audit.userEmail}>` : audit.userEmail
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(audit.submittedAt),
  )
  const run = (approved: boolean) =>
    decide.mutate({ userId: audit.userId, actionId: audit.actionId, approved, note: note.trim() || undefined })
  return (
    <li className="rounded-lg border border-line p-3" data-testid="admin-audit">
      <p className="text-sm font-medium">{tWallet(`achievements.${audit.key}.title`, { defaultValue: audit.key })}</p>
      <p className="text-xs break-words text-ink-faint">{t("audits.from", { user, date })}</p>
      {/* The reader's address, opened outside the app without handing it this page. */}
      <a
        href={audit.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="mt-1 block text-sm break-all text-accent-strong underline-offset-2 hover:underline"
        data-testid="admin-audit-url"
      >
        {audit.url}
      </a>
      <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField
          label={t("audits.note")}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          data-testid="admin-audit-note"
        />
        <Button
          variant="primary"
          disabled={decide.isPending}
          onClick={() => run(true)}
          aria-label={t("audits.approve_label", { user })}
          data-testid="admin-audit-approve"
        >
          {t("audits.approve")}
        </Button>
        <Button
          variant="danger"
          disabled={decide.isPending}
          onClick={() => run(false)}
          aria-label={t("audits.reject_label", { user })}
          data-testid="admin-audit-reject"
        >
          {t("audits.reject")}
        </Button>
      </div>
      {decide.isError && <AdminAlert message={errorMessage(decide.error)} testId="admin-audit-error" />}
    </li>
  )
}
