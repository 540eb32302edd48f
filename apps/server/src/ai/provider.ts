// Which model answers a user: their own provider when they saved one, otherwise the server's (AI_BASE_URL /
// AI_MODEL). The provider factory every AI feature shares (summaries and translation now, chat later); the AI SDK is
// imported only here and only when a model is actually called, so a server that never uses AI never loads it.
import type { LanguageModel } from "ai"
import { resolveAuthSecret } from "../auth/index.ts"
import type { Config } from "../config.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { type AiProviderRow, findAiProvider } from "../storage/ai.ts"
import type { DB } from "../storage/db.ts"
import { decryptSecret } from "./crypto.ts"
import { guardedFetch } from "./guarded-fetch.ts"

/**
 * "main" for chat and longer work; "fast" for summaries, titles, translation and timeline scores: the user's fast
 * model, else their main model; without a provider of their own, AI_MODEL_FAST, else AI_MODEL.
 */
export type ModelSpeed = "main" | "fast"

export interface AiProvider {
  source: "server" | "user"
  baseUrl: string
  apiKey?: string
  model: string
  /** Private and loopback addresses allowed for this endpoint. */
  allowPrivate: boolean
  trustedOrigin?: string
}

export const MISSING_MODEL_MESSAGE =
  "No AI model is configured: set AI_BASE_URL and AI_MODEL on the server, or your own provider in Settings › AI"

export function missingModel(): AppError {
  return new AppError(ErrorCode.MissingConfiguration, { message: MISSING_MODEL_MESSAGE })
}

/** The server's own provider, or undefined when AI_BASE_URL or AI_MODEL is unset. */
export function serverProvider(config: Config, speed: ModelSpeed = "main"): AiProvider | undefined {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return undefined
  return {
    source: "server",
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: (speed === "fast" ? config.AI_MODEL_FAST : undefined) ?? config.AI_MODEL,
    allowPrivate: config.ALLOW_PRIVATE_NETWORK,
    // The operator chose this endpoint: a model server on their LAN is theirs to use.
    trustedOrigin: new URL(config.AI_BASE_URL).origin,
  }
}

export function privateNetworkAllowed(config: Config): boolean {
  return config.ALLOW_PRIVATE_NETWORK || config.AI_ALLOW_PRIVATE_NETWORK
}

/** A user's endpoint; the fast work goes to their fast model when they named one, else to their main model. */
export function userProvider(
  config: Config,
  row: { baseUrl: string; model: string; fastModel?: string | null },
  apiKey: string | undefined,
  speed: ModelSpeed = "main",
): AiProvider {
  const model = (speed === "fast" ? row.fastModel : undefined) || row.model
  return { source: "user", baseUrl: row.baseUrl, apiKey, model, allowPrivate: privateNetworkAllowed(config) }
}

/** The provider that answers this user, or undefined when neither they nor the server configured one. */
export async function findProvider(deps: Deps, userId: string, speed: ModelSpeed): Promise<AiProvider | undefined> {
  const own = await findAiProvider(deps.db, userId)
  if (!own) return serverProvider(deps.config, speed)
  return userProvider(deps.config, own, await ownApiKey(deps, own), speed)
}

/** The user's stored key in clear, or undefined when they saved none. */
export async function ownApiKey(deps: Deps, own: AiProviderRow): Promise<string | undefined> {
  if (!own.apiKeyEncrypted) return undefined
  const apiKey = decryptSecret(await secretOf(deps), own.apiKeyEncrypted, own.userId)
  if (apiKey === undefined)
    throw new AppError(ErrorCode.MissingConfiguration, {
      message:
        "Your AI provider's API key cannot be read (the server's secret changed): enter it again in Settings › AI",
    })
  return apiKey
}

export async function requireProvider(deps: Deps, userId: string, speed: ModelSpeed): Promise<AiProvider> {
  const provider = await findProvider(deps, userId, speed)
  if (!provider) throw missingModel()
  return provider
}

/** Per database and configured AUTH_SECRET (two servers in one process may share a database, not a secret). */
const secrets = new WeakMap<DB, Map<string | undefined, Promise<string>>>()

/** AUTH_SECRET, or the one the first start generated and stored (the same one sessions are signed with). */
export function secretOf(deps: Deps): Promise<string> {
  let byConfig = secrets.get(deps.db)
  if (!byConfig) {
    byConfig = new Map()
    secrets.set(deps.db, byConfig)
  }
  const configured = deps.config.AUTH_SECRET
  let secret = byConfig.get(configured)
  if (!secret) {
    const pending = resolveAuthSecret(deps.db, configured)
    pending.catch(() => byConfig.delete(configured))
    byConfig.set(configured, pending)
    secret = pending
  }
  return secret
}

/** The AI SDK model for a provider, its HTTP calls through the SSRF guard. Loads the SDK on first use. */
export async function languageModel(provider: AiProvider): Promise<LanguageModel> {
  const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible")
  const factory = createOpenAICompatible({
    name: provider.source === "server" ? "server" : "user",
    baseURL: provider.baseUrl.replace(/\/+$/, ""),
    apiKey: provider.apiKey,
    includeUsage: true,
    fetch: guardedFetch({ allowPrivate: provider.allowPrivate, trustedOrigin: provider.trustedOrigin }),
  })
  return factory.chatModel(provider.model)
}
