// Settings › integrations (spec client §3, the local integration group): how entries are sent, one section per
// service with its switch and credentials, and the user's own HTTP integrations. Nothing here leaves this browser.
import { useTranslation } from "react-i18next"
import { CustomIntegrationsSection } from "../integrations/custom-integrations.tsx"
import { FieldRow } from "../integrations/integration-fields.tsx"
import {
  ENABLE_KEY,
  INTEGRATION_KINDS,
  type IntegrationKind,
  type IntegrationSettings,
  useIntegrationStore,
} from "../integrations/integration-settings.ts"
import { fieldError, KIND_FIELDS } from "../integrations/validation.ts"
import { SettingsSection, SwitchRow } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

export function IntegrationSettingsPage() {
  const { t } = useTranslation("integrations")
  const settings = useIntegrationStore()
  return (
    <SettingsPage page="integration">
      <p className="-mt-3 mb-5 text-xs text-ink-soft" data-testid="integration-local-note">
        {t("local_note")}
      </p>
      <SettingsSection title={t("section.sending")}>
        <SwitchRow
          label={t("useBrowserFetch")}
          description={t("useBrowserFetch.description")}
          checked={settings.useBrowserFetch}
          onChange={(useBrowserFetch) => settings.set({ useBrowserFetch })}
          testId="integration-useBrowserFetch"
        />
        <SwitchRow
          label={t("saveSummaryAsDescription")}
          description={t("saveSummaryAsDescription.description")}
          checked={settings.saveSummaryAsDescription}
          onChange={(saveSummaryAsDescription) => settings.set({ saveSummaryAsDescription })}
          testId="integration-saveSummaryAsDescription"
        />
      </SettingsSection>
      {INTEGRATION_KINDS.map((kind) => (
        <KindSection key={kind} kind={kind} settings={settings} />
      ))}
      <CustomIntegrationsSection />
    </SettingsPage>
  )
}

function KindSection({
  kind,
  settings,
}: {
  kind: IntegrationKind
  settings: IntegrationSettings & { set: (patch: Partial<IntegrationSettings>) => void }
}) {
  const { t } = useTranslation("integrations")
  const enabled = Boolean(settings[ENABLE_KEY[kind]])
  const name = t(`kind.${kind}`)
  return (
    <SettingsSection title={name}>
      <SwitchRow
        label={t("enable", { name })}
        description={t(`kind.${kind}.description`)}
        checked={enabled}
        onChange={(value) => settings.set({ [ENABLE_KEY[kind]]: value })}
        testId={`integration-enable-${kind}`}
      />
      {/* The credentials show while the integration is on; switched off, they are kept for next time. */}
      {enabled &&
        KIND_FIELDS[kind].map(({ key, kind: fieldKind }) => {
          const value = settings[key]
          const problem = fieldError(fieldKind, value)
          return (
            <FieldRow
              key={key}
              label={t(`field.${key}`)}
              value={value}
              type={fieldKind === "secret" ? "password" : fieldKind === "url" ? "url" : "text"}
              placeholder={t(`field.${key}.placeholder`)}
              error={problem && t(`error.${problem}`)}
              onChange={(next) => settings.set({ [key]: next })}
              testId={`integration-field-${key}`}
            />
          )
        })}
      {enabled && kind === "cubox" && (
        <SwitchRow
          label={t("field.cuboxAutoMemo")}
          description={t("field.cuboxAutoMemo.description")}
          checked={settings.cuboxAutoMemo}
          onChange={(cuboxAutoMemo) => settings.set({ cuboxAutoMemo })}
          testId="integration-cuboxAutoMemo"
        />
      )}
    </SettingsSection>
  )
}

export { IntegrationSettingsPage as Component }
