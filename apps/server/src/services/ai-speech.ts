// POST /ai/tts: an entry (or a given text) read aloud by an OpenAI-style speech endpoint (`/audio/speech`), streamed
// back as the audio the endpoint answers. The user's own endpoint (Settings › AI) speaks when they named a speech
// model for it; otherwise the operator's (AI_TTS_MODEL under AI_TTS_BASE_URL or AI_BASE_URL). With neither it
// answers code 5 naming AI_TTS_MODEL, and the web client speaks with the browser's speech synthesis instead. The
// request goes through the SSRF guard (the operator's origin is trusted, a user's is not, as for the chat model);
// the server's speech counts against the daily budget, and the characters are recorded as usage either way.
import { assertBudget, type Caller, dayOf, providerError } from "../ai/complete.ts"
import { guardedFetch } from "../ai/guarded-fetch.ts"
import { ownApiKey, privateNetworkAllowed } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { addAiUsage, findAiProvider, findSummary } from "../storage/ai.ts"
import { findAiEntry, preferredLanguage } from "./ai-entries.ts"

export type SpeechSource = "auto" | "content" | "readabilityContent" | "summary"

export interface SpeechInput {
  entryId?: string
  text?: string
  voice?: string
  source?: SpeechSource
}

export const TTS_MISSING_MESSAGE =
  "Text to speech is not configured on the server: set AI_TTS_MODEL (and AI_BASE_URL or AI_TTS_BASE_URL)"

/** The text to speak: the given one, or the entry's title and chosen text (auto: readability, else content). */
async function textToSpeak(deps: Deps, caller: Caller, input: SpeechInput): Promise<string> {
  if (input.text !== undefined) return input.text.trim()
  const entry = await findAiEntry(deps, caller.userId, input.entryId!)
  const source = input.source ?? "auto"
  let body: string | undefined
  if (source === "summary") {
    const language = await preferredLanguage(deps, caller.userId)
    body =
      (await findSummary(deps.db, entry.id, language, "readabilityContent")) ??
      (await findSummary(deps.db, entry.id, language, "content"))
    if (!body)
      throw new AppError(ErrorCode.InvalidInput, { reason: "This entry has no summary yet: ask for its summary first" })
  } else {
    const html =
      source === "content"
        ? entry.content
        : source === "readabilityContent"
          ? entry.readabilityContent
          : (entry.readabilityContent ?? entry.content)
    body = htmlToText(html ?? entry.description ?? "")
  }
  return [entry.title, body].filter(Boolean).join(".\n\n").trim()
}

/** Where speech is made: an endpoint, its key, the model and default voice, and whose it is. */
interface SpeechEndpoint {
  source: "server" | "user"
  baseUrl: string
  apiKey?: string
  model: string
  voice: string
  allowPrivate: boolean
  trustedOrigin?: string
}

/**
 * The user's own endpoint when they named a speech model for it (Settings › AI), else the operator's; undefined
 * with neither. The user's endpoint is reached like their chat model: a private address only when allowed.
 */
async function speechEndpoint(deps: Deps, userId: string): Promise<SpeechEndpoint | undefined> {
  const { config } = deps
  const own = await findAiProvider(deps.db, userId)
  if (own?.speechModel)
    return {
      source: "user",
      baseUrl: own.baseUrl,
      apiKey: await ownApiKey(deps, own),
      model: own.speechModel,
      voice: own.speechVoice ?? config.AI_TTS_VOICE,
      allowPrivate: privateNetworkAllowed(config),
    }
  const baseUrl = config.AI_TTS_BASE_URL ?? config.AI_BASE_URL
  if (!config.AI_TTS_MODEL || !baseUrl) return undefined
  return {
    source: "server",
    baseUrl,
    apiKey: config.AI_TTS_BASE_URL ? config.AI_TTS_API_KEY : config.AI_API_KEY,
    model: config.AI_TTS_MODEL,
    voice: config.AI_TTS_VOICE,
    allowPrivate: config.ALLOW_PRIVATE_NETWORK,
    // The operator chose this endpoint: a speech server on their LAN is theirs to use.
    trustedOrigin: new URL(baseUrl).origin,
  }
}

/** The raw audio response; the caller streams its body. */
export async function speak(deps: Deps, caller: Caller, input: SpeechInput): Promise<Response> {
  const { config } = deps
  const endpoint = await speechEndpoint(deps, caller.userId)
  if (!endpoint) throw new AppError(ErrorCode.MissingConfiguration, { message: TTS_MISSING_MESSAGE })
  const full = await textToSpeak(deps, caller, input)
  if (!full) throw new AppError(ErrorCode.InvalidInput, { reason: "There is no text to read aloud" })
  const text = full.slice(0, config.AI_TTS_MAX_CHARS)
  // As for the chat: the user's own endpoint is theirs to pay for, so only the server's counts to the budget.
  if (endpoint.source === "server") await assertBudget(deps, caller)
  let response: Response
  try {
    response = await requestSpeech(deps, endpoint, text, input.voice ?? endpoint.voice)
  } catch (error) {
    // The operator sees their speech server failing; the message names neither the URL nor the key.
    deps.log.warn("ai speech failed", { provider: endpoint.source, error: (error as Error).message })
    throw error
  }
  // Speech is billed by the character; recorded as tokens at about four characters each, so the server's counts
  // against the same daily budget as the chat model's tokens.
  await addAiUsage(deps.db, {
    userId: caller.userId,
    day: dayOf(deps.now()),
    operation: "tts",
    model: endpoint.model,
    provider: endpoint.source,
    tokensIn: Math.ceil(text.length / 4),
    tokensOut: 0,
    at: deps.now(),
  })
  return response
}

async function requestSpeech(deps: Deps, endpoint: SpeechEndpoint, text: string, voice: string): Promise<Response> {
  const timeoutMs = deps.config.AI_TIMEOUT_MS
  const fetch = guardedFetch({ allowPrivate: endpoint.allowPrivate, trustedOrigin: endpoint.trustedOrigin })
  let response: Response
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, "")}/audio/speech`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: endpoint.model, input: text, voice, response_format: "mp3" }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw providerError(error, timeoutMs)
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {})
    throw providerError({ statusCode: response.status }, timeoutMs)
  }
  return response
}
