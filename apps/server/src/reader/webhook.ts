// Outgoing webhooks: JSON POSTs under the feed fetcher's SSRF rules, with a time-out, no redirects followed, and
// the answer read only up to a small cap and thrown away; a batch goes out a few at a time within a time budget.
import { APP_VERSION } from "@tidings/shared"
import { Agent, request } from "undici"
import type { Logger } from "../log.ts"
import { assertPublicHost, guardedLookup } from "./guard.ts"

export interface WebhookOptions {
  /** Loopback and private addresses allowed (ALLOW_PRIVATE_NETWORK). */
  allowPrivate: boolean
  timeoutMs?: number
  /** The product's public URL, named in the User-Agent. */
  siteUrl?: string
}

/** A failed delivery; the message names no URL, so it can be logged (webhook URLs often carry tokens). */
export class WebhookError extends Error {
  override name = "WebhookError"
}

const TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 64 * 1024
const agentOptions = { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, connections: 16 }
// undici's request() follows no redirects unless told to; a 3xx answer is reported as a failure below.
const guardedAgent = new Agent({ ...agentOptions, connect: { lookup: guardedLookup } })
const openAgent = new Agent(agentOptions)

/** POSTs `payload` as JSON; resolves with the status of a 2xx answer, otherwise throws a WebhookError. */
export async function postWebhook(url: string, payload: unknown, options: WebhookOptions): Promise<number> {
  const target = URL.canParse(url) ? new URL(url) : undefined
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:"))
    throw new WebhookError("Not an http or https URL")
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)
  try {
    if (!options.allowPrivate) assertPublicHost(target)
    const response = await request(target, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": `Tidings/${APP_VERSION} (webhook${options.siteUrl ? `; +${options.siteUrl}` : ""})`,
      },
      body: JSON.stringify(payload),
      signal,
      dispatcher: options.allowPrivate ? openAgent : guardedAgent,
    })
    await response.body.dump({ limit: MAX_ANSWER_BYTES, signal })
    if (response.statusCode < 200 || response.statusCode >= 300) throw new WebhookError(`HTTP ${response.statusCode}`)
    return response.statusCode
  } catch (error) {
    throw error instanceof WebhookError ? error : new WebhookError(describe(error))
  }
}

/** A short description of a network failure, without the URL. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "Delivery failed"
  const cause = (error as Error & { cause?: Error }).cause
  if (error.name === "TimeoutError" || error.name === "AbortError" || /timeout/i.test(error.name)) return "Timed out"
  if (error.name === "BlockedAddressError" || cause?.name === "BlockedAddressError")
    return "Refused: private or loopback address"
  const code = (error as Error & { code?: string }).code ?? (cause as Error & { code?: string })?.code
  if (code === "ENOTFOUND") return "Host not found"
  if (code === "ECONNREFUSED") return "Connection refused"
  if (code === "ECONNRESET") return "Connection reset"
  return code ? `Delivery failed (${code})` : "Delivery failed"
}

/** A webhook call owed to a user (the user id is only for the log). */
export interface Delivery {
  userId: string
  url: string
  payload: unknown
}

/**
 * The caller (an ingest) waits for its webhooks, so a batch is bounded: how many calls, how many at once, and how
 * long in all; a URL that failed once is not called again in the same batch.
 */
const MAX_DELIVERIES = 1000
const CONCURRENCY = 4
const BUDGET_MS = 30_000

/** Sends a batch; never throws. Failures are logged with the host only, since URLs often carry tokens. */
export async function deliverWebhooks(due: Delivery[], options: WebhookOptions, log: Logger): Promise<void> {
  const queue = due.slice(0, MAX_DELIVERIES)
  const deadline = Date.now() + BUDGET_MS
  const failed = new Set<string>()
  let skipped = due.length - queue.length
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { userId, url } = next
      const timeoutMs = Math.min(options.timeoutMs ?? TIMEOUT_MS, deadline - Date.now())
      if (timeoutMs <= 0 || failed.has(url)) {
        skipped++
        continue
      }
      await postWebhook(url, next.payload, { ...options, timeoutMs }).catch((error: unknown) => {
        failed.add(url)
        log.warn("webhook delivery failed", { userId, host: hostOf(url), error: (error as Error).message })
      })
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (skipped) log.warn("webhook deliveries skipped", { count: skipped })
}

function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).host : null
}
