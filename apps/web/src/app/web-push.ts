// Web push registration after start-up (spec client §4 "Startup"): when a service worker runs, the server offers a
// VAPID key (WEB_PUSH_PUBLIC_KEY) and this browser already allows notifications, the push subscription is made (or
// the existing one kept) and sent to POST /messaging once per user and subscription. Start-up never asks for the
// permission itself: a prompt nobody asked for is refused, and browsers quiet sites that do it.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { request } from "../api/request.ts"
import { getStatusConfigs } from "../api/status.ts"
import { USER_ID_KEY } from "../db/keys.ts"
import { serviceWorkerSupported } from "../lib/service-worker-client.ts"

/** What was last sent, as `<user id> <subscription JSON>`: unchanged, nothing is sent again. */
const SENT_KEY = `${LOCAL_KEY_PREFIX}web_push`

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

/** Subscribes (without prompting) and registers the subscription; false when nothing could be done. */
export async function registerWebPush(registration: ServiceWorkerRegistration, publicKey: string): Promise<boolean> {
  const userId = localStorage.getItem(USER_ID_KEY)
  if (!publicKey || !userId || !("PushManager" in window) || Notification.permission !== "granted") return false
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
  await request("/messaging", { method: "POST", body: { token, channel: "web" }, quiet: true })
  localStorage.setItem(SENT_KEY, sent)
  return true
}

/**
 * After start-up, and when the user has just allowed notifications: registers when all it needs is there. Failures
 * (no push service reachable, the server refusing) are logged; the next start tries again.
 */
export async function startWebPush(): Promise<void> {
  if (!serviceWorkerSupported() || !("PushManager" in window) || Notification.permission !== "granted") return
  try {
    const registration = await navigator.serviceWorker.getRegistration("/")
    if (!registration?.active) return
    const { WEB_PUSH_PUBLIC_KEY } = await getStatusConfigs()
    await registerWebPush(registration, WEB_PUSH_PUBLIC_KEY)
  } catch (error) {
    console.warn("Web push registration failed", error)
  }
}
