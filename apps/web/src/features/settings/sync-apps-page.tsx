// Settings › sync apps: the addresses to enter in Reeder, NetNewsWire, ReadKit, FeedMe or Fiery Feeds, and the app
// passwords they sign in with — created with a name (the password is shown this once), listed with when each was
// made and last used, revoked after a confirmation.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { type AppPassword, syncServerUrl } from "../../api/app-passwords.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { CopyableText } from "../../components/ui/copyable-text.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from "../../queries/app-passwords.ts"
import { useSession } from "../../queries/session.ts"
import { SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

export function SyncAppsSettingsPage() {
  const { t } = useTranslation("settings")
  const session = useSession()
  const base = syncServerUrl()
  const servers = [
    { id: "greader", url: `${base}/api/greader.php` },
    { id: "greader_root", url: base },
    { id: "fever", url: `${base}/fever/` },
  ] as const
  return (
    <SettingsPage page="sync-apps">
      <SettingsSection title={t("sync_apps.section.servers")}>
        {servers.map((server) => (
          <div key={server.id} className="px-4 py-3" data-testid={`sync-server-${server.id}`}>
            <p className="text-sm font-medium">{t(`sync_apps.server.${server.id}`)}</p>
            <p className="mt-0.5 text-xs text-ink-soft">{t(`sync_apps.server.${server.id}.apps`)}</p>
            <CopyableText text={server.url} />
          </div>
        ))}
        <div className="px-4 py-3 text-sm">
          <p>
            {t("sync_apps.username")}{" "}
            <span className="font-medium break-all" data-testid="sync-username">
              {session.data?.user.email ?? ""}
            </span>
          </p>
          <p className="mt-1 text-xs text-ink-soft">{t("sync_apps.password_hint")}</p>
        </div>
      </SettingsSection>
      <NewPasswordSection />
      <PasswordListSection />
    </SettingsPage>
  )
}

function NewPasswordSection() {
  const { t } = useTranslation("settings")
  const create = useCreateAppPassword()
  const [name, setName] = useState("")
  const created = create.data
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return
    create.mutate(name.trim(), { onSuccess: () => setName("") })
  }
  return (
    <SettingsSection title={t("sync_apps.section.new")}>
      <form className="flex flex-wrap items-end gap-3 px-4 py-3" onSubmit={submit} data-testid="app-password-form">
        <div className="min-w-0 flex-[1_1_14rem]">
          <TextField
            label={t("sync_apps.name")}
            placeholder={t("sync_apps.name_placeholder")}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            data-testid="app-password-name"
          />
        </div>
        <Button
          type="submit"
          variant="primary"
          disabled={create.isPending || !name.trim()}
          data-testid="app-password-create"
        >
          <Icon name="plus" />
          {t("sync_apps.create")}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
          {errorMessage(create.error)}
        </p>
      )}
      {created && (
        <div className="bg-accent/8 px-4 py-3" role="status" data-testid="app-password-created">
          <p className="text-sm font-medium">{t("sync_apps.created", { name: created.name })}</p>
          <p className="mt-0.5 text-xs text-ink-soft">{t("sync_apps.created_once")}</p>
          <div data-testid="app-password-value">
            <CopyableText text={created.password} textClassName="text-base font-semibold tracking-wide" />
          </div>
          <Button size="sm" className="mt-2" onClick={() => create.reset()} data-testid="app-password-done">
            {t("sync_apps.done")}
          </Button>
        </div>
      )}
    </SettingsSection>
  )
}

function PasswordListSection() {
  const { t } = useTranslation("settings")
  const passwords = useAppPasswords()
  return (
    <SettingsSection title={t("sync_apps.section.list")}>
      {passwords.isPending ? (
        <p className="px-4 py-3 text-sm text-ink-soft">{t("invitations.loading")}</p>
      ) : passwords.isError ? (
        <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
          {errorMessage(passwords.error)}
        </p>
      ) : passwords.data.length === 0 ? (
        <p className="px-4 py-3 text-sm text-ink-soft" data-testid="app-password-empty">
          {t("sync_apps.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid="app-password-list">
          {passwords.data.map((password) => (
            <PasswordRow key={password.id} password={password} />
          ))}
        </ul>
      )}
    </SettingsSection>
  )
}

function PasswordRow({ password }: { password: AppPassword }) {
  const { t, i18n } = useTranslation("settings")
  const revoke = useRevokeAppPassword()
  const [confirming, setConfirming] = useState(false)
  const when = (iso: string) => formatFullDateTime(new Date(iso), i18n.language)
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="app-password-row">
      <div className="min-w-0 flex-[1_1_12rem]">
        <p className="truncate text-sm font-medium">{password.name}</p>
        <p className="mt-0.5 text-xs text-ink-soft">
          {t("sync_apps.created_at", { date: when(password.createdAt) })}
          {" · "}
          {password.lastUsedAt
            ? t("sync_apps.last_used", { date: when(password.lastUsedAt) })
            : t("sync_apps.never_used")}
        </p>
      </div>
      <Button
        size="sm"
        className="text-red-700 dark:text-red-400"
        disabled={revoke.isPending}
        aria-label={t("sync_apps.revoke_label", { name: password.name })}
        onClick={() => setConfirming(true)}
        data-testid="app-password-revoke"
      >
        <Icon name="trash" />
        {t("sync_apps.revoke")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("sync_apps.revoke_title", { name: password.name })}
        description={t("sync_apps.revoke_description")}
        confirmLabel={t("sync_apps.revoke")}
        danger
        onConfirm={() => revoke.mutate(password.id)}
        onClose={() => setConfirming(false)}
      />
    </li>
  )
}

export { SyncAppsSettingsPage as Component }
