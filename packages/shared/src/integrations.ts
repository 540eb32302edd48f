// The integration relay's wire shape (POST /integrations/relay): one HTTP request to an outside service that the
// server sends for the browser, when the user turned browser fetch off (or the service answers no CORS).

export const RELAY_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const
export type RelayMethod = (typeof RELAY_METHODS)[number]

export interface RelayRequest {
  method: RelayMethod
  url: string
  headers?: Record<string, string>
  body?: string
}

/** The service's answer as it came, with the few headers a caller needs (content type, location, set-cookie). */
export interface RelayAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Limits the relay keeps: a request's body, the answer it reads, and the time it waits. */
export const RELAY_MAX_BODY_BYTES = 512 * 1024
export const RELAY_MAX_ANSWER_BYTES = 256 * 1024
export const RELAY_TIMEOUT_MS = 15_000
