// GET /admin/analytics (admins only; 1004 for everyone else): daily usage counts for the dashboard.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface UsageDay {
  day: string
  activeUsers: number
  subscriptions: number
  aiCalls: number
  aiTokens: number
  errors: number
  /** Count per spec event code ("1003": 12). */
  events: Record<string, number>
}

export async function getUsageDashboard(days: number): Promise<UsageDay[]> {
  const answer = await request<Ok<{ days: UsageDay[] }>>("/admin/analytics", { query: { days }, quiet: true })
  return answer.data.days
}
