// /ai: summaries, translation (one entry, or a batch answered as NDJSON), the model that answers this user
// (GET /ai/chat/config), today's usage, and the user's own model provider. Model calls take far longer than the
// usual 10 s: the server waits up to AI_TIMEOUT_MS (60 s) per call, and long HTML is translated in pieces.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

/** The languages the server writes summaries and translations in. */
export type AiLanguage = "en" | "ja" | "zh-CN" | "zh-TW"
export type TranslationField = "title" | "description" | "content" | "readabilityContent"
export type TranslationData = Partial<Record<TranslationField, string>>

/** A model call, and for translation of long content several in a row. */
const AI_TIMEOUT_MS = 180_000

export async function getSummary(
  input: { id: string; language: AiLanguage; target: "content" | "readabilityContent" },
  signal?: AbortSignal,
): Promise<string | null> {
  const answer = await request<Ok<string | null>>("/ai/summary", {
    query: input,
    signal,
    timeout: AI_TIMEOUT_MS,
    quiet: true,
  })
  return answer.data ?? null
}

export async function getTranslation(
  input: { id: string; language: AiLanguage; fields: TranslationField[] },
  signal?: AbortSignal,
): Promise<TranslationData | null> {
  const answer = await request<Ok<TranslationData | null>>("/ai/translation", {
    query: { id: input.id, language: input.language, fields: input.fields.join(",") },
    signal,
    timeout: AI_TIMEOUT_MS,
    quiet: true,
  })
  return answer.data ?? null
}

export interface BatchTranslation {
  id: string
  data: TranslationData
}

/** POST /ai/translation/batch: one `{id, data}` line per entry translated (the others are left out). */
export async function translateBatch(input: {
  ids: string[]
  language: AiLanguage
  fields: TranslationField[]
}): Promise<BatchTranslation[]> {
  const answer = await request<unknown>("/ai/translation/batch", {
    method: "POST",
    body: input,
    timeout: AI_TIMEOUT_MS,
    quiet: true,
  })
  return parseNdjson(answer)
}

/**
 * The lines of an NDJSON answer. The client parses any JSON-ish content type, so an answer of exactly one line
 * arrives already parsed as an object, and several lines as text.
 */
export function parseNdjson(answer: unknown): BatchTranslation[] {
  if (answer && typeof answer === "object") return [answer as BatchTranslation]
  if (typeof answer !== "string") return []
  return answer
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as BatchTranslation)
}

/** GET /ai/chat/config (a bare object): the model that answers this user now, and their daily budget. */
export interface AiConfig {
  /** Not an official key: whether any model (the user's or the server's) answers. */
  available: boolean
  source: "server" | "user" | null
  defaultModel: string
  usage: { total: number; used: number; remaining: number; resetAt: string }
}

export async function getAiConfig(signal?: AbortSignal): Promise<AiConfig> {
  const answer = await request<Partial<AiConfig>>("/ai/chat/config", { signal, quiet: true })
  return {
    available: answer.available ?? false,
    source: answer.source ?? null,
    defaultModel: answer.defaultModel ?? "",
    usage: answer.usage ?? { total: 0, used: 0, remaining: -1, resetAt: "" },
  }
}

export interface AiUsageRow {
  operation: string
  model: string
  provider: string
  tokensIn: number
  tokensOut: number
  calls: number
}

/** Today's usage: `total` is the budget (0 with remaining -1 when there is none). */
export interface AiUsage {
  total: number
  used: number
  remaining: number
  resetAt: string
  today: AiUsageRow[]
}

export async function getAiUsage(signal?: AbortSignal): Promise<AiUsage> {
  const answer = await request<Ok<AiUsage>>("/ai/usage", { signal, quiet: true })
  return { ...answer.data, today: answer.data.today ?? [] }
}

/** The user's own endpoint; the key never comes back, only whether one is stored. */
export interface AiProvider {
  baseUrl: string
  model: string
  /** Summaries, titles, translation and timeline scores; null: the main model does them. */
  fastModel?: string | null
  /** Listen reads aloud with this model on the same endpoint; null: the server's speech, else the browser's. */
  speechModel?: string | null
  /** The voice that speech model reads with; null: the server's default voice. */
  speechVoice?: string | null
  hasApiKey: boolean
  updatedAt: string
}

export async function getAiProvider(signal?: AbortSignal): Promise<AiProvider | null> {
  const answer = await request<Ok<AiProvider | null>>("/ai/provider", { signal, quiet: true })
  return answer.data ?? null
}

/** `apiKey`: a new key; null removes the stored one; left out, the stored one stays. */
export async function saveAiProvider(input: {
  baseUrl: string
  model: string
  fastModel?: string | null
  speechModel?: string | null
  speechVoice?: string | null
  apiKey?: string | null
}): Promise<AiProvider> {
  const answer = await request<Ok<AiProvider>>("/ai/provider", { method: "PUT", body: input, quiet: true })
  return answer.data
}

export async function removeAiProvider(): Promise<void> {
  await request("/ai/provider", { method: "DELETE", quiet: true })
}

export interface ProviderTestResult {
  ok: boolean
  source: "server" | "user"
  model: string
  latencyMs: number
  reply: string
}

/** A tiny completion: against the given endpoint (before saving it), or whatever answers the user now. */
export async function testAiProvider(input: {
  baseUrl?: string
  model?: string
  apiKey?: string
}): Promise<ProviderTestResult> {
  const answer = await request<Ok<ProviderTestResult>>("/ai/provider/test", {
    method: "POST",
    body: input,
    timeout: AI_TIMEOUT_MS,
    quiet: true,
  })
  return answer.data
}
