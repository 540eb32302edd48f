// The frame of one settings page: its heading and one line on what it holds, then its sections.
import { type ReactNode, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useIsMobile } from "../../lib/use-media-query.ts"
import type { SettingsPageId } from "./settings-pages.ts"

export function SettingsPage({ page, children }: { page: SettingsPageId; children: ReactNode }) {
  const { t } = useTranslation("settings")
  const heading = useRef<HTMLHeadingElement>(null)
  const mobile = useIsMobile()
  // On a phone the list that held the focus is gone once a page opens: the page's heading takes it, so the
  // keyboard and screen readers carry on from the top of the page rather than from nowhere.
  useEffect(() => {
    if (mobile && (!document.activeElement || document.activeElement === document.body))
      heading.current?.focus({ preventScroll: true })
  }, [mobile])
  return (
    <div data-testid={`settings-page-${page}`}>
      <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
        {t(`page.${page}.title`)}
      </h1>
      <p className="mt-1 mb-6 text-sm text-ink-soft">{t(`page.${page}.description`)}</p>
      {children}
    </div>
  )
}
