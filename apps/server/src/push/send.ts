// Sending Web Push messages: each subscription's endpoint gets an encrypted body (encrypt.ts) and a VAPID JWT
// (vapid.ts) in one POST, under the feed fetcher's SSRF rules (loopback and private addresses only with
// ALLOW_PRIVATE_NETWORK), with a time-out and no redirects followed. 404 and 410 mean the subscription is gone.
import { APP_VERSION } from "@tidings/shared"
import { Agent, request } from "undici"
import { assertPublicHost, guardedLookup } from "../reader/guard.ts"
import { describeNetworkError } from "../reader/network-error.ts"
import { encryptPayload, type SubscriberKeys } from "./encrypt.ts"
import { type VapidKeys, vapidAuthorization } from "./vapid.ts"

export interface PushSubscriptionJson {
  endpoint: string
  keys: SubscriberKeys
}

export interface PushOptions {
  allowPrivate: boolean
  /** The contact named in the VAPID JWT: an https URL or a mailto: address. */
  subject: string
  now: Date
  timeoutMs?: number
  /** Seconds the push service keeps an undelivered message. */
  ttl?: number
}

/** sent: the push service took it; gone: the subscription no longer exists (404/410); failed: anything else. */
export type PushOutcome = { kind: "sent" } | { kind: "gone" } | { kind: "failed"; reason: string }

const TIMEOUT_MS = 10_000
const agentOptions = { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, connections: 8 }
const guardedAgent = new Agent({ ...agentOptions, connect: { lookup: guardedLookup } })
const openAgent = new Agent(agentOptions)

/** Sends one message to one subscription; never throws. Reasons name no URL (endpoints are capabilities). */
export async function sendPush(
  subscription: PushSubscriptionJson,
  payload: unknown,
  keys: VapidKeys,
  options: PushOptions,
): Promise<PushOutcome> {
  const target = URL.canParse(subscription.endpoint) ? new URL(subscription.endpoint) : undefined
  if (!target || !(target.protocol === "https:" || (options.allowPrivate && target.protocol === "http:")))
    return { kind: "failed", reason: "Not a push endpoint URL" }
  try {
    if (!options.allowPrivate) assertPublicHost(target)
    const body = encryptPayload(subscription.keys, Buffer.from(JSON.stringify(payload)))
    const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)
    const response = await request(target, {
      method: "POST",
      headers: {
        authorization: vapidAuthorization(keys, target.href, options.subject, options.now),
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(options.ttl ?? 24 * 3600),
        urgency: "normal",
        "user-agent": `Tidings/${APP_VERSION} (web push)`,
      },
      body,
      signal,
      dispatcher: options.allowPrivate ? openAgent : guardedAgent,
    })
    await response.body.dump({ limit: 16 * 1024, signal })
    if (response.statusCode === 404 || response.statusCode === 410) return { kind: "gone" }
    if (response.statusCode < 200 || response.statusCode >= 300)
      return { kind: "failed", reason: `HTTP ${response.statusCode}` }
    return { kind: "sent" }
  } catch (error) {
    return { kind: "failed", reason: describeNetworkError(error, "Delivery failed") }
  }
}

/** The VAPID contact: the server's own https address, else the mail sender's address. */
export function vapidSubject(baseUrl: string, mailFrom: string): string {
  if (baseUrl.startsWith("https://")) return new URL(baseUrl).origin
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}
