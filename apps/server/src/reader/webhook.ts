// Outgoing webhooks: JSON POSTs under the feed fetcher's SSRF rules, with a time-out, no redirects followed, and
// the answer read only up to a small cap and thrown away; batches go out a few calls at a time, each within a time
// budget, beside the ingest that owed them.
import { APP_VERSION } from "@tidings/shared"
import { Agent, request } from "undici"
import type { Logger } from "../log.ts"
import { assertPublicHost, guardedLookup } from "./guard.ts"
import { describeNetworkError } from "./network-error.ts"

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
    throw error instanceof WebhookError ? error : new WebhookError(describeNetworkError(error, "Delivery failed"))
  }
}

/** A webhook call owed to a user (the user id is only for the log). */
export interface Delivery {
  userId: string
  url: string
  payload: unknown
}

/**
 * Each batch (one ingest's calls) is bounded: how many calls, and how long in all from when it was handed over; a URL
 * that failed once is not called again in the same batch. All batches share a few connections at a time.
 */
const MAX_DELIVERIES = 1000
const CONCURRENCY = 4
const BUDGET_MS = 30_000

/**
 * Sends webhooks beside the work that owes them: an ingest hands its batch over and returns, so a slow or dead
 * endpoint never holds a feed's refresh (and its fetch slot) for up to the budget. Deliveries live in memory: a
 * process that stops is waited for by `close()`, one that dies loses what was still queued, as before.
 */
export interface WebhookDispatcher {
  /** Queues a batch and returns at once; never throws. Failures are logged with the host only (URLs carry tokens). */
  send(due: Delivery[], options: WebhookOptions, log: Logger): void
  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void>
  /** Takes no more batches and waits for the queued ones (each within its budget). */
  close(): Promise<void>
}

interface Batch {
  options: WebhookOptions
  log: Logger
  deadline: number
  failed: Set<string>
  left: number
  skipped: number
}

export function createWebhookDispatcher(): WebhookDispatcher {
  const queue: { batch: Batch; delivery: Delivery }[] = []
  let active = 0
  let closed = false
  const idleWaiters: (() => void)[] = []

  const finish = (batch: Batch) => {
    batch.left--
    if (!batch.left && batch.skipped) batch.log.warn("webhook deliveries skipped", { count: batch.skipped })
  }
  const settle = () => {
    if (active || queue.length) return
    for (const resolve of idleWaiters.splice(0)) resolve()
  }
  const pump = () => {
    while (active < CONCURRENCY && queue.length) {
      const { batch, delivery } = queue.shift()!
      const timeoutMs = Math.min(batch.options.timeoutMs ?? TIMEOUT_MS, batch.deadline - Date.now())
      if (timeoutMs <= 0 || batch.failed.has(delivery.url)) {
        batch.skipped++
        finish(batch)
        continue
      }
      active++
      postWebhook(delivery.url, delivery.payload, { ...batch.options, timeoutMs })
        .catch((error: unknown) => {
          batch.failed.add(delivery.url)
          const fields = { userId: delivery.userId, host: hostOf(delivery.url), error: (error as Error).message }
          batch.log.warn("webhook delivery failed", fields)
        })
        .finally(() => {
          active--
          finish(batch)
          pump()
          settle()
        })
    }
    settle()
  }

  return {
    send(due, options, log) {
      if (closed || !due.length) return
      const taken = due.slice(0, MAX_DELIVERIES)
      const batch: Batch = {
        options,
        log,
        deadline: Date.now() + BUDGET_MS,
        failed: new Set(),
        left: taken.length,
        skipped: due.length - taken.length,
      }
      for (const delivery of taken) queue.push({ batch, delivery })
      pump()
    },
    idle() {
      return active || queue.length ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve()
    },
    close() {
      closed = true
      return this.idle()
    },
  }
}

function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).host : null
}
