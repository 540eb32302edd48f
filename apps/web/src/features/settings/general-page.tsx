// Settings › general: language, the timeline and sidebar, marking read, links, the AI reading helpers' switches
// (summary, translation and their language; the voice the browser reads an entry aloud with when the server has no
// speech model) and the
// enhanced-settings gate.
import { useQueryClient } from "@tanstack/react-query"
import { flushSettings } from "../../app/settings-sync.tsx"
import { changeLanguage } from "../../i18n/index.ts"
import { LANGUAGE_NAMES } from "../../i18n/languages.ts"
import { supportedLanguages } from "../../i18n/resources.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { ReopenGuideButton } from "../guide/new-user-guide.tsx"
import { LinkRow, SelectRow, SettingsSection, SwitchRow } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"
import { useSettingRows } from "./use-setting-rows.tsx"

/** Text-to-speech voices offered for the voice setting: a multilingual default and one per interface language. */
const VOICES = [
  "en-US-AndrewMultilingualNeural",
  "en-US-AvaMultilingualNeural",
  "ja-JP-NanamiNeural",
  "zh-CN-XiaoxiaoNeural",
  "zh-TW-HsiaoChenNeural",
]

export function GeneralSettingsPage() {
  const { t, i18n, setGeneral, generalSwitch, generalSelect, uiSelect, text } = useSettingRows()
  const queryClient = useQueryClient()
  const general = useSettingsStore((state) => state.general)
  const rebound = useSettingsStore((state) => Object.keys(state.general.keyBindings ?? {}).length)
  const languages = supportedLanguages.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] ?? lang }))

  return (
    <SettingsPage page="general">
      <SettingsSection title={t("general.section.app")}>
        <SelectRow
          {...text("general", "language", false)}
          value={i18n.language}
          choices={languages}
          onChange={(language) => {
            setGeneral({ language })
            void changeLanguage(language, true)
          }}
        />
        {generalSelect("startupScreen", [
          { value: "timeline", label: t("general.startupScreen.timeline") },
          { value: "subscription", label: t("general.startupScreen.subscription") },
        ])}
        {generalSwitch("appLaunchOnStartup", { desktop: true })}
        {generalSwitch("openLinksInExternalApp", { desktop: true })}
        {generalSwitch("sendAnonymousData")}
        <ReopenGuideButton />
      </SettingsSection>

      <SettingsSection title={t("general.section.timeline")}>
        {generalSwitch("unreadOnly")}
        {generalSwitch("groupByDate")}
        {generalSwitch("dimRead")}
        {generalSwitch("autoExpandLongSocialMedia")}
        {generalSwitch("showQuickTimeline")}
        <SwitchRow
          {...text("general", "dedupeAcrossFeeds", false)}
          checked={general.dedupeAcrossFeeds}
          onChange={(dedupeAcrossFeeds) => {
            setGeneral({ dedupeAcrossFeeds })
            // The server groups pages by the setting: lists are fetched again once it knows.
            void flushSettings().then(() => queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot }))
          }}
        />
      </SettingsSection>

      <SettingsSection title={t("general.section.sidebar")}>
        {generalSwitch("autoGroup")}
        {generalSwitch("hideAllReadSubscriptions")}
        {generalSwitch("hidePrivateSubscriptionsInTimeline")}
      </SettingsSection>

      <SettingsSection title={t("general.section.mark_read")}>
        {generalSwitch("scrollMarkUnread")}
        {generalSwitch("hoverMarkUnread")}
        {generalSwitch("renderMarkUnread")}
      </SettingsSection>

      <SettingsSection title={t("general.section.discover")}>
        {uiSelect("discoverLanguage", [
          { value: "all", label: t("ui.discoverLanguage.all") },
          { value: "eng", label: t("ui.discoverLanguage.eng") },
          { value: "cmn", label: t("ui.discoverLanguage.cmn") },
        ])}
      </SettingsSection>

      <SettingsSection title={t("general.section.links")}>{generalSwitch("jumpOutLinkWarn")}</SettingsSection>

      <SettingsSection title={t("general.section.keyboard")}>
        <LinkRow
          label={t("general.keyBindings")}
          description={t("general.keyBindings_description", { count: rebound })}
          to="/settings/shortcuts"
          action={t("general.keyBindings_edit")}
          testId="setting-keyBindings"
        />
      </SettingsSection>

      <SettingsSection title={t("general.section.ai")}>
        {generalSwitch("translation")}
        {generalSelect("translationMode", [
          { value: "bilingual", label: t("general.translationMode.bilingual") },
          { value: "translation-only", label: t("general.translationMode.translation-only") },
        ])}
        {generalSwitch("summary")}
        {generalSelect("actionLanguage", [
          { value: "default", label: t("general.actionLanguage.default") },
          ...languages,
        ])}
        {generalSelect(
          "voice",
          VOICES.map((voice) => ({ value: voice, label: voice })),
        )}
      </SettingsSection>

      <SettingsSection title={t("general.section.advanced")}>{generalSwitch("enhancedSettings")}</SettingsSection>
    </SettingsPage>
  )
}

export { GeneralSettingsPage as Component }
