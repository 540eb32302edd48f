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

export function updateProfile(input: ProfileInput): Promise<unknown> {
  return request("/better-auth/update-user", { method: "POST", body: input, handleErrors: false })
}
