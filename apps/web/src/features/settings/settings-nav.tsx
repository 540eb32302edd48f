// The list of settings pages: a column beside the page on wide screens, the first screen of settings on a phone.
import { useTranslation } from "react-i18next"
import { NavLink } from "react-router"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { SETTINGS_NAV } from "./settings-pages.ts"

export function SettingsNav({ className }: { className?: string }) {
  const { t } = useTranslation("settings")
  return (
    <nav aria-label={t("nav.label")} className={cx("flex flex-col", className)} data-testid="settings-nav">
      {SETTINGS_NAV.map((group) => (
        <div key={group.section} className="mt-4 first:mt-0">
          <p className="mb-1 px-3 text-[0.6875rem] font-semibold tracking-wider text-ink-faint uppercase">
            {t(`nav.section.${group.section}`)}
          </p>
          <ul className="flex flex-col gap-px">
            {group.pages.map((page) => (
              <li key={page}>
                <NavLink
                  to={`/settings/${page}`}
                  data-testid={`settings-nav-${page}`}
                  className={({ isActive }) =>
                    cx(
                      "flex h-9 items-center rounded-lg px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent lg:h-8 lg:text-[0.84375rem]",
                      isActive
                        ? "bg-accent/12 font-medium text-ink dark:bg-accent/20"
                        : "text-ink-soft hover:bg-hover hover:text-ink",
                    )
                  }
                >
                  <span className="flex-1">{t(`page.${page}.title`)}</span>
                  <Icon name="chevronRight" className="size-4 opacity-50 lg:hidden" />
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}
