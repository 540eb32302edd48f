// The checks the provider form makes before asking the server (which checks again): an http(s) address, a model,
// and a speech model for a voice.

/** The i18n key (ai namespace) of what is wrong, or null. */
export function providerProblem(input: {
  baseUrl: string
  model: string
  speechModel?: string
  speechVoice?: string
}): string | null {
  let url: URL | undefined
  try {
    url = new URL(input.baseUrl.trim())
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return "provider.problem.base_url"
  if (!input.model.trim()) return "provider.problem.model"
  if (input.speechVoice?.trim() && !input.speechModel?.trim()) return "provider.problem.speech_voice"
  return null
}
