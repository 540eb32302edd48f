// POST /ai/tts: an entry (or a given text) read aloud by the operator's OpenAI-style speech endpoint
// (`/audio/speech` under AI_TTS_BASE_URL or AI_BASE_URL, model AI_TTS_MODEL), streamed back as the audio the
// endpoint answers. Without AI_TTS_MODEL it answers code 5 naming it, and the web client speaks with the browser's
// speech synthesis instead. The request goes through the SSRF guard (the operator's own origin is trusted, as for
// the chat model); the daily budget applies, and the characters are recorded as usage.
import { assertBudget, type Caller, dayOf, providerError } from "../ai/complete.ts"
import { guardedFetch } from "../ai/guarded-fetch.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { addAiUsage, findSummary } from "../storage/ai.ts"
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

/** The raw audio response; the caller streams its body. */
export async function speak(deps: Deps, caller: Caller, input: SpeechInput): Promise<Response> {
  const { config } = deps
  const baseUrl = config.AI_TTS_BASE_URL ?? config.AI_BASE_URL
  if (!config.AI_TTS_MODEL || !baseUrl)
    throw new AppError(ErrorCode.MissingConfiguration, { message: TTS_MISSING_MESSAGE })
  const full = await textToSpeak(deps, caller, input)
  if (!full) throw new AppError(ErrorCode.InvalidInput, { reason: "There is no text to read aloud" })
  const text = full.slice(0, config.AI_TTS_MAX_CHARS)
  await assertBudget(deps, caller)
  const apiKey = config.AI_TTS_BASE_URL ? config.AI_TTS_API_KEY : config.AI_API_KEY
  const fetch = guardedFetch({ allowPrivate: config.ALLOW_PRIVATE_NETWORK, trustedOrigin: new URL(baseUrl).origin })
  let response: Response
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, "")}/audio/speech`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.AI_TTS_MODEL,
        input: text,
        voice: input.voice ?? config.AI_TTS_VOICE,
        response_format: "mp3",
      }),
      signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
    })
  } catch (error) {
    throw providerError(error, config.AI_TIMEOUT_MS)
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {})
    throw providerError({ statusCode: response.status }, config.AI_TIMEOUT_MS)
  }
  // Speech is billed by the character; recorded as tokens at about four characters each, so it counts against the
  // same daily budget as the chat model's tokens.
  await addAiUsage(deps.db, {
    userId: caller.userId,
    day: dayOf(deps.now()),
    operation: "tts",
    model: config.AI_TTS_MODEL,
    provider: "server",
    tokensIn: Math.ceil(text.length / 4),
    tokensOut: 0,
    at: deps.now(),
  })
  return response
}
