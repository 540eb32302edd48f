// Admin (/admin): feature flags and their overrides, purging old entries, minting POWER, and the mails kept while
// SMTP is off. The server answers 1004 to anyone but an admin.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface FeatureFlag {
  id: number
  name: string
  description: string | null
  enabled: boolean
  rolloutType: "whitelist" | "percentage"
  rolloutValue: number
  rolloutPercentage: number
  rolloutSeed: string | null
  createdAt: string
  updatedAt: string
}

export interface FlagStats {
  totalUsers: number
  enabledUsers: number
  overrideUsers: number
  disabledUsers: number
}

export interface RecentMail {
  to: string
  subject: string
  text: string
  sentAt: string
}

export async function listFeatureFlags(): Promise<FeatureFlag[]> {
  return (await request<Ok<FeatureFlag[]>>("/admin/feature-flags")).data
}

export async function updateFeatureFlag(input: { name: string } & Partial<FeatureFlag>): Promise<FeatureFlag> {
  const { name, ...patch } = input
  const path = `/admin/feature-flags/${encodeURIComponent(name)}`
  return (await request<Ok<FeatureFlag>>(path, { method: "PUT", body: patch, quiet: true })).data
}

export async function getFlagStats(name: string): Promise<FlagStats> {
  return (await request<Ok<FlagStats>>(`/admin/feature-flags/${encodeURIComponent(name)}/stats`)).data
}

export async function overrideFeatureFlag(input: { name: string; userId: string; forceEnabled: boolean }) {
  const { name, ...body } = input
  await request(`/admin/feature-flags/${encodeURIComponent(name)}/overrides`, { method: "POST", body, quiet: true })
}

export async function cleanEntries(retentionDays: number): Promise<number> {
  const answer = await request<Ok<{ removed: number }>>("/admin/clean", {
    method: "POST",
    body: { type: "entries", retentionDays },
    quiet: true,
  })
  return answer.data.removed
}

export async function mintPower(input: { userId: string; amount: number; key: string }): Promise<string> {
  return (await request<Ok<string>>("/admin/mint", { method: "POST", body: input, quiet: true })).data
}

export async function listRecentMails(): Promise<{ transport: "smtp" | "log"; mails: RecentMail[] }> {
  return (await request<Ok<{ transport: "smtp" | "log"; mails: RecentMail[] }>>("/admin/mails")).data
}

/** A proof a reader sent for an achievement a person checks. */
export interface AchievementAudit {
  userId: string
  userName: string | null
  userEmail: string
  actionId: number
  /** The achievement's key in the wallet strings (achievements.<key>.title). */
  key: string
  url: string
  status: "pending" | "approved" | "rejected"
  submittedAt: string
}

export async function listAchievementAudits(): Promise<AchievementAudit[]> {
  return (await request<Ok<AchievementAudit[]>>("/admin/achievement-audits", { query: { status: "pending" } })).data
}

export async function decideAchievementAudit(input: {
  userId: string
  actionId: number
  approved: boolean
  note?: string
}): Promise<void> {
  await request("/admin/achievement-audits", { method: "PUT", body: input, quiet: true })
}
