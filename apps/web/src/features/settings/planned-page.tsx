// A settings page whose screen another issue builds: in the navigation already, saying what it will hold.
import { useTranslation } from "react-i18next"
import { useLocation } from "react-router"
import { SectionText, SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"
import { isPlannedPage, settingsPageOf } from "./settings-pages.ts"

export function PlannedSettingsPage() {
  const { t } = useTranslation("settings")
  const page = settingsPageOf(useLocation().pathname)
  if (!isPlannedPage(page)) return null
  return (
    <SettingsPage page={page}>
      <SettingsSection title={t("planned.title")}>
        <SectionText>{t(`page.${page}.planned`)}</SectionText>
      </SettingsSection>
    </SettingsPage>
  )
}

export { PlannedSettingsPage as Component }
