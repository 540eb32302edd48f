// POST /ai/tts: an entry read aloud by a speech model (the user's own, else the server's), answered as raw audio
// (not JSON). Its own fetch, since request() reads bodies as text; errors come back as the usual ApiError, code 5
// when there is no speech model (the client then uses the browser's speech synthesis).
import { APP_NAME, APP_VERSION } from "@tidings/shared"
import { appPlatform } from "../lib/desktop.ts"
import { ApiError, errorFromResponse } from "./api-error.ts"
import { clientHeaders } from "./client-ids.ts"
import { buildUrl, readBody } from "./request.ts"

export type SpeechSource = "auto" | "content" | "readabilityContent" | "summary"

/** The server waits for the whole audio of up to AI_TTS_MAX_CHARS characters; a model may take a while. */
const SPEECH_TIMEOUT_MS = 120_000

export async function fetchSpeech(
  input: { entryId: string; source?: SpeechSource; voice?: string },
  signal?: AbortSignal,
): Promise<Blob> {
  const path = "/ai/tts"
  const timeout = AbortSignal.timeout(SPEECH_TIMEOUT_MS)
  let response: Response
  try {
    response = await fetch(buildUrl(path), {
      method: "POST",
      headers: {
        ...clientHeaders(),
        "X-App-Name": APP_NAME,
        "X-App-Version": APP_VERSION,
        "X-App-Platform": appPlatform(),
        "Content-Type": "application/json",
      },
      body: JSON.stringify(input),
      credentials: "include",
      cache: "no-store",
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught)
    throw new ApiError({ kind: "network", status: 0, message, method: "POST", path })
  }
  if (!response.ok)
    throw errorFromResponse(response.status, response.statusText, await readBody(response), { method: "POST", path })
  return response.blob()
}
