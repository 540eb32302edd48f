// Settings › AI › AI timeline: the sorting prompt (synced in the ai group as `timelineSortPrompt`). Set, and with a
// model available, the timeline header offers "AI sort"; the server scores unread entries in the background.
import { useTranslation } from "react-i18next"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { SettingsSection, TextAreaRow } from "../settings/setting-controls.tsx"

export function TimelineSortSection() {
  const { t } = useTranslation("ai-timeline")
  const prompt = useSettingsStore((state) => state.ai.timelineSortPrompt ?? "")
  const setAi = useSettingsStore((state) => state.setAi)
  return (
    <SettingsSection title={t("settings.section")}>
      <TextAreaRow
        label={t("settings.prompt")}
        description={t("settings.prompt.description")}
        placeholder={t("settings.prompt.placeholder")}
        testId="setting-timelineSortPrompt"
        value={prompt}
        onChange={(timelineSortPrompt) => setAi({ timelineSortPrompt })}
      />
    </SettingsSection>
  )
}
