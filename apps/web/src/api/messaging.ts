// Push registrations and Web Push (/messaging): the server's VAPID key, this browser's registration, a test push.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface PushReport {
  sent: number
  removed: number
  failed: number
}

export async function getVapidKey(): Promise<string> {
  return (await request<Ok<{ publicKey: string }>>("/messaging/vapid-key")).data.publicKey
}

/** Registers a browser's PushSubscription (as JSON) for the signed-in user. */
export async function registerPushSubscription(token: string): Promise<void> {
  await request("/messaging", { method: "POST", body: { token, channel: "web" }, quiet: true })
}

export async function removePushSubscription(token: string): Promise<void> {
  await request("/messaging", { method: "DELETE", body: { token, channel: "web" }, quiet: true })
}

/** A push to every web device of the user; how many took it. */
export async function sendTestPush(title: string, body: string): Promise<PushReport> {
  return (await request<Ok<PushReport>>("/messaging/test", { method: "POST", body: { title, body }, quiet: true })).data
}
