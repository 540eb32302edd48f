// The fetch the AI SDK is given: every model request goes through the SSRF guard. Private and loopback addresses
// are reachable only when allowed (the operator's own AI_BASE_URL, or ALLOW_PRIVATE_NETWORK / AI_ALLOW_PRIVATE_NETWORK
// for users' endpoints); redirects are refused, since a redirect could lead past the check of the first address.
import { Agent, fetch as undiciFetch } from "undici"
import { assertPublicHost, guardedLookup } from "../reader/guard.ts"

// The call's own AbortSignal bounds its time (AI_TIMEOUT_MS); these only stop a connection that hangs past it.
const agentOptions = { headersTimeout: 600_000, bodyTimeout: 600_000, connections: 16 }
const guardedAgent = new Agent({ ...agentOptions, connect: { lookup: guardedLookup } })
const openAgent = new Agent(agentOptions)

export interface GuardOptions {
  allowPrivate: boolean
  /** An origin the operator configured: reachable even on a private address. */
  trustedOrigin?: string
}

export function guardedFetch(options: GuardOptions): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new TypeError(`Unsupported URL scheme ${url.protocol}`)
    const open = options.allowPrivate || url.origin === options.trustedOrigin
    if (!open) assertPublicHost(url)
    const response = await undiciFetch(url, {
      ...(init as object),
      redirect: "error",
      dispatcher: open ? openAgent : guardedAgent,
    })
    return response as unknown as Response
  }) as typeof fetch
}
