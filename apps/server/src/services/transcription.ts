// GET /entries/transcription?url=: Folo transcribes a podcast's audio into SRT with a hosted speech-to-text service.
// This server has no speech-to-text: the call checks its input, then answers the catalogue's MissingConfiguration (5)
// saying so, and the client shows no transcript. (The audio player and text to speech work without it.)
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"

export const TRANSCRIPTION_MISSING_REASON =
  "This server has no speech-to-text service, so audio cannot be transcribed; the entry's text and text to speech still work"

export function transcribe(_deps: Deps, _userId: string, url: string): never {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new AppError(ErrorCode.InvalidParameter, { reason: "url is the http(s) address of the audio to transcribe" })
  }
  throw new AppError(ErrorCode.MissingConfiguration, {
    message: "Transcription is not available on this server",
    reason: TRANSCRIPTION_MISSING_REASON,
  })
}
