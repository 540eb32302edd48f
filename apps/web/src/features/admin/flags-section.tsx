// Admin › feature flags: each flag on or off for everyone it rolls out to, how many users have it, and a form to
// force it on or off for one user (by id or e-mail address).
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { toast } from "sonner"
import type { FeatureFlag } from "../../api/admin.ts"
import { Button } from "../../components/ui/button.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useFeatureFlags, useFlagStats, useOverrideFeatureFlag, useUpdateFeatureFlag } from "../../queries/admin.ts"
import { SwitchRow } from "../settings/setting-controls.tsx"
import { AdminAlert, AdminSection } from "./admin-section.tsx"

export function FlagsSection() {
  const { t } = useTranslation("admin")
  const flags = useFeatureFlags()
  const update = useUpdateFeatureFlag()
  return (
    <AdminSection id="admin-flags" title={t("flags.title")} hint={t("flags.hint")}>
      {flags.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">{t("loading")}</p>
      ) : flags.isError ? (
        <AdminAlert message={errorMessage(flags.error)} />
      ) : flags.data.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">{t("flags.empty")}</p>
      ) : (
        <div className="mt-3 divide-y divide-line rounded-lg border border-line" data-testid="admin-flag-list">
          {flags.data.map((flag) => (
            <FlagRow
              key={flag.name}
              flag={flag}
              onToggle={(enabled) => update.mutate({ name: flag.name, enabled })}
              busy={update.isPending}
            />
          ))}
        </div>
      )}
      {update.isError && <AdminAlert message={errorMessage(update.error)} />}
      {flags.data && flags.data.length > 0 && <OverrideForm flags={flags.data} />}
    </AdminSection>
  )
}

function FlagRow({ flag, onToggle, busy }: { flag: FeatureFlag; onToggle: (on: boolean) => void; busy: boolean }) {
  const { t } = useTranslation("admin")
  const stats = useFlagStats(flag.name)
  const rollout =
    flag.rolloutType === "percentage"
      ? t("flags.rollout_percentage", { percent: flag.rolloutPercentage })
      : t(flag.rolloutValue === 1 ? "flags.rollout_everyone" : "flags.rollout_whitelist")
  const usage = stats.data
    ? t("flags.usage", {
        enabled: stats.data.enabledUsers,
        total: stats.data.totalUsers,
        count: stats.data.overrideUsers,
      })
    : ""
  return (
    <SwitchRow
      label={flag.name}
      description={[flag.description, rollout, usage].filter(Boolean).join(" · ")}
      checked={flag.enabled}
      disabled={busy}
      onChange={onToggle}
      testId={`admin-flag-${flag.name}`}
    />
  )
}

function OverrideForm({ flags }: { flags: FeatureFlag[] }) {
  const { t } = useTranslation("admin")
  const override = useOverrideFeatureFlag()
  const [name, setName] = useState(flags[0]!.name)
  const [user, setUser] = useState("")
  const [state, setState] = useState<"on" | "off">("on")

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user.trim()) return
    override.mutate(
      { name, userId: user.trim(), forceEnabled: state === "on" },
      {
        onSuccess: () => {
          toast.success(t("flags.override_saved", { name, user: user.trim() }))
          setUser("")
        },
      },
    )
  }
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3" data-testid="admin-override-form">
      <h3 className="text-sm font-medium">{t("flags.override_title")}</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1.5fr_auto]">
        <SelectField label={t("flags.override_flag")} value={name} onChange={(event) => setName(event.target.value)}>
          {flags.map((flag) => (
            <option key={flag.name} value={flag.name}>
              {flag.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("user_field")}
          value={user}
          onChange={(event) => setUser(event.target.value)}
          required
          autoComplete="off"
          data-testid="admin-override-user"
        />
        <SelectField
          label={t("flags.override_state")}
          value={state}
          onChange={(event) => setState(event.target.value as "on" | "off")}
        >
          <option value="on">{t("flags.state_on")}</option>
          <option value="off">{t("flags.state_off")}</option>
        </SelectField>
      </div>
      {override.isError && <AdminAlert message={errorMessage(override.error)} testId="admin-override-error" />}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={override.isPending} data-testid="admin-override-save">
          {t("flags.override_save")}
        </Button>
      </div>
    </form>
  )
}
