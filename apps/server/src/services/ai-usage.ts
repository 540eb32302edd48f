// What a user spent on AI: today's tokens against their role's budget (GET /ai/usage), per-day and per-operation
// patterns (GET /ai/analytics), and the model configuration the chat client reads (GET /ai/chat/config).
import { dailyBudget, dayOf } from "../ai/complete.ts"
import { findProvider } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { attachmentsOn, serverTokensOn, usageSince } from "../storage/ai.ts"
import { chatAllowed } from "./ai-chat.ts"

const DAY_MS = 86_400_000

function nextReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS)
}

export async function getUsage(deps: Deps, userId: string, role: string) {
  const now = deps.now()
  const today = dayOf(now)
  const [used, rows] = await Promise.all([serverTokensOn(deps.db, userId, today), usageSince(deps.db, userId, today)])
  const limit = dailyBudget(deps, role)
  return {
    // No budget reads as total 0 with remaining -1 (unlimited), as the official client expects no number then.
    total: limit ?? 0,
    used,
    remaining: limit === undefined ? -1 : Math.max(0, limit - used),
    resetAt: nextReset(now).toISOString(),
    // Not official keys: today's tokens per operation, model and provider (your own provider's count too).
    today: rows.map(({ day: _day, ...r }) => r),
  }
}

export async function getAnalytics(deps: Deps, userId: string, days: number) {
  const now = deps.now()
  const first = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS))
  const rows = await usageSince(deps.db, userId, first)
  const total = rows.reduce((n, r) => n + r.tokensIn + r.tokensOut, 0)
  const group = (key: (r: (typeof rows)[number]) => string) => {
    const out = new Map<string, { tokens: number; calls: number }>()
    for (const r of rows) {
      const g = out.get(key(r)) ?? { tokens: 0, calls: 0 }
      g.tokens += r.tokensIn + r.tokensOut
      g.calls += r.calls
      out.set(key(r), g)
    }
    return [...out]
  }
  const share = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0)
  return {
    patterns: {
      daily: group((r) => r.day).map(([date, g]) => ({
        date,
        totalTokens: g.tokens,
        operationCount: g.calls,
        peakHour: null,
      })),
      byOperation: group((r) => r.operation).map(([operationType, g]) => ({
        operationType,
        totalTokens: g.tokens,
        operationCount: g.calls,
        percentage: share(g.tokens),
        avgTokensPerOperation: g.calls ? Math.round(g.tokens / g.calls) : 0,
      })),
      byModel: group((r) => r.model).map(([model, g]) => ({
        model,
        totalTokens: g.tokens,
        operationCount: g.calls,
        percentage: share(g.tokens),
        avgEfficiency: g.calls ? Math.round(g.tokens / g.calls) : 0,
      })),
    },
    // The official server's ledger of purchased tokens; Tidings sells none.
    usageHistory: [] as unknown[],
  }
}

/**
 * GET /ai/chat/config, bare: which model answers this user, their budget and attachments left today. `available`,
 * `source` and `chatAllowed` (their role may chat: AI_CHAT_ROLES) are not official keys.
 */
export async function getChatConfig(deps: Deps, userId: string, role: string) {
  const now = deps.now()
  const [provider, usage, attached] = await Promise.all([
    findProvider(deps, userId, "main"),
    getUsage(deps, userId, role),
    attachmentsOn(deps.db, userId, dayOf(now)),
  ])
  const windowMs = nextReset(now).getTime() - now.getTime()
  const models = provider ? [provider.model] : []
  return {
    available: !!provider,
    source: provider?.source ?? null,
    chatAllowed: chatAllowed(deps.config, role),
    defaultModel: provider?.model ?? "",
    availableModels: models,
    availableModelsMenu: models.map((m) => ({ label: m, value: m })),
    rateLimit: {
      maxTokens: usage.total,
      currentTokens: usage.used,
      remainingTokens: usage.remaining,
      windowDuration: DAY_MS,
      windowResetTime: nextReset(now).getTime(),
    },
    attachmentLimits: {
      maxFiles: deps.config.AI_CHAT_MAX_FILES,
      remainingFiles: Math.max(0, deps.config.AI_CHAT_MAX_FILES - attached),
      windowDuration: DAY_MS,
      windowResetTime: now.getTime() + windowMs,
    },
    usage: { total: usage.total, used: usage.used, remaining: usage.remaining, resetAt: usage.resetAt },
    freeQuota: {
      shouldCheckDailyLimit: usage.total > 0,
      remainingRequests: -1,
      remainingMonthlyRequests: -1,
      role,
      dailyLimit: usage.total,
      monthlyLimit: 0,
    },
  }
}
