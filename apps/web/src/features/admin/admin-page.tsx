// /admin: what only an administrator does — feature flags (on/off and per-user overrides), purging old entries,
// minting POWER, reviewing achievement proofs, and reading the mails a server without SMTP kept. Other users see
// that the page is not theirs.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { PageFrame } from "../../components/ui/page-frame.tsx"
import { useSessionStore } from "../../stores/session-store.ts"
import { AuditsSection } from "./audits-section.tsx"
import { CleanSection } from "./clean-section.tsx"
import { FlagsSection } from "./flags-section.tsx"
import { MailsSection } from "./mails-section.tsx"
import { MintSection } from "./mint-section.tsx"

const linkClass =
  "inline-flex h-8 items-center rounded-lg px-2.5 text-sm font-medium text-accent-strong outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent"

export function AdminPage() {
  const { t } = useTranslation("admin")
  const role = useSessionStore((state) => state.role)
  if (role !== "admin") {
    return (
      <PageFrame title={t("title")}>
        <p className="mt-4 text-sm text-ink-soft" data-testid="admin-forbidden">
          {t("forbidden")}
        </p>
      </PageFrame>
    )
  }
  return (
    <PageFrame title={t("title")} hint={t("hint")}>
      <nav aria-label={t("nav.label")} className="mt-3 flex flex-wrap gap-1" data-testid="admin-nav">
        <a href="#admin-flags" className={linkClass}>
          {t("flags.title")}
        </a>
        <a href="#admin-clean" className={linkClass}>
          {t("clean.title")}
        </a>
        <a href="#admin-mint" className={linkClass}>
          {t("mint.title")}
        </a>
        <a href="#admin-audits" className={linkClass}>
          {t("audits.title")}
        </a>
        <a href="#admin-mails" className={linkClass}>
          {t("mails.title")}
        </a>
        {/* The analytics dashboard is another screen (its own lazy route), built separately. */}
        <Link to="/admin/analytics" className={linkClass} data-testid="admin-analytics-link">
          {t("nav.analytics")}
        </Link>
      </nav>
      <FlagsSection />
      <CleanSection />
      <MintSection />
      <AuditsSection />
      <MailsSection />
    </PageFrame>
  )
}
