// Paths the app navigates to from outside the router's components.

/** The sign-in page, remembering where the user was going (only same-app paths are kept). */
export function loginPath(redirectTo?: string): string {
  const target = safeRedirect(redirectTo)
  return target && target !== "/" ? `/login?redirect=${encodeURIComponent(target)}` : "/login"
}

/** A redirect target must be a path inside this app, never another origin ("//evil.example"). */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return undefined
  if (target.startsWith("/login")) return undefined
  return target
}
