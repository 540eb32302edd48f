// GET /plan: the caller's role and its end, and what every role may do on this server (limits the server enforces).
// This server takes no payments.
import type { Ok, UserRole } from "@tidings/shared"
import { request } from "./request.ts"

export interface RoleAllowance {
  role: UserRole
  /** null: no limit. */
  feedSubscriptionLimit: number | null
  listSubscriptionLimit: number | null
  inboxLimit: number | null
  aiDailyTokens: number | null
  aiChat: boolean
  aiChatFilesPerDay: number
  invite: boolean
}

export interface Plan {
  role: UserRole
  roleEndAt: string | null
  trialDays: number
  payments: false
  roles: RoleAllowance[]
}

export async function getPlan(): Promise<Plan> {
  return (await request<Ok<Plan>>("/plan", { quiet: true })).data
}
