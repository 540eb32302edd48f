// Push registrations (GET, POST, DELETE /messaging): which devices of a user may be sent notifications. The web
// channel's token is a browser PushSubscription as JSON; it is checked so that delivery can rely on its shape.
// Delivery (push/): Web Push to a user's web registrations when an action rule's "notify" matches a new entry, when
// an AI task has a result, and on the user's own test (POST /messaging/test). Gone subscriptions are forgotten.
import { isIP } from "node:net"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse } from "../http.ts"
import { newId } from "../ids.ts"
import { type PushSubscriptionJson, sendPush, vapidSubject } from "../push/send.ts"
import { vapidKeys } from "../push/vapid.ts"
import { isPrivateAddress } from "../reader/guard.ts"
import {
  deleteMessagingByIds,
  deleteMessagingTokens,
  listMessagingTokens,
  listWebTokensOf,
  saveMessagingToken,
} from "../storage/messaging.ts"

export const MESSAGING_CHANNELS = ["macos", "windows", "linux", "ios", "android", "web", "desktop"] as const
/** Devices kept per user and channel; registering one more forgets the least recently registered. */
export const MESSAGING_TOKENS_PER_CHANNEL = 20
const TOKEN_MAX = 4096

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/)
const webSubscription = z.object({
  // http only reaches a push service on the LAN or loopback, which ALLOW_PRIVATE_NETWORK must allow (checked below).
  endpoint: z.url({ protocol: /^https?$/ }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.min(16).max(200), auth: base64url.min(8).max(100) }),
})

export const registerInput = z
  .object({ token: z.string().min(1).max(TOKEN_MAX), channel: z.enum(MESSAGING_CHANNELS) })
  .superRefine((input, ctx) => {
    if (input.channel !== "web") return
    let json: unknown
    try {
      json = JSON.parse(input.token)
    } catch {
      json = undefined
    }
    if (!webSubscription.safeParse(json).success)
      ctx.addIssue({ code: "custom", path: ["token"], message: "A web push subscription as JSON is expected" })
  })

export const removeInput = z.object({
  channel: z.enum(MESSAGING_CHANNELS),
  token: z.string().min(1).max(TOKEN_MAX).optional(),
})

