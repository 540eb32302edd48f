// Settings › invitations: make a code (within the server's allowance), and each code made with a copy button,
// whether it was used, by whom and when.
import { useTranslation } from "react-i18next"
import type { Invitation } from "../../api/invitations.ts"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { copyText } from "../../lib/clipboard.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { useCreateInvitation, useInvitationAllowance, useInvitations } from "../../queries/invitations.ts"
import { SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

const buttonClass =
  "inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm font-medium text-accent-strong hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60"

export function InvitationsSettingsPage() {
  const { t } = useTranslation("settings")
  const allowance = useInvitationAllowance()
  const invitations = useInvitations()
  const create = useCreateInvitation()
  const left = allowance.data ?? 0

  return (
    <SettingsPage page="invitations">
      <SettingsSection title={t("invitations.section.new")}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 flex-[1_1_10rem]">
            <p className="text-sm font-medium">{t("invitations.new_label")}</p>
            <p className="mt-0.5 text-xs text-ink-soft" data-testid="invitation-allowance">
              {allowance.isPending ? t("invitations.loading") : t("invitations.allowance", { count: left })}
            </p>
          </div>
          <button
            type="button"
            className={buttonClass}
            data-testid="invitation-create"
            disabled={create.isPending || allowance.isPending}
            onClick={() => create.mutate()}
          >
            <Icon name="plus" />
            {t("invitations.create")}
          </button>
        </div>
        {create.isError && (
          <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400" data-testid="invitation-error">
            {errorMessage(create.error)}
          </p>
        )}
      </SettingsSection>

      <SettingsSection title={t("invitations.section.codes")}>
        {invitations.isPending ? (
          <p className="px-4 py-3 text-sm text-ink-soft">{t("invitations.loading")}</p>
        ) : invitations.isError ? (
          <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
            {errorMessage(invitations.error)}
          </p>
        ) : invitations.data.length === 0 ? (
          <p className="px-4 py-3 text-sm text-ink-soft" data-testid="invitation-empty">
            {t("invitations.empty")}
          </p>
        ) : (
          <ul className="divide-y divide-line" data-testid="invitation-list">
            {invitations.data.map((invitation) => (
              <InvitationRow key={invitation.code} invitation={invitation} />
            ))}
          </ul>
        )}
      </SettingsSection>
    </SettingsPage>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation("settings")
  const when = (iso: string) => formatFullDateTime(new Date(iso), i18n.language)
  const usedBy = invitation.users?.name || invitation.users?.id || invitation.toUserId
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
      data-testid="invitation-row"
      data-code={invitation.code}
    >
      <div className="min-w-0 flex-[1_1_12rem]">
        <code className="font-mono text-base font-semibold tracking-wider">{invitation.code}</code>
        <p className="mt-0.5 text-xs text-ink-soft" data-testid="invitation-status">
          {invitation.usedAt
            ? t("invitations.used_by", { name: usedBy ?? "?", date: when(invitation.usedAt) })
            : t("invitations.unused", { date: when(invitation.createdAt) })}
        </p>
      </div>
      {!invitation.usedAt && (
        <button
          type="button"
          className={buttonClass}
          aria-label={t("invitations.copy_label", { code: invitation.code })}
          onClick={() => void copyText(invitation.code, "text")}
        >
          <Icon name="copy" />
          {t("invitations.copy")}
        </button>
      )}
    </li>
  )
}

export { InvitationsSettingsPage as Component }
