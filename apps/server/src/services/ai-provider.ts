// A user's own model endpoint (Settings › AI): read without the key (only whether one is set), saved with the key
// encrypted, removed, and tried with a tiny completion before or after saving. Not part of the synced settings JSON,
// which goes to every client in full.
import { completeWith } from "../ai/complete.ts"
import { encryptSecret } from "../ai/crypto.ts"
import { TEST_PROMPT } from "../ai/prompts.ts"
import {
  type AiProvider,
  findProvider,
  missingModel,
  privateNetworkAllowed,
  secretOf,
  serverProvider,
  userProvider,
} from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { assertPublicHost } from "../reader/guard.ts"
import { deleteAiProvider, findAiProvider, saveAiProvider } from "../storage/ai.ts"

export interface ProviderView {
  baseUrl: string
  model: string
  /** The model for summaries, titles, translation and timeline scores; null: the main model does them. */
  fastModel: string | null
  /** Text to speech on this endpoint (Listen); null: the server's speech model, else the browser's voice. */
  speechModel: string | null
  /** The voice it reads with; null: AI_TTS_VOICE. */
  speechVoice: string | null
  hasApiKey: boolean
  updatedAt: string
}

export async function getOwnProvider(deps: Deps, userId: string): Promise<ProviderView | null> {
  const row = await findAiProvider(deps.db, userId)
  if (!row) return null
  return {
    baseUrl: row.baseUrl,
    model: row.model,
    fastModel: row.fastModel,
    speechModel: row.speechModel,
    speechVoice: row.speechVoice,
    hasApiKey: !!row.apiKeyEncrypted,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export interface ProviderInput {
  baseUrl: string
  model: string
  /** Left out or null: none (the main model does the fast work too). */
  fastModel?: string | null
  /** Left out or null: none (speech stays with the server). */
  speechModel?: string | null
  /** Left out or null: AI_TTS_VOICE. */
  speechVoice?: string | null
  /** A new key; null removes the stored one; left out, the stored one stays. */
  apiKey?: string | null
}

export async function saveOwnProvider(deps: Deps, userId: string, input: ProviderInput): Promise<ProviderView> {
  checkAddress(deps, input.baseUrl)
  const apiKeyEncrypted =
    input.apiKey === undefined || input.apiKey === null
      ? input.apiKey
      : encryptSecret(await secretOf(deps), input.apiKey, userId)
  await saveAiProvider(deps.db, {
    userId,
    baseUrl: input.baseUrl,
    model: input.model,
    fastModel: input.fastModel ?? null,
    speechModel: input.speechModel ?? null,
    speechVoice: input.speechVoice ?? null,
    apiKeyEncrypted,
    at: deps.now(),
  })
  return (await getOwnProvider(deps, userId))!
}

export async function removeOwnProvider(deps: Deps, userId: string): Promise<void> {
  await deleteAiProvider(deps.db, userId)
}

/**
 * A tiny completion against the given endpoint (a key left out: the stored one, when the base URL is the stored
 * one), or against whatever answers the user now when nothing is given. Throws the provider's failure.
 */
export async function testProvider(deps: Deps, userId: string, input: Partial<ProviderInput>) {
  const provider = input.baseUrl ? await candidate(deps, userId, input) : await findProvider(deps, userId, "fast")
  if (!provider) throw missingModel()
  const started = Date.now()
  const reply = await completeWith(
    deps,
    provider,
    { operation: "test", speed: "fast", system: "", prompt: TEST_PROMPT, maxOutputTokens: 16 },
    userId,
  )
  return {
    ok: true,
    source: provider.source,
    model: provider.model,
    latencyMs: Date.now() - started,
    reply: reply.slice(0, 200),
  }
}

async function candidate(deps: Deps, userId: string, input: Partial<ProviderInput>): Promise<AiProvider> {
  const baseUrl = input.baseUrl!
  checkAddress(deps, baseUrl)
  const stored = await findProvider(deps, userId, "fast")
  const model = input.model ?? (stored?.baseUrl === baseUrl ? stored.model : serverProvider(deps.config)?.model)
  if (!model) throw new AppError(ErrorCode.InvalidInput, { reason: "model: name the model to test" })
  const apiKey =
    input.apiKey === null
      ? undefined
      : (input.apiKey ?? (stored?.source === "user" && stored.baseUrl === baseUrl ? stored.apiKey : undefined))
  return userProvider(deps.config, { baseUrl, model, fastModel: input.fastModel }, apiKey, "fast")
}

/** A loopback or private literal address is refused up front unless allowed (names are checked when connecting). */
function checkAddress(deps: Deps, baseUrl: string) {
  if (privateNetworkAllowed(deps.config)) return
  try {
    assertPublicHost(new URL(baseUrl))
  } catch {
    throw new AppError(ErrorCode.InvalidInput, {
      reason:
        "baseUrl: a private or loopback address is allowed only when the server sets AI_ALLOW_PRIVATE_NETWORK=true",
    })
  }
}
