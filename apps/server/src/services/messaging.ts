// Push registrations (GET, POST, DELETE /messaging): which devices of a user may be sent notifications. The web
// channel's token is a browser PushSubscription as JSON; it is checked so that delivery can rely on its shape.
// Sending itself comes later (with the accounts work); this keeps the registrations, per user.
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { parse } from "../http.ts"
import { newId } from "../ids.ts"
import { deleteMessagingTokens, listMessagingTokens, saveMessagingToken } from "../storage/messaging.ts"

export const MESSAGING_CHANNELS = ["macos", "windows", "linux", "ios", "android", "web", "desktop"] as const
/** Devices kept per user and channel; registering one more forgets the least recently registered. */
export const MESSAGING_TOKENS_PER_CHANNEL = 20
const TOKEN_MAX = 4096

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/)
const webSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/ }),
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
