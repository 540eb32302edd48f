// better-auth on the same origin under /better-auth. Its errors are {code: "INVALID_EMAIL_OR_PASSWORD", message},
// not our numeric catalogue, so the sign-in form shows them itself (handleErrors: false).
import type { SessionAnswer } from "@tidings/shared"
import { request } from "./request.ts"

export async function getSession(): Promise<SessionAnswer | null> {
  const answer = await request<SessionAnswer | null | undefined>("/better-auth/get-session")
  return answer?.user ? answer : null
}

export function signInEmail(input: { email: string; password: string }): Promise<unknown> {
  return request("/better-auth/sign-in/email", { method: "POST", body: input, handleErrors: false })
}

export function signUpEmail(input: { email: string; password: string; name: string }): Promise<unknown> {
  return request("/better-auth/sign-up/email", { method: "POST", body: input, handleErrors: false })
}

/** Mails a reset link if the address has an account; the answer is the same either way. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return request("/better-auth/forget-password", { method: "POST", body: { email }, handleErrors: false })
}

/** Sets a new password with the token from the mailed link; the token is spent and other sessions end. */
export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return request("/better-auth/reset-password", { method: "POST", body: input, handleErrors: false })
}

export function signOut(): Promise<unknown> {
  return request("/better-auth/sign-out", { method: "POST", body: {} })
}

/** The social providers this server offers (GET /better-auth/get-providers): provider id → {id, name}. */
export function getSocialProviders(): Promise<Record<string, { id: string; name: string }>> {
  return request("/better-auth/get-providers")
}

/** Starts a social sign-in; the answer carries the provider's authorization URL and a redirect flag. */
export function signInSocial(input: { provider: string; callbackURL: string }): Promise<{
  url?: string
  redirect?: boolean
}> {
  return request("/better-auth/sign-in/social", { method: "POST", body: input, handleErrors: false })
}

export type SecondFactor = "totp" | "otp" | "backup"

const verifyPaths: Record<SecondFactor, string> = {
  totp: "/better-auth/two-factor/verify-totp",
  otp: "/better-auth/two-factor/verify-otp",
  backup: "/better-auth/two-factor/verify-backup-code",
}

/**
 * The second step of a sign-in with two-factor on (or, signed in, the check that turns it on): a wrong code is
 * 4007, shown by the form. `trustDevice` spares this browser the step for 30 days.
 */
export function verifySecondFactor(factor: SecondFactor, code: string, trustDevice = false): Promise<unknown> {
  return request(verifyPaths[factor], { method: "POST", body: { code, trustDevice }, handleErrors: false })
}

/** Mails a sign-in code to the address of the account being signed in to. */
export function sendSignInCode(): Promise<unknown> {
  return request("/better-auth/two-factor/send-otp", { method: "POST", body: {}, handleErrors: false })
}
