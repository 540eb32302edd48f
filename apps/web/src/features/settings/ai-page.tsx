import { useTranslation } from "react-i18next"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { McpServicesSection } from "../ai/mcp-services.tsx"
import { ModelStatus, ProviderSettings } from "../ai/provider-form.tsx"
import { TimelineSortSection } from "../ai/timeline-sort-setting.tsx"
import { UsageSection } from "../ai/usage-table.tsx"
import { AiTasksSection } from "../ai-tasks/tasks-section.tsx"
import { AiShortcutsSection } from "./ai-shortcuts-section.tsx"
import { SelectRow, SettingsSection, SwitchRow, TextAreaRow } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"
import { useSettingRows } from "./use-setting-rows.tsx"

export function AiSettingsPage() {
  const { t } = useSettingRows()
  const ai = useSettingsStore((state) => state.ai)
  const setAi = useSettingsStore((state) => state.setAi)
  const { t: tAi } = useTranslation("ai")

  return (
    <SettingsPage page="ai">
      <SettingsSection title={tAi("model.section")}>
        <ModelStatus />
        <ProviderSettings />
      </SettingsSection>

      <SettingsSection title={tAi("usage.section")}>
        <UsageSection />
      </SettingsSection>

      <AiTasksSection />
      <TimelineSortSection />

      <SettingsSection title={t("ai.section.personal")}>
        <TextAreaRow
          label={t("ai.personalizePrompt")}
          description={t("ai.personalizePrompt.description")}
          testId="setting-personalizePrompt"
          value={ai.personalizePrompt}
          onChange={(personalizePrompt) => setAi({ personalizePrompt })}
        />
      </SettingsSection>

      <AiShortcutsSection />

      <SettingsSection title={t("ai.section.mcp")}>
        <SwitchRow
          label={t("ai.mcpEnabled")}
          description={t("ai.mcpEnabled.description")}
          testId="setting-mcpEnabled"
          checked={ai.mcpEnabled}
          onChange={(mcpEnabled) => setAi({ mcpEnabled })}
        />
        <McpServicesSection />
      </SettingsSection>

      <SettingsSection title={t("ai.section.panel")}>
        <SwitchRow
          label={t("ai.autoScrollWhenStreaming")}
          testId="setting-autoScrollWhenStreaming"
          checked={ai.autoScrollWhenStreaming}
          onChange={(autoScrollWhenStreaming) => setAi({ autoScrollWhenStreaming })}
        />
        <SelectRow
          label={t("ai.panelStyle")}
          description={t("ai.panelStyle.description")}
          testId="setting-panelStyle"
          value={ai.panelStyle}
          choices={[
            { value: "fixed", label: t("ai.panelStyle.fixed") },
            { value: "floating", label: t("ai.panelStyle.floating") },
          ]}
          onChange={(value) => setAi({ panelStyle: value as "fixed" | "floating" })}
        />
      </SettingsSection>
    </SettingsPage>
  )
}

export { AiSettingsPage as Component }
