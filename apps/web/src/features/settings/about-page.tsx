// Settings › about: the version and build, the open-source software the client is built with and its licences,
// and where to read more.
import { APP_NAME, APP_VERSION } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

/** Direct runtime dependencies of the web client with their licences (from their package.json files). */
export const THIRD_PARTY = [
  { name: "React", license: "MIT", url: "https://react.dev" },
  { name: "React Router", license: "MIT", url: "https://reactrouter.com" },
  { name: "TanStack Query", license: "MIT", url: "https://tanstack.com/query" },
  { name: "TanStack Virtual", license: "MIT", url: "https://tanstack.com/virtual" },
  { name: "Zustand", license: "MIT", url: "https://github.com/pmndrs/zustand" },
  { name: "i18next", license: "MIT", url: "https://www.i18next.com" },
  { name: "Tailwind CSS", license: "MIT", url: "https://tailwindcss.com" },
  { name: "Shiki", license: "MIT", url: "https://shiki.style" },
  { name: "DOMPurify", license: "MPL-2.0 OR Apache-2.0", url: "https://github.com/cure53/DOMPurify" },
  { name: "Sonner", license: "MIT", url: "https://sonner.emilkowal.ski" },
  { name: "Lucide (icon paths)", license: "ISC", url: "https://lucide.dev" },
]

const linkClass =
  "font-medium text-accent-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"

export function AboutSettingsPage() {
  const { t } = useTranslation("settings")
  return (
    <SettingsPage page="about">
      <SettingsSection title={t("about.section.version")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 px-4 py-3 text-sm">
          <dt className="text-ink-soft">{t("about.app")}</dt>
          <dd className="font-medium">{APP_NAME}</dd>
          <dt className="text-ink-soft">{t("about.version")}</dt>
          <dd className="font-medium tabular-nums" data-testid="about-version">
            {APP_VERSION}
          </dd>
          <dt className="text-ink-soft">{t("about.build")}</dt>
          <dd className="font-medium">{t("about.build_web")}</dd>
        </dl>
      </SettingsSection>

      <SettingsSection title={t("about.section.licenses")}>
        <p className="px-4 py-3 text-sm text-ink-soft">{t("about.licenses_intro")}</p>
        <ul className="divide-y divide-line">
          {THIRD_PARTY.map((item) => (
            <li key={item.name} className="flex items-center justify-between gap-4 px-4 py-2 text-sm">
              <a href={item.url} target="_blank" rel="noreferrer" className={linkClass}>
                {item.name}
              </a>
              <span className="text-xs text-ink-soft">{item.license}</span>
            </li>
          ))}
        </ul>
      </SettingsSection>

      <SettingsSection title={t("about.section.links")}>
        <ul className="flex flex-col gap-2 px-4 py-3 text-sm">
          <li>
            <Link to="/settings/shortcuts" className={linkClass}>
              {t("about.link_shortcuts")}
            </Link>
          </li>
          <li>
            <a
              href="https://www.npmjs.com/package/@follow-app/client-sdk"
              target="_blank"
              rel="noreferrer"
              className={linkClass}
            >
              {t("about.link_sdk")}
            </a>
          </li>
          <li>
            <a href="https://github.com/RSSNext/Folo" target="_blank" rel="noreferrer" className={linkClass}>
              {t("about.link_folo")}
            </a>
          </li>
        </ul>
      </SettingsSection>
    </SettingsPage>
  )
}

export { AboutSettingsPage as Component }
