// The app's usage events, only while the user's sendAnonymousData is on: by default batched to the server's own
// POST /analytics/events (same origin, with the session; the server keeps daily counts only), flushed by sendBeacon
// when the page is hidden. When the server names another ANALYTICS_URL (learnt from /status/configs), each event
// goes there instead, fire-and-forget without CORS (spec: the answer is not read).
import { APP_VERSION } from "@tidings/shared"
import { clientHeaders } from "../api/client-ids.ts"
import { buildUrl } from "../api/request.ts"
import { useSessionStore } from "../stores/session-store.ts"
import { useSettingsStore } from "../stores/settings-store.ts"
import { createBatcher, createTracker, type EventParams, type TrackedEvent } from "./analytics-tracker.ts"

/** undefined until /status/configs answers; "" means the server's own analytics call. */
let endpoint: string | undefined

export function setAnalyticsEndpoint(url: string | undefined): void {
  endpoint = url ?? ""
}

const common = {
  enabled: () => useSettingsStore.getState().general.sendAnonymousData,
  clientId: () => clientHeaders()["X-Client-Id"],
  sessionId: () => clientHeaders()["X-Session-Id"],
  userId: () => useSessionStore.getState().whoami?.id,
  // Spec §9 start-up tags: build type, version and the browser's language.
  userProperties: () => ({ build_type: "web", version: APP_VERSION, language: navigator.language }),
}

const tracker = createTracker({
  ...common,
  endpoint: () => endpoint || undefined,
  send: async (url, body) => {
    await fetch(url, {
      method: "POST",
      mode: "no-cors",
      keepalive: true,
      credentials: "omit",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body,
    })
  },
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
})

const OWN_ENDPOINT = "/analytics/events"

// Events count only for a signed-in user (the server stores them against the session's setting): a batch is posted
// once someone is signed in (start-up events wait for that in the queue, a few seconds at most).
const signedIn = () => Boolean(common.userId())

const batcher = createBatcher({
  ...common,
  send: async (body) => {
    if (!signedIn()) return
    await fetch(buildUrl(OWN_ENDPOINT), {
      method: "POST",
      credentials: "include",
      keepalive: true,
      headers: { "content-type": "application/json", ...clientHeaders() },
      body,
    })
  },
  beacon: (body) =>
    !signedIn() ||
    (typeof navigator.sendBeacon === "function" &&
      navigator.sendBeacon(buildUrl(OWN_ENDPOINT), new Blob([body], { type: "application/json" }))),
  schedule: (run, ms) => {
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  },
})

if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") batcher.flushByBeacon()
  })
  window.addEventListener("pagehide", () => batcher.flushByBeacon())
}

export function track(name: TrackedEvent, params?: EventParams): void {
  if (endpoint === undefined) return
  if (endpoint) void tracker.track(name, params)
  else batcher.track(name, params)
}
