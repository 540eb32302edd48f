// One fetch wrapper for every API call: same-origin cookies, no caching, the client headers, a 10 s time-out,
// JSON bodies (DELETE included) and typed errors. What the app does with errors is injected (setApiEvents).
import { APP_NAME, APP_VERSION, CLIENT_REQUEST_TIMEOUT_MS } from "@tidings/shared"
import { appPlatform } from "../lib/desktop.ts"
import { REFERRAL_HEADER, storedReferralCode } from "../lib/referral-code.ts"
import { ApiError, errorFromResponse } from "./api-error.ts"
import { clientHeaders } from "./client-ids.ts"

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  query?: Query
  body?: unknown
  timeout?: number
  signal?: AbortSignal
  /** False for calls whose errors the caller shows itself (sign-in form): no app-wide handling at all. */
  handleErrors?: boolean
  /** The caller shows the error message itself: no error toast, but 401, invitation and plan rules still apply. */
  quiet?: boolean
}

export interface ApiEvents {
  onResponse: () => void
  /** stale: the call was sent under an earlier session (someone signed in or out since). */
  onError: (error: ApiError, options: { quiet: boolean; stale: boolean }) => void
}

/**
 * Bumped whenever who is signed in changes (sign-in, sign-out, the log-out a 401 causes): the answer to a call sent
 * under an earlier session says nothing about the current one. (A 401 for the last user's restored cache, arriving
 * after the next user signed in, would otherwise sign that user out.)
 */
let sessionEpoch = 0

export function sessionChanged(): void {
  sessionEpoch++
}

let events: ApiEvents = { onResponse: () => {}, onError: () => {} }

export function setApiEvents(next: ApiEvents): void {
  events = next
}

/** Empty in the usual same-origin set-up; VITE_API_URL points the client elsewhere. */
const API_BASE = (import.meta.env.VITE_API_URL ?? "").replace(/\/$/, "")

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else params.append(key, String(value))
  }
  const search = params.toString()
  return `${API_BASE}${path}${search ? `?${search}` : ""}`
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET"
  const epoch = sessionEpoch
  try {
    const response = await send(path, method, options)
    events.onResponse()
    const body = await readBody(response)
    if (!response.ok) throw errorFromResponse(response.status, response.statusText, body, { method, path })
    return body as T
  } catch (caught) {
    const error = toApiError(caught, method, path, options.signal)
    if (options.handleErrors !== false)
      events.onError(error, { quiet: options.quiet ?? false, stale: epoch !== sessionEpoch })
    throw error
  }
}

async function send(path: string, method: string, options: RequestOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeout ?? CLIENT_REQUEST_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const headers: Record<string, string> = {
    ...clientHeaders(),
    "X-App-Name": APP_NAME,
    "X-App-Version": APP_VERSION,
    "X-App-Platform": appPlatform(),
    "Cache-Control": "no-store",
  }
  if (import.meta.env.DEV) headers["X-App-Dev"] = "1"
  const referral = path.startsWith("/better-auth/") ? storedReferralCode() : null
  if (referral) headers[REFERRAL_HEADER] = referral
  // The language the reader sees, for what the server writes to them (account mail); the browser's own may differ.
  if (typeof document !== "undefined" && document.documentElement.lang) {
    headers["Accept-Language"] = document.documentElement.lang
  }
  const hasBody = options.body !== undefined && method !== "GET"
  // A form (a file upload) sets its own multipart content type with the boundary; a Blob goes as raw bytes.
  const raw = options.body instanceof FormData || options.body instanceof Blob ? options.body : undefined
  if (options.body instanceof Blob) headers["Content-Type"] = "application/octet-stream"
  else if (hasBody && !raw) headers["Content-Type"] = "application/json"
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: raw ?? (hasBody ? JSON.stringify(options.body) : undefined),
    credentials: "include",
    cache: "no-store",
    signal,
  })
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get("content-type") ?? ""
  // Newline-delimited JSON is lines for the caller to split: one line alone would otherwise parse as one object.
  if (!type.includes("json") || type.includes("ndjson")) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function toApiError(caught: unknown, method: string, path: string, callerSignal?: AbortSignal): ApiError {
  if (caught instanceof ApiError) return caught
  const isAbort = caught instanceof DOMException && (caught.name === "TimeoutError" || caught.name === "AbortError")
  if (isAbort && callerSignal?.aborted) {
    // The caller cancelled (e.g. TanStack Query dropping a stale request): nothing went wrong.
    return new ApiError({ kind: "aborted", status: 0, message: "Request aborted", method, path })
  }
  if (isAbort) {
    return new ApiError({
      kind: "timeout",
      status: 408,
      code: "TIMEOUT_ERROR",
      message: "Request timeout",
      method,
      path,
    })
  }
  const message = caught instanceof Error ? caught.message : String(caught)
  // No answer at all: a network-level failure (the app decides whether that means offline).
  return new ApiError({ kind: "network", status: 0, message, method, path })
}
