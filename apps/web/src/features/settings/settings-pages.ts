// The settings pages (spec client §2: the settings route's children) in the order the navigation lists them,
// grouped as the navigation shows them.

export const SETTINGS_NAV = [
  {
    section: "app",
    pages: ["general", "appearance", "ai", "shortcuts", "notifications", "integration", "data-control"],
  },
  { section: "content", pages: ["feeds", "list"] },
  { section: "account", pages: ["profile", "sync-apps", "invitations", "plan", "referral"] },
  { section: "info", pages: ["about"] },
] as const

export type SettingsPageId = (typeof SETTINGS_NAV)[number]["pages"][number]

export const SETTINGS_PAGE_IDS: SettingsPageId[] = SETTINGS_NAV.flatMap((group) => [...group.pages])

export const DEFAULT_SETTINGS_PAGE: SettingsPageId = "general"

/** The page a settings path shows ("/settings/ai" → "ai"), or undefined for /settings itself or an unknown one. */
export function settingsPageOf(pathname: string): SettingsPageId | undefined {
  const match = pathname.match(/^\/settings\/([^/]+)/)
  const id = match?.[1] as SettingsPageId | undefined
  return id && SETTINGS_PAGE_IDS.includes(id) ? id : undefined
}
