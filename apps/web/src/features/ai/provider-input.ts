// The checks the provider form makes before asking the server (which checks again): an http(s) address and a model.

/** The i18n key (ai namespace) of what is wrong, or null. */
export function providerProblem(input: { baseUrl: string; model: string }): string | null {
  let url: URL | undefined
  try {
    url = new URL(input.baseUrl.trim())
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return "provider.problem.base_url"
  if (!input.model.trim()) return "provider.problem.model"
  return null
}