export async function listDevices(deps: Deps, userId: string) {
  const rows = await listMessagingTokens(deps.db, userId)
  return rows.map((row) => ({
    userId: row.userId,
    token: row.token,
    channel: row.channel,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
}

export async function registerDevice(deps: Deps, userId: string, body: unknown): Promise<void> {
  const input = parse(registerInput, body)
  if (input.channel === "web") {
    const endpoint = new URL((JSON.parse(input.token) as PushSubscriptionJson).endpoint)
    // Plain http only to a push service on the LAN or loopback (a stand-in), and only where those are allowed.
    const host = endpoint.hostname.replace(/^\[|\]$/g, "")
    const local = host === "localhost" || (isIP(host) !== 0 && isPrivateAddress(host))
    if (endpoint.protocol !== "https:" && !(local && deps.config.ALLOW_PRIVATE_NETWORK))
      throw new AppError(ErrorCode.InvalidInput, {
        reason: "token: A push endpoint must be an https URL",
        data: [{ path: "token", message: "A push endpoint must be an https URL", code: "custom" }],
      })
  }
  await saveMessagingToken(
    deps.db,
    { id: newId(), userId, token: input.token, channel: input.channel, now: deps.now() },
    MESSAGING_TOKENS_PER_CHANNEL,
  )
}

export async function removeDevices(deps: Deps, userId: string, body: unknown): Promise<void> {
  const input = parse(removeInput, body)
  await deleteMessagingTokens(deps.db, userId, input.channel, input.token)
}

/**
 * What a notice is about, sent along so that each device applies its own choices (settings › notifications: new
 * entries, inbox entries); task results and tests are always shown.
 */
export type PushKind = "entry" | "inbox" | "task" | "test"

/** What a notification shows, and where a click on it leads (a path of the web client). */
export interface PushNotice {
  userId: string
  kind: PushKind
  title: string
  body: string
  /** A path of this server's web client, e.g. an entry's timeline route. */
  url: string
  /** Notifications with the same tag replace each other on a device. */
  tag?: string
}

export interface PushReport {
  sent: number
  removed: number
  failed: number
}

const PUSH_CONCURRENCY = 4
const TITLE_MAX = 200
const BODY_MAX = 1000

/** The VAPID public key browsers subscribe with (made on the server's first start). */
export async function pushPublicKey(deps: Deps): Promise<string> {
  return (await vapidKeys(deps.db)).publicKey
}

/**
 * Sends each notice to every web registration of its user, a few at a time; registrations the push service calls
 * gone (404, 410) are deleted in one statement. Never throws for a delivery: failures are counted and logged with
 * no endpoint (endpoints are capabilities).
 */
export async function deliverPush(deps: Deps, notices: PushNotice[]): Promise<PushReport> {
  const report: PushReport = { sent: 0, removed: 0, failed: 0 }
  if (!notices.length) return report
  const rows = await listWebTokensOf(deps.db, [...new Set(notices.map((n) => n.userId))])
  if (!rows.length) return report
  const keys = await vapidKeys(deps.db)
  const options = {
    allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK,
    subject: vapidSubject(deps.config.BASE_URL, deps.config.MAIL_FROM),
    now: deps.now(),
  }
  const jobs: { id: string; subscription: PushSubscriptionJson; payload: unknown }[] = []
  for (const notice of notices) {
    const payload = {
      kind: notice.kind,
      title: notice.title.slice(0, TITLE_MAX),
      body: notice.body.slice(0, BODY_MAX),
      url: notice.url,
      ...(notice.tag ? { tag: notice.tag } : {}),
    }
    for (const row of rows)
      if (row.userId === notice.userId) {
        const subscription = parseSubscription(row.token)
        if (subscription) jobs.push({ id: row.id, subscription, payload })
      }
  }
  const gone = new Set<string>()
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!
      if (gone.has(job.id)) continue
      const outcome = await sendPush(job.subscription, job.payload, keys, options)
      if (outcome.kind === "sent") report.sent++
      else if (outcome.kind === "gone") gone.add(job.id)
      else {
        report.failed++
        deps.log.warn("web push failed", { host: new URL(job.subscription.endpoint).host, error: outcome.reason })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, jobs.length) }, worker))
  await deleteMessagingByIds(deps.db, [...gone])
  report.removed = gone.size
  return report
}

/** Delivery beside the caller (an ingest, a task run): returns at once; a failure is logged, never thrown. */
export function deliverPushLater(deps: Deps, notices: PushNotice[]): void {
  if (!notices.length) return
  deliverPush(deps, notices).catch((error: unknown) =>
    deps.log.warn("web push not sent", { error: error instanceof Error ? error.message : String(error) }),
  )
}

/** POST /messaging/test: a notification to the user's own web devices; how many took it. */
export async function sendTestNotification(deps: Deps, userId: string, body: unknown): Promise<PushReport> {
  const input = parse(testInput, body ?? {})
  return deliverPush(deps, [
    {
      userId,
      kind: "test",
      title: input.title ?? "Tidings",
      body: input.body ?? "Notifications reach this device.",
      url: "/settings/notifications",
      tag: "tidings-test",
    },
  ])
}

const testInput = z.object({ title: z.string().max(TITLE_MAX).optional(), body: z.string().max(BODY_MAX).optional() })

function parseSubscription(token: string): PushSubscriptionJson | undefined {
  try {
    const json = JSON.parse(token) as PushSubscriptionJson
    return webSubscription.safeParse(json).success ? json : undefined
  } catch {
    return undefined
  }
}
