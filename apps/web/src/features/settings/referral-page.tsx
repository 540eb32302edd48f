// Settings › referral: the reader's referral code and the link that carries it (copied in one click), who signed up
// through it, and the extra trial days earned.
import { useTranslation } from "react-i18next"
import type { Referrals } from "../../api/rewards.ts"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { copyText } from "../../lib/clipboard.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { referralLink } from "../../lib/referral-code.ts"
import { useReferrals } from "../../queries/rewards.ts"
import { SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

const buttonClass =
  "inline-flex shrink-0 items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm font-medium text-accent-strong hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"

export function ReferralSettingsPage() {
  const { t } = useTranslation("settings")
  const referrals = useReferrals()
  return (
    <SettingsPage page="referral">
      {referrals.isPending ? (
        <p className="px-4 py-3 text-sm text-ink-soft">{t("referral.loading")}</p>
      ) : referrals.isError ? (
        <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
          {errorMessage(referrals.error)}
        </p>
      ) : (
        <ReferralSections data={referrals.data} />
      )}
    </SettingsPage>
  )
}

function ReferralSections({ data }: { data: Referrals }) {
  const { t, i18n } = useTranslation("settings")
  const link = referralLink(window.location.origin, data.code)
  return (
    <>
      <SettingsSection title={t("referral.section.link")}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 flex-[1_1_14rem]">
            <p className="text-xs text-ink-soft">{t("referral.code_label")}</p>
            <code className="font-mono text-base font-semibold tracking-wider" data-testid="referral-code">
              {data.code}
            </code>
          </div>
          <button
            type="button"
            className={buttonClass}
            onClick={() => void copyText(data.code, "text")}
            aria-label={t("referral.copy_code_label", { code: data.code })}
          >
            <Icon name="copy" />
            {t("referral.copy_code")}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 flex-[1_1_14rem]">
            <p className="text-xs text-ink-soft">{t("referral.link_label")}</p>
            <p className="break-all font-mono text-sm" data-testid="referral-link">
              {link}
            </p>
          </div>
          <button
            type="button"
            className={buttonClass}
            onClick={() => void copyText(link, "link")}
            data-testid="referral-copy-link"
          >
            <Icon name="copy" />
            {t("referral.copy_link")}
          </button>
        </div>
        <p className="px-4 py-3 text-sm text-ink-soft">{t("referral.rule")}</p>
      </SettingsSection>

      <SettingsSection title={t("referral.section.earned")}>
        <p className="px-4 py-3 text-sm" data-testid="referral-days">
          {t("referral.days", { count: data.referralCycleDays })}
        </p>
      </SettingsSection>

      <SettingsSection title={t("referral.section.people")}>
        {data.invitations.length === 0 ? (
          <p className="px-4 py-3 text-sm text-ink-soft" data-testid="referral-empty">
            {t("referral.empty")}
          </p>
        ) : (
          <ul className="divide-y divide-line" data-testid="referral-list">
            {data.invitations.map((row) => (
              <li
                key={row.toUserId ?? row.createdAt}
                className="flex flex-wrap items-baseline gap-x-4 gap-y-0.5 px-4 py-3 text-sm"
              >
                <span className="min-w-0 flex-[1_1_8rem] truncate font-medium">
                  {row.user?.name || row.user?.id || row.toUserId}
                </span>
                {row.usedAt && (
                  <span className="text-xs text-ink-soft">
                    {t("referral.joined", { date: formatFullDateTime(new Date(row.usedAt), i18n.language) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </>
  )
}

export { ReferralSettingsPage as Component }
