// Checks made before any sign-in or sign-up call: with a missing e-mail or password the user stays on /login and
// the server is not called (spec §5).

export type CredentialProblem = "email_required" | "password_required" | undefined

export function credentialProblem(email: string, password: string): CredentialProblem {
  if (!email.trim()) return "email_required"
  if (!password) return "password_required"
  return undefined
}

/** better-auth needs a display name at sign-up; the part of the e-mail before the @ stands in for an empty one. */
export function signUpName(name: string, email: string): string {
  return name.trim() || email.trim().split("@")[0] || email.trim()
}
