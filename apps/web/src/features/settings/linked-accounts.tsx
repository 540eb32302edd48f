// Settings › profile, linked accounts: the ways into this account (e-mail and password, GitHub, Google …), linking
// another provider the server offers (its sign-in page, then back here) and unlinking one; the server refuses to
// unlink the last way in, and says so in place.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { linkSocial, listLinkedAccounts, unlinkAccount } from "../../api/account.ts"
import { getSocialProviders } from "../../api/auth.ts"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { SettingsSection } from "./setting-controls.tsx"

const LINKED_KEY = ["account-links"] as const

export function useLinkedAccounts() {
  return useQuery({ queryKey: LINKED_KEY, queryFn: listLinkedAccounts })
}

/**
 * Whether the account has a password (an e-mail-and-password way in); undefined while unknown. Someone who signed
 * up through GitHub, Google or the instance's SSO has none: the sections that ask for it offer to set one instead.
 */
export function useHasPassword(): boolean | undefined {
  const accounts = useLinkedAccounts().data
  return accounts?.some((account) => account.providerId === "credential")
}

export function LinkedAccountsSection() {
  const { t, i18n } = useTranslation("settings")
  const client = useQueryClient()
  const accounts = useLinkedAccounts()
  const providers = useQuery({ queryKey: ["auth", "providers"], queryFn: getSocialProviders, staleTime: Infinity })
  const unlink = useMutation({
    mutationFn: unlinkAccount,
    onSettled: () => client.invalidateQueries({ queryKey: LINKED_KEY }),
  })
  const link = useMutation({
    mutationFn: linkSocial,
    onSuccess: (answer) => {
      if (answer.url) window.location.assign(answer.url)
    },
  })
  const offered = Object.values(providers.data ?? {})
  const nameOf = (providerId: string) =>
    providerId === "credential"
      ? t("profile.linked_password")
      : (providers.data?.[providerId]?.name ?? providerId.charAt(0).toUpperCase() + providerId.slice(1))
  const linked = new Set((accounts.data ?? []).map((a) => a.providerId))
  const unlinkable = (accounts.data?.length ?? 0) > 1
  const error = unlink.error ?? link.error ?? accounts.error
  const linkable = offered.filter((p) => !linked.has(p.id))
  const noProviders = offered.length === 0 && providers.isSuccess
  return (
    <SettingsSection title={t("profile.section.linked")}>
      <ul className="divide-y divide-line" data-testid="linked-accounts">
        {(accounts.data ?? []).map((account) => (
          <li
            key={account.id}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
            data-testid="linked-account"
            data-provider={account.providerId}
          >
            <div className="min-w-0 flex-[1_1_12rem]">
              <p className="text-sm font-medium">{nameOf(account.providerId)}</p>
              <p className="mt-0.5 text-xs text-ink-soft">
                {t("profile.linked_since", { date: formatFullDateTime(new Date(account.createdAt), i18n.language) })}
              </p>
            </div>
            {unlinkable && (
              <Button
                size="sm"
                disabled={unlink.isPending}
                onClick={() => unlink.mutate(account.id)}
                aria-label={`${t("profile.linked_unlink")} ${nameOf(account.providerId)}`}
                data-testid="linked-unlink"
              >
                {t("profile.linked_unlink")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {/* Nothing left to link and nothing to say: no empty row under the list. */}
      {(linkable.length > 0 || noProviders || error) && (
        <div className="flex flex-wrap items-center gap-2 px-4 py-3">
          {noProviders && <p className="text-sm text-ink-soft">{t("profile.linked_none")}</p>}
          {linkable.map((p) => (
            <Button
              key={p.id}
              size="sm"
              disabled={link.isPending}
              onClick={() => link.mutate(p.id)}
              data-testid={`linked-link-${p.id}`}
            >
              {t("profile.linked_link", { provider: p.name })}
            </Button>
          ))}
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="linked-error">
              {errorMessage(error)}
            </p>
          )}
        </div>
      )}
    </SettingsSection>
  )
}
