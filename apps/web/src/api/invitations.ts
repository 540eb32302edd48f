// Invitations (/invitations): how many more codes I may create, my codes and who used them, a new code, using one.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface Invitation {
  code: string
  createdAt: string
  usedAt: string | null
  toUserId: string | null
  users: { id: string; name: string | null; image: string | null } | null
}

export async function getInvitationAllowance(): Promise<number> {
  return (await request<Ok<number>>("/invitations/limitation")).data
}

export async function listInvitations(): Promise<Invitation[]> {
  return (await request<Ok<Invitation[]>>("/invitations")).data ?? []
}

/** The page shows the refusal (limit reached, not allowed) in place, so no app-wide toast. */
export async function createInvitation(): Promise<string> {
  return (await request<Ok<string>>("/invitations/new", { method: "POST", body: {}, quiet: true })).data
}

/** handleErrors off: a bad code (1003) must stay on the invitation page with its message, not bounce there again. */
export async function redeemInvitation(code: string): Promise<void> {
  await request("/invitations/use", { method: "POST", body: { code }, handleErrors: false })
}
