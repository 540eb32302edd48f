// Roles (spec §6): admin, pre_pro_trial, free, trial, pro. Expired trials fall back to free.
import { USER_ROLES, type UserRole } from "@tidings/shared"
import type { Config } from "../config.ts"

export function effectiveRole(role: string, roleEndAt: Date | string | null, now = Date.now()): UserRole {
  const known = (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : "free"
  if ((known === "trial" || known === "pre_pro_trial") && roleEndAt && new Date(roleEndAt).getTime() < now) {
    return "free"
  }
  return known
}

/** The roles held to the configured limits (errors 1100-1103); admins and pro users have none. */
export function isLimitedRole(role: UserRole): boolean {
  return role === "trial" || role === "free" || role === "pre_pro_trial"
}

/** The limits a role works under, as the session carries them; null means no limit. */
export function roleLimits(role: UserRole, config: Config) {
  const limited = isLimitedRole(role)
  return {
    feedSubscriptionLimit: limited ? config.TRIAL_MAX_FEED_SUBSCRIPTIONS : null,
    listSubscriptionLimit: limited ? config.TRIAL_MAX_LIST_SUBSCRIPTIONS : null,
    inboxLimit: limited ? config.TRIAL_MAX_INBOXES : null,
    rsshubSubscriptionLimit: null,
  }
}

/** Only these roles may create invitation codes; the others get 1103 (a feature a trial user may not use). */
export function mayInvite(role: UserRole): boolean {
  return !isLimitedRole(role)
}
