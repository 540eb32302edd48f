// The page's side of the service worker (src/sw/sw.ts): registered after the first screen in production builds,
// the "new version" toast when an update waits, one reload once the user lets it take over, and the calls the
// image cache settings make. The worker's own messages are in src/sw/protocol.ts.
import i18next from "i18next"
import type { Workbox } from "workbox-window"
import { track } from "../lib/analytics.ts"
import { serviceWorkerSupported } from "../lib/service-worker-client.ts"
import { toast } from "../lib/toast.ts"

const SW_URL = "/sw.js"
/** How often an open app asks whether a new version was deployed (also on every return to the tab after it). */
const UPDATE_CHECK_MS = 60 * 60 * 1000
const UPDATE_TOAST_ID = "app-update"

let started: Promise<Workbox | undefined> | undefined

/** Registers the worker once; resolves to undefined where there is none (development, old browsers). */
export function startServiceWorker(): Promise<Workbox | undefined> {
  started ??= register().catch((error: unknown) => {
    console.warn("The service worker could not be registered", error)
    return undefined
  })
  return started
}

async function register(): Promise<Workbox | undefined> {
  if (!serviceWorkerSupported()) return undefined
  const { Workbox } = await import("workbox-window")
  const wb = new Workbox(SW_URL, { scope: "/" })
  wb.addEventListener("waiting", () => offerUpdate(wb))
  wb.addEventListener("controlling", (event) => {
    // The new version took over (this tab or another one asked): run its code, once.
    if (event.isUpdate) window.location.reload()
    else void cacheWhatLoaded(wb)
  })
  await wb.register()
  // A page opened while already controlled may have loaded screens the worker has not seen (a worker that was
  // updated, or cleared): hand them over too. Cheap: the worker skips what it has.
  if (navigator.serviceWorker.controller) void cacheWhatLoaded(wb)
  let checkedAt = Date.now()
  const check = () => {
    if (Date.now() - checkedAt < UPDATE_CHECK_MS) return
    checkedAt = Date.now()
    void wb.update()
  }
  setInterval(check, UPDATE_CHECK_MS)
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && check())
  return wb
}

function offerUpdate(wb: Workbox) {
  toast(i18next.t("app:update.available"), {
    id: UPDATE_TOAST_ID,
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: i18next.t("app:update.reload"),
      // The worker activates, takes this page ("controlling" above) and the page reloads.
      onClick: () => {
        track("update_restart")
        wb.messageSkipWaiting()
      },
    },
  })
}

/**
 * The code this page loaded before the worker controlled it (the first visit): the worker keeps it, so the screens
 * used so far open offline. Entry images are left to the worker's own cache as they are shown.
 */
async function cacheWhatLoaded(wb: Workbox) {
  const urlsToCache = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`))
  if (urlsToCache.length) await wb.messageSW({ type: "CACHE_URLS", payload: { urlsToCache } })
}
