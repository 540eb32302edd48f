// /admin, the administrator's screen (feature flags, clean, mint, recent mails).
export { AdminPage as Component } from "../features/admin/admin-page.tsx"
