// Anonymous usage events (spec client §7 and §9): sent only when the server names an analytics endpoint
// (ANALYTICS_URL, via /status/configs) and the user leaves "send anonymous data" on. One POST per event in the
// spec's shape; the answer is not read; a failed send is retried twice, 1 s then 2 s later.

/** The spec's tracked event codes (§9 "Tracked event codes"), by the name the payload carries. */
export const TRACKED_EVENTS = {
  identify: 1000,
  user_login: 1001,
  ui_render_init: 1002,
  app_init: 1003,
  navigate_entry: 2000,
  search_open: 2007,
  quick_add_feed: 2008,
  register: 3000,
  onboarding: 3001,
  subscribe: 3002,
} as const

export type TrackedEvent = keyof typeof TRACKED_EVENTS
export type EventParams = Record<string, string | number | boolean>

/** The spec fixes engagement time per event at 1000 ms. */
export const ENGAGEMENT_TIME_MSEC = 1000
export const RETRY_DELAYS_MS = [1000, 2000]

export interface TrackerDeps {
  /** The endpoint, or undefined while unknown or when the server collects nothing. */
  endpoint: () => string | undefined
  /** The user's sendAnonymousData, read at each event so turning it off stops sending at once. */
  enabled: () => boolean
  clientId: () => string
  sessionId: () => string
  userId: () => string | undefined
  userProperties: () => Record<string, string>
  send: (url: string, body: string) => Promise<void>
  wait: (ms: number) => Promise<void>
}

export interface AnalyticsPayload {
  client_id: string
  user_id?: string
  events: { name: string; params: EventParams & { session_id: string; engagement_time_msec: number } }[]
  user_properties: Record<string, { value: string }>
}

export function analyticsPayload(deps: TrackerDeps, name: TrackedEvent, params: EventParams): AnalyticsPayload {
  const properties = Object.entries(deps.userProperties()).map(([key, value]) => [key, { value }])
  return {
    client_id: deps.clientId(),
    user_id: deps.userId(),
    events: [
      {
        name,
        params: {
          ...params,
          event_code: TRACKED_EVENTS[name],
          session_id: deps.sessionId(),
          engagement_time_msec: ENGAGEMENT_TIME_MSEC,
        },
      },
    ],
    user_properties: Object.fromEntries(properties),
  }
}

export function createTracker(deps: TrackerDeps) {
  return {
    /** Resolves once the event is sent, given up, or not to be sent at all; never rejects. */
    async track(name: TrackedEvent, params: EventParams = {}): Promise<void> {
      const endpoint = deps.endpoint()
      if (!endpoint || !deps.enabled()) return
      const body = JSON.stringify(analyticsPayload(deps, name, params))
      for (let attempt = 0; ; attempt++) {
        try {
          return await deps.send(endpoint, body)
        } catch {
          const delay = RETRY_DELAYS_MS[attempt]
          if (delay === undefined) return
          await deps.wait(delay)
        }
      }
    },
  }
}
