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
