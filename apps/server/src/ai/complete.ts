// One model call on a user's behalf: the provider that answers them, the daily budget (server's model only), a time
// limit, the tokens recorded per day and operation, and provider failures turned into catalogue errors.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { describeNetworkError } from "../reader/network-error.ts"
import { addAiUsage, serverTokensOn } from "../storage/ai.ts"
import { personalPromptOf } from "../storage/settings.ts"
import { type AiProvider, languageModel, type ModelSpeed, requireProvider } from "./provider.ts"

/** What the tokens were spent on, as /ai/usage and /ai/analytics report it. */
export type AiOperation =
  | "summary"
  | "translation"
  | "summary-title"
  | "chat"
  | "test"
  | "tts"
  | "task"
  | "daily"
  | "timeline-score"
  | "timeline-summary"
  | "embedding"

export interface CompletionRequest {
  operation: AiOperation
  speed: ModelSpeed
  system: string
  prompt: string
  maxOutputTokens?: number
}

export interface Caller {
  userId: string
  role: string
}

/** UTC day as YYYY-MM-DD: usage and the budget reset at midnight UTC. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/** The role's daily token budget on the server's model; undefined when it has none. */
export function dailyBudget(deps: Deps, role: string): number | undefined {
  const limit = deps.config.AI_DAILY_TOKENS[role]
  return limit ? limit : undefined
}

export async function assertBudget(deps: Deps, caller: Caller) {
  const limit = dailyBudget(deps, caller.role)
  if (limit === undefined) return
  const used = await serverTokensOn(deps.db, caller.userId, dayOf(deps.now()))
  if (used >= limit)
    throw new AppError(ErrorCode.AIRateLimitExceeded, {
      reason: `${used} of ${limit} tokens used today; the budget resets at midnight UTC`,
    })
}

/** Resolves the user's provider, checks the budget, calls the model and records what it cost. */
export async function complete(deps: Deps, caller: Caller, request: CompletionRequest): Promise<string> {
  const [provider, personal] = await Promise.all([
    requireProvider(deps, caller.userId, request.speed),
    personalPromptOf(deps.db, caller.userId),
  ])
  if (provider.source === "server") await assertBudget(deps, caller)
  return completeWith(
    deps,
    provider,
    { ...request, system: withPersonalPrompt(request.system, personal) },
    caller.userId,
  )
}

/**
 * settings › AI's "about you" (personalizePrompt, spec client §4), added to every request the user's AI work makes:
 * after the task's own instructions, which it must not override (a translation stays only a translation).
 */
export function withPersonalPrompt(system: string, personal: string): string {
  if (!personal) return system
  return `${system}\n\nThe reader says about themselves (use it where it helps, keeping to the task and its output format):\n${personal}`
}

/** A call to a given provider (also the "test connection" call, before the provider is saved). */
export async function completeWith(
  deps: Deps,
  provider: AiProvider,
  request: CompletionRequest,
  userId: string,
): Promise<string> {
  const [{ generateText }, model] = await Promise.all([import("ai"), languageModel(provider)])
  let result: Awaited<ReturnType<typeof generateText>>
  try {
    result = await generateText({
      model,
      system: request.system,
      prompt: request.prompt,
      maxOutputTokens: request.maxOutputTokens,
      // Retries would multiply the calls a waiting reader pays for; the reader can ask again.
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(deps.config.AI_TIMEOUT_MS),
    })
  } catch (error) {
    throw providerError(error, deps.config.AI_TIMEOUT_MS)
  }
  await addAiUsage(deps.db, {
    userId,
    day: dayOf(deps.now()),
    operation: request.operation,
    model: provider.model,
    provider: provider.source,
    tokensIn: result.usage.inputTokens ?? 0,
    tokensOut: result.usage.outputTokens ?? 0,
    at: deps.now(),
  })
  const text = result.text.trim()
  if (!text) throw new AppError(ErrorCode.InternalError, { message: "The AI model answered with no text" })
  return text
}

/**
 * A failed call as a catalogue error: a provider that refuses the key or does not know the model is a
 * configuration problem (5); one that fails, times out or cannot be reached is an internal error (1005) whose
 * message says so. Neither names the URL or the key.
 */
export function providerError(error: unknown, timeoutMs: number): AppError {
  const cause = (error as { lastError?: unknown }).lastError ?? error
  const e = cause as { name?: string; statusCode?: number; cause?: unknown; message?: string }
  const status = typeof e.statusCode === "number" ? e.statusCode : undefined
  if (status === 401 || status === 403)
    return new AppError(ErrorCode.MissingConfiguration, {
      message: `The AI provider refused the request (HTTP ${status}): check the API key`,
    })
  if (status === 404)
    return new AppError(ErrorCode.MissingConfiguration, {
      message: "The AI provider does not know this model or address (HTTP 404): check the base URL and model",
    })
  if (status === 429)
    return new AppError(ErrorCode.AIRateLimitExceeded, {
      reason: "The AI provider is rate-limiting requests (HTTP 429)",
    })
  if (status !== undefined)
    return new AppError(ErrorCode.InternalError, { message: `The AI provider failed (HTTP ${status})` })
  if (isTimeout(error) || isTimeout(e.cause) || isTimeout(cause))
    return new AppError(ErrorCode.InternalError, {
      message: `The AI model did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}`,
    })
  const blocked = findBlocked(error)
  if (blocked)
    return new AppError(ErrorCode.MissingConfiguration, {
      message: `${blocked}: set AI_ALLOW_PRIVATE_NETWORK=true on the server to allow a model server on the local network`,
    })
  return new AppError(ErrorCode.InternalError, {
    message: `The AI provider cannot be reached: ${describeNetworkError(withCode(error), "request failed")}`,
  })
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name
  return name === "TimeoutError" || name === "AbortError"
}

function findBlocked(error: unknown): string | undefined {
  for (let e = error as { name?: string; message?: string; cause?: unknown } | undefined, i = 0; e && i < 6; i++) {
    if (e.name === "BlockedAddressError") return e.message
    e = e.cause as typeof e
  }
  return undefined
}

/** The error in the cause chain that carries a system error code (ECONNREFUSED…), else the innermost one. */
function withCode(error: unknown): unknown {
  let e = error as { cause?: unknown; code?: unknown }
  for (let i = 0; i < 6 && e?.cause && typeof e.code !== "string"; i++) e = e.cause as typeof e
  return e
}
