// The app's tracker: events go to the server's ANALYTICS_URL (learnt from /status/configs) while the user's
// sendAnonymousData is on. The request is fire-and-forget (spec: the answer is not read), so it goes without CORS.
import { APP_VERSION } from "@tidings/shared"
import { clientHeaders } from "../api/client-ids.ts"
import { useSessionStore } from "../stores/session-store.ts"
import { useSettingsStore } from "../stores/settings-store.ts"
import { createTracker, type EventParams, type TrackedEvent } from "./analytics-tracker.ts"

let endpoint: string | undefined

export function setAnalyticsEndpoint(url: string | undefined): void {
  endpoint = url || undefined
}

const tracker = createTracker({
  endpoint: () => endpoint,
  enabled: () => useSettingsStore.getState().general.sendAnonymousData,
  clientId: () => clientHeaders()["X-Client-Id"],
  sessionId: () => clientHeaders()["X-Session-Id"],
  userId: () => useSessionStore.getState().whoami?.id,
  // Spec §9 start-up tags: build type, version and the browser's language.
  userProperties: () => ({ build_type: "web", version: APP_VERSION, language: navigator.language }),
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

export function track(name: TrackedEvent, params?: EventParams): void {
  void tracker.track(name, params)
}
