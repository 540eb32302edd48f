// Admin › recent mails: with no SMTP configured the server writes mails to its log and keeps the last ones, so an
// administrator can hand a user the link they were sent (verification, password reset).
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useRecentMails } from "../../queries/admin.ts"
import { AdminAlert, AdminSection } from "./admin-section.tsx"

export function MailsSection() {
  const { t, i18n } = useTranslation("admin")
  const mails = useRecentMails()
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
  return (
    <AdminSection id="admin-mails" title={t("mails.title")} hint={t("mails.hint")}>
      <div className="mt-2 flex justify-end">
        <Button
          size="sm"
          onClick={() => void mails.refetch()}
          disabled={mails.isFetching}
          data-testid="admin-mails-section-refresh"
        >
          {t("mails.refresh")}
        </Button>
      </div>
      {mails.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : mails.isError ? (
        <AdminAlert message={errorMessage(mails.error)} />
      ) : mails.data.transport === "smtp" ? (
        <p className="mt-2 text-sm text-ink-soft" data-testid="admin-mails-smtp">
          {t("mails.smtp")}
        </p>
      ) : mails.data.mails.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft" data-testid="admin-mails-empty">
          {t("mails.empty")}
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="admin-mails">
          {mails.data.mails.map((mail) => (
            <li
              key={`${mail.sentAt}-${mail.to}-${mail.subject}`}
              className="rounded-lg border border-line p-3"
              data-testid="admin-mail"
            >
              <p className="text-sm font-medium break-words">{mail.subject}</p>
              <p className="text-xs text-ink-faint">
                {t("mails.to", { to: mail.to })} · {when(mail.sentAt)}
              </p>
              <pre className="mt-2 max-h-48 overflow-auto text-xs break-words whitespace-pre-wrap">{mail.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  )
}
