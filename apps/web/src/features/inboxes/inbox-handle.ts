// The inbox handle rules as the server applies them (services/inboxes.ts), so the form can say what is wrong before
// sending; and the two addresses an outside service delivers to.

export type HandleProblem = "length" | "characters" | "edges" | "dots" | "digits"

/** The first rule the handle breaks, or null. Case does not matter: the server stores handles in lower case. */
export function handleProblem(input: string): HandleProblem | null {
  const handle = input.trim().toLowerCase()
  if (handle.length < 3 || handle.length > 32) return "length"
  if (!/^[a-z0-9._-]+$/.test(handle)) return "characters"
  if (!/^[a-z0-9]/.test(handle) || handle.endsWith(".")) return "edges"
  if (handle.includes("..")) return "dots"
  if (/^\d+$/.test(handle)) return "digits"
  return null
}

export function inboxAddress(handle: string, domain: string): string {
  return `${handle}@${domain}`
}

/** The webhook an outside service POSTs entries to, with the inbox's secret in X-Inbox-Secret. */
export function inboxWebhookUrl(apiOrigin: string, handle: string): string {
  const url = new URL("/inboxes/webhook", apiOrigin)
  url.searchParams.set("handle", handle)
  return url.toString()
}
