// /settings: the page list beside the page at 1024 px and wider; on a phone the list is the first screen and a
// page fills the screen with a way back to the list. /settings itself opens general on a wide screen.
import { useTranslation } from "react-i18next"
import { Link, Navigate, Outlet, useLocation } from "react-router"
import { Icon } from "../components/ui/icons.tsx"
import { SettingsNav } from "../features/settings/settings-nav.tsx"
import { DEFAULT_SETTINGS_PAGE, settingsPageOf } from "../features/settings/settings-pages.ts"
import { cx } from "../lib/cx.ts"
import { DEFAULT_TIMELINE_PATH } from "../lib/route-ids.ts"
import { useIsMobile } from "../lib/use-media-query.ts"

const backLinkClass =
  "inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-accent-strong outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent"

export function SettingsLayout() {
  const { t } = useTranslation("settings")
  const mobile = useIsMobile()
  const page = settingsPageOf(useLocation().pathname)
  const layout = mobile ? "settings-mobile" : "settings-desktop"

  // One element tree for both widths, with the page (the Outlet) at the same place in it: crossing the phone
  // breakpoint then restyles the shell instead of remounting the page, so a half-filled form keeps its text.
  return (
    <div
      className={mobile ? "min-h-dvh bg-canvas text-ink" : "flex h-dvh overflow-hidden bg-canvas text-ink"}
      data-layout={layout}
    >
      {mobile ? (
        page && (
          <header className="sticky top-0 z-10 flex h-12 items-center border-b border-line bg-canvas/95 px-2 backdrop-blur">
            <Link to="/settings" className={backLinkClass} data-testid="settings-back">
              <Icon name="arrowLeft" />
              {t("nav.all_settings")}
            </Link>
          </header>
        )
      ) : (
        <aside className="flex w-60 shrink-0 flex-col overflow-y-auto border-r border-line px-3 py-4">
          <Link to={DEFAULT_TIMELINE_PATH} className={backLinkClass} data-testid="settings-back-reader">
            <Icon name="arrowLeft" />
            {t("nav.back_to_reader")}
          </Link>
          <p className="mt-3 mb-3 px-3 text-lg font-semibold tracking-tight">{t("nav.label")}</p>
          <SettingsNav />
        </aside>
      )}
      <main className={mobile ? (page ? "px-4 pt-5 pb-10" : "px-3 pt-3 pb-8") : "min-w-0 flex-1 overflow-y-auto"}>
        {mobile && !page && (
          <>
            <Link to={DEFAULT_TIMELINE_PATH} className={backLinkClass} data-testid="settings-back-reader">
              <Icon name="arrowLeft" />
              {t("nav.back_to_reader")}
            </Link>
            <h1 className="mt-2 mb-4 px-3 text-xl font-semibold tracking-tight">{t("nav.label")}</h1>
            <SettingsNav />
          </>
        )}
        {/* The feeds table needs more room than a page of settings rows. */}
        <div className={mobile ? undefined : cx(page === "feeds" ? "max-w-[64rem]" : "max-w-[44rem]", "px-10 py-8")}>
          <Outlet />
        </div>
      </main>
    </div>
  )
}

/** /settings: general on a wide screen; on a phone the layout shows the list, so nothing here. */
export function SettingsIndex() {
  const mobile = useIsMobile()
  return mobile ? null : <Navigate to={DEFAULT_SETTINGS_PAGE} replace />
}

export { SettingsLayout as Component }
