// GET /plan (settings › plan): the caller's role and when it ends, and what every role may do on this server, from
// the same limits the server enforces (auth/roles.ts, AI_DAILY_TOKENS, AI_CHAT_ROLES). This server takes no
// payments: more comes from the administrator or an invitation code.
import { NEW_USER_TRIAL_DAYS, USER_ROLES } from "@tidings/shared"
import { eq } from "drizzle-orm"
import { effectiveRole, isLimitedRole, mayInvite, roleLimits } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { user } from "../storage/schema.ts"
import { chatAllowed } from "./ai-chat.ts"

export async function planOf(deps: Deps, userId: string) {
  const [row] = await deps.db
    .select({ role: user.role, roleEndAt: user.roleEndAt })
    .from(user)
    .where(eq(user.id, userId))
  const role = effectiveRole(row?.role ?? "free", row?.roleEndAt ?? null, deps.now().getTime())
  const { config } = deps
  return {
    role,
    /** When a trial ends (null: it does not end). An expired trial already reads as free. */
    roleEndAt: row?.roleEndAt && isLimitedRole(role) ? row.roleEndAt.toISOString() : null,
    trialDays: NEW_USER_TRIAL_DAYS,
    payments: false as const,
    roles: USER_ROLES.map((r) => ({
      role: r,
      ...roleLimits(r, config),
      // 0 or unset means no limit, as AI_DAILY_TOKENS reads it.
      aiDailyTokens: config.AI_DAILY_TOKENS[r] || null,
      aiChat: chatAllowed(config, r),
      aiChatFilesPerDay: config.AI_CHAT_MAX_FILES,
      invite: mayInvite(r),
    })),
  }
}
