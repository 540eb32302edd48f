// The signed-in account through better-auth: profile fields (update-user). Its errors carry string codes such as
// INVALID_PROFILE_FIELD or HANDLE_TAKEN with a readable message, which the profile form shows beside the fields.
import { request } from "./request.ts"

export interface ProfileInput {
  name: string
  image: string | null
  handle: string | null
  bio: string | null
  website: string | null
  socialLinks: Record<string, string> | null
}

export function updateProfile(input: Partial<ProfileInput>): Promise<unknown> {
  return request("/better-auth/update-user", { method: "POST", body: input, handleErrors: false })
}

/** Uploads a picture (the server checks and re-encodes it) and answers the address it is served at. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData()
  form.set("file", file, file.name)
  const answer = await request<{ code: 0; url: string }>("/upload/avatar", {
    method: "POST",
    body: form,
    handleErrors: false,
  })
  return answer.url
}

export interface AccountSession {
  id: string
  token: string
  userAgent: string | null
  ipAddress: string | null
  createdAt: string
  updatedAt: string
  expiresAt: string
}

/** The account's signed-in sessions, on every device. */
export async function listAccountSessions(): Promise<AccountSession[]> {
  return (await request<AccountSession[] | null>("/better-auth/list-sessions")) ?? []
}

export function revokeAccountSession(token: string): Promise<unknown> {
  return request("/better-auth/revoke-session", { method: "POST", body: { token } })
}

/** Refused with INVALID_PASSWORD (wrong current one) or PASSWORD_TOO_SHORT, shown beside the form. */
export function changePassword(input: { currentPassword: string; newPassword: string }): Promise<unknown> {
  return request("/better-auth/change-password", {
    method: "POST",
    body: { ...input, revokeOtherSessions: false },
    handleErrors: false,
  })
}

/** The new address gets a link; the account keeps its address until the link is followed. */
export function changeEmail(newEmail: string): Promise<unknown> {
  return request("/better-auth/change-email", {
    method: "POST",
    body: { newEmail, callbackURL: "/settings/profile" },
    handleErrors: false,
  })
}

export interface LinkedAccount {
  id: string
  providerId: string
  accountId: string
  createdAt: string
}

/** The account's ways in: "credential" (e-mail and password) and each linked social provider. */
export async function listLinkedAccounts(): Promise<LinkedAccount[]> {
  return (await request<LinkedAccount[] | null>("/better-auth/list-accounts")) ?? []
}

/** Starts linking a provider; the answer carries its authorization URL to navigate to. */
export function linkSocial(provider: string): Promise<{ url?: string; redirect?: boolean }> {
  return request("/better-auth/link-social", {
    method: "POST",
    body: { provider, callbackURL: "/settings/profile" },
    handleErrors: false,
  })
}

/** By the row id list-accounts answers; the last way in cannot be unlinked. */
export function unlinkAccount(accountId: string): Promise<unknown> {
  return request("/better-auth/unlink-account", { method: "POST", body: { accountId }, handleErrors: false })
}

export interface TwoFactorSetup {
  totpURI: string
  backupCodes: string[]
}

/** Creates a TOTP secret; two-factor is on once a code from the app is verified (verifyTotp). */
export function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  return request("/better-auth/two-factor/enable", { method: "POST", body: { password }, handleErrors: false })
}

export function disableTwoFactor(password: string): Promise<unknown> {
  return request("/better-auth/two-factor/disable", { method: "POST", body: { password }, handleErrors: false })
}

export function generateBackupCodes(password: string): Promise<{ backupCodes: string[] }> {
  return request("/better-auth/two-factor/generate-backup-codes", {
    method: "POST",
    body: { password },
    handleErrors: false,
  })
}

/**
 * Removes the account and everything of it; the session ends with it. Without a password (an account that has
 * none) the server accepts only a recent sign-in.
 */
export function deleteUser(password: string | undefined): Promise<unknown> {
  return request("/better-auth/delete-user", {
    method: "POST",
    body: password === undefined ? {} : { password },
    handleErrors: false,
  })
}
