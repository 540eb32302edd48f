// The error every API call throws, and the pure rules for what the app does with it (spec client §8).

export type ApiErrorKind = "auth" | "validation" | "timeout" | "network" | "aborted" | "http"

export class ApiError extends Error {
  override readonly name = "ApiError"
  readonly kind: ApiErrorKind
  /** HTTP status; 0 when no response arrived. */
  readonly status: number
  /** The server's code: numeric for our catalogue, a string for better-auth (e.g. INVALID_EMAIL_OR_PASSWORD). */
  readonly code: number | string | undefined
  readonly reason: string | undefined
  readonly data: unknown
  readonly method: string
  readonly path: string

  constructor(init: {
    kind: ApiErrorKind
    status: number
    message: string
    code?: number | string
    reason?: string
    data?: unknown
    method: string
    path: string
  }) {
    super(init.message)
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.reason = init.reason
    this.data = init.data
    this.method = init.method
    this.path = init.path
  }
}

interface ErrorBody {
  code?: unknown
  message?: unknown
  reason?: unknown
  data?: unknown
}

/** Builds the error for a non-2xx answer; a body that is not JSON falls back to the status text. */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: unknown,
  request: { method: string; path: string },
): ApiError {
  const fields: ErrorBody = typeof body === "object" && body !== null ? body : {}
  const code = typeof fields.code === "number" || typeof fields.code === "string" ? fields.code : undefined
  const serverMessage = typeof fields.message === "string" && fields.message ? fields.message : undefined
  const reason = typeof fields.reason === "string" ? fields.reason : undefined
  let kind: ApiErrorKind = "http"
  let fallback = statusText || `HTTP ${status}`
  if (status === 401) {
    kind = "auth"
    fallback = "Authentication required"
  } else if (status === 400 && fields.data !== undefined) {
    kind = "validation"
    fallback = "Validation error"
  }
  return new ApiError({ kind, status, code, reason, data: fields.data, message: serverMessage ?? fallback, ...request })
}

/** What the app does about a failed call. */
export type ErrorAction = "logout" | "invitation" | "activation" | "silent" | "toast" | "offline"

export function errorAction(error: ApiError): ErrorAction {
  if (error.kind === "aborted") return "silent"
  if (error.kind === "network") return "offline"
  if (error.status === 401) return "logout"
  const code = error.code === undefined ? "" : String(error.code)
  if (error.status === 400 && code === "1003") return "invitation"
  if (/^11\d+$/.test(code)) return "activation"
  if (code === "4007" || code === "4008") return "silent"
  return "toast"
}

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 422])

/** Data queries: no retry for 400/401/403/404/422 or an unknown status, otherwise up to 3 retries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === 0) return false
  if (NO_RETRY_STATUSES.has(error.status)) return false
  return failureCount < 3
}

/** The numeric catalogue code, when the error carries one. */
export function catalogueCode(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined
  const code = Number(error.code)
  return Number.isInteger(code) && error.code !== "" ? code : undefined
}

/** No answer (offline, time-out, a cancelled page request) or a lapsed session: a queued change is kept for later. */
export function keepAfter(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.kind === "network" || error.kind === "timeout" || error.kind === "aborted" || error.status === 401
}
