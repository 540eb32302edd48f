// The signed-in user at the foot of the sidebar; its menu holds the language, the ways to lists, inboxes and actions,
// administration (admins only), and sign-out.
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { PopupMenu, useMenu } from "../../components/ui/menu.tsx"
import { changeLanguage } from "../../i18n/index.ts"
import { LANGUAGE_NAMES } from "../../i18n/languages.ts"
import { supportedLanguages } from "../../i18n/resources.ts"
import { useSessionStore } from "../../stores/session-store.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useSignOut } from "./use-auth-actions.ts"

export function UserMenu() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const user = useSessionStore((state) => state.whoami)
  const isAdmin = useSessionStore((state) => state.role === "admin")
  const signOut = useSignOut()
  const menu = useMenu()
  const setLanguage = useSettingsStore((state) => state.setGeneral)
  if (!user) return null
  const label = user.name || user.email

  return (
    <>
      <button
        type="button"
        onClick={(event) => menu.openBelow(event.currentTarget)}
        aria-haspopup="menu"
        className="flex w-full cursor-pointer items-center gap-2.5 rounded-lg p-1.5 text-left hover:bg-hover"
        data-testid="user-menu"
      >
        {/* The visible name stays part of the accessible name (WCAG 2.5.3), with what the button does first. */}
        <span className="sr-only">{t("user.menu")}</span>
        {user.image ? (
          <img src={user.image} alt="" className="size-7 rounded-full object-cover" />
        ) : (
          <span className="flex size-7 items-center justify-center rounded-full bg-accent/15 text-xs font-semibold text-accent-strong">
            {[...label][0]?.toUpperCase()}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[0.8125rem] font-medium">{label}</span>
          {user.name && <span className="block truncate text-[0.6875rem] text-ink-faint">{user.email}</span>}
        </span>
      </button>
      {menu.position && (
        <PopupMenu
          position={menu.position}
          label={t("user.menu")}
          onClose={menu.close}
          items={[
            ...supportedLanguages.map((lang) => ({
              label: `${lang === i18n.language ? "✓ " : ""}${LANGUAGE_NAMES[lang] ?? lang}`,
              onSelect: () => {
                setLanguage({ language: lang })
                void changeLanguage(lang, true)
              },
            })),
            { label: t("user.menu_settings"), onSelect: () => navigate("/settings") },
            { label: t("user.menu_lists"), icon: "rss", onSelect: () => navigate("/settings/list") },
            { label: t("user.menu_inboxes"), icon: "book", onSelect: () => navigate("/inboxes") },
            { label: t("user.menu_actions"), icon: "filter", onSelect: () => navigate("/action") },
            ...(isAdmin
              ? [{ label: t("user.menu_admin"), icon: "layoutGrid" as const, onSelect: () => navigate("/admin") }]
              : []),
            {
              label: t("user.sign_out"),
              icon: "logOut",
              onSelect: () => signOut.mutate(undefined, { onSuccess: () => navigate("/login", { replace: true }) }),
            },
          ]}
        />
      )}
    </>
  )
}
