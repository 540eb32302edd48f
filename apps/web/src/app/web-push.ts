// Web push registration after start-up (spec client §4 "Startup"): when a service worker runs, the server offers a
// VAPID key (WEB_PUSH_PUBLIC_KEY) and this browser already allows notifications, the push subscription is made (or
// the existing one kept) and sent to POST /messaging once per user and subscription. Start-up never asks for the
// permission itself: a prompt nobody asked for is refused, and browsers quiet sites that do it. Settings ›
// notifications turns Web Push on (asking then) or off for this browser; off is remembered, and start-up respects it.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import i18next from "i18next"
import { getVapidKey, registerPushSubscription, removePushSubscription } from "../api/messaging.ts"
import { getStatusConfigs } from "../api/status.ts"
import { USER_ID_KEY } from "../db/keys.ts"
import { serviceWorkerSupported } from "../lib/service-worker-client.ts"
import { toast } from "../lib/toast.ts"
import type { PushInPage } from "../sw/push-choices.ts"

/** What was last sent, as `<user id> <subscription JSON>`: unchanged, nothing is sent again. */
const SENT_KEY = `${LOCAL_KEY_PREFIX}web_push`
/** Set when the user turned Web Push off on this browser: start-up then subscribes nothing. */
const OFF_KEY = `${LOCAL_KEY_PREFIX}web_push_off`

/** A VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(key.length / 4) * 4, "=")
  const binary = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}

/**
 * The notification permission as the Permissions API reports it (it follows the site settings, where some browsers'
 * Notification.permission lags or, headless, always reads "denied"); the Notification API's answer otherwise.
 */
async function permissionNow(): Promise<NotificationPermission> {
  try {
    const status = await navigator.permissions.query({ name: "notifications" })
    return status.state === "prompt" ? "default" : status.state
  } catch {
    return Notification.permission
  }
}

/** Subscribes (without prompting) and registers the subscription; false when nothing could be done. */
export async function registerWebPush(registration: ServiceWorkerRegistration, publicKey: string): Promise<boolean> {
  const userId = localStorage.getItem(USER_ID_KEY)
  if (!publicKey || !userId || !("PushManager" in window) || (await permissionNow()) !== "granted") return false
  const key = vapidKeyBytes(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  // The server changed its key: the old subscription can no longer be used by it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  const token = JSON.stringify(subscription.toJSON())
  const sent = `${userId} ${token}`
  if (localStorage.getItem(SENT_KEY) === sent) return true
  await registerPushSubscription(token)
  localStorage.setItem(SENT_KEY, sent)
  return true
}

/**
 * After start-up, and when the user has just allowed notifications: registers when all it needs is there. Failures
 * (no push service reachable, the server refusing) are logged; the next start tries again.
 */
export async function startWebPush(): Promise<void> {
  // The worker's copy of this device's notification choices (a reset of the local data may have removed it).
  void import("../features/settings/notification-choices.ts").then((choices) => choices.savePushChoices())
  if (!serviceWorkerSupported() || !("PushManager" in window) || localStorage.getItem(OFF_KEY)) return
  if ((await permissionNow()) !== "granted") return
  try {
    const registration = await navigator.serviceWorker.getRegistration("/")
    if (!registration?.active) return
    const { WEB_PUSH_PUBLIC_KEY } = await getStatusConfigs()
    await registerWebPush(registration, WEB_PUSH_PUBLIC_KEY)
  } catch (error) {
    console.warn("Web push registration failed", error)
  }
}

/** This browser's push subscription, if its service worker has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!serviceWorkerSupported() || !("PushManager" in window)) return null
  const registration = await navigator.serviceWorker.getRegistration("/")
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Whether Web Push is on for this browser: a subscription exists and the user has not turned it off here. */
export async function webPushOn(): Promise<boolean> {
  return !localStorage.getItem(OFF_KEY) && (await currentPushSubscription()) !== null
}

export type EnableResult = "on" | "denied" | "no-worker"

/** Turns Web Push on here: asks for the permission if need be, subscribes with the server's key and registers. */
export async function enableWebPush(): Promise<EnableResult> {
  if (!serviceWorkerSupported() || !("PushManager" in window)) return "no-worker"
  const current = await permissionNow()
  const permission = current === "default" ? await Notification.requestPermission() : current
  if (permission !== "granted") return "denied"
  const registration = await navigator.serviceWorker.getRegistration("/")
  if (!registration?.active) return "no-worker"
  localStorage.removeItem(OFF_KEY)
  // Sent again even if unchanged: the server may have forgotten it (a push service answered 410).
  localStorage.removeItem(SENT_KEY)
  await registerWebPush(registration, await getVapidKey())
  return "on"
}

/** Turns Web Push off here: the subscription is dropped, the server forgets it, and start-up will not renew it. */
export async function disableWebPush(): Promise<void> {
  localStorage.setItem(OFF_KEY, "1")
  localStorage.removeItem(SENT_KEY)
  const subscription = await currentPushSubscription()
  if (!subscription) return
  const token = JSON.stringify(subscription.toJSON())
  await subscription.unsubscribe()
  await removePushSubscription(token)
}

/**
 * Pushes the worker hands to this page because it is visible and the reader wants system notifications only while
 * Tidings is hidden: shown as a toast that opens what the push is about.
 */
export function showPushesInPage(navigate: (path: string) => void): void {
  if (!serviceWorkerSupported()) return
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const push = event.data as Partial<PushInPage> | undefined
    if (push?.type !== "TIDINGS_PUSH" || typeof push.url !== "string" || !push.url.startsWith("/")) return
    const url = push.url
    toast(push.title ?? "Tidings", {
      description: push.body || undefined,
      action: { label: i18next.t("common:actions.open"), onClick: () => navigate(url) },
    })
  })
}
