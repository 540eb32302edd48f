// The frame of one settings page: its heading and one line on what it holds, then its sections.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { SettingsPageId } from "./settings-pages.ts"

export function SettingsPage({ page, children }: { page: SettingsPageId; children: ReactNode }) {
  const { t } = useTranslation("settings")
  return (
    <div data-testid={`settings-page-${page}`}>
      <h1 className="text-xl font-semibold tracking-tight">{t(`page.${page}.title`)}</h1>
      <p className="mt-1 mb-6 text-sm text-ink-soft">{t(`page.${page}.description`)}</p>
      {children}
    </div>
  )
}
