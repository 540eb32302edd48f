// Outgoing calls made for a user (webhooks, the integration relay) report why they failed in a few words that name
// neither the URL nor a header: those carry the user's tokens.

/** "Timed out", "Host not found", …; `failed` ("Request failed", "Delivery failed") when nothing more is known. */
export function describeNetworkError(error: unknown, failed: string): string {
  if (!(error instanceof Error)) return failed
  const cause = (error as Error & { cause?: Error }).cause
  if (error.name === "TimeoutError" || error.name === "AbortError" || /timeout/i.test(error.name)) return "Timed out"
  if (error.name === "BlockedAddressError" || cause?.name === "BlockedAddressError")
    return "Refused: private or loopback address"
  const code = (error as Error & { code?: string }).code ?? (cause as Error & { code?: string })?.code
  if (code === "ENOTFOUND") return "Host not found"
  if (code === "ECONNREFUSED") return "Connection refused"
  if (code === "ECONNRESET") return "Connection reset"
  return code ? `${failed} (${code})` : failed
}
