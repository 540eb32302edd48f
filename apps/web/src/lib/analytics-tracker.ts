// Anonymous usage events (spec client §7 and §9), sent only while the user leaves "send anonymous data" on. By default
// to the server's own POST /analytics/events, batched (createBatcher): a batch goes when it is full, a few seconds
// after its first event, or by sendBeacon when the page is hidden. When the server names another endpoint
// (ANALYTICS_URL, via /status/configs), one POST per event in the spec's shape (createTracker); the answer is not
// read; a failed send is retried twice, 1 s then 2 s later.

/** The spec's tracked event codes (§9 "Tracked event codes"), by the name the payload carries. */
export const TRACKED_EVENTS = {
  identify: 1000,
  user_login: 1001,
  ui_render_init: 1002,
  app_init: 1003,
  navigate_entry: 2000,
  boost_sent: 2001,
  integration: 2002,
  daily_report_modal: 2003,
  switch_to_masonry: 2004,
  wide_mode: 2005,
  gallery_click: 2006,
  search_open: 2007,
  quick_add_feed: 2008,
  player_open_duration: 2009,
  update_restart: 2010,
  tip_modal_open: 2011,
  feed_claimed: 2012,
  daily_reward_claimed: 2013,
  tip_sent: 2014,
  subscribe_modal_open: 2015,
  register: 3000,
  onboarding: 3001,
  subscribe: 3002,
  ai_chat_message_sent: 4000,
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

/** Events a batch holds at most, and how long the first event of a batch waits for others. */
export const BATCH_MAX_EVENTS = 20
export const BATCH_DELAY_MS = 5000

export interface BatcherDeps extends Omit<TrackerDeps, "endpoint" | "send" | "wait"> {
  /** Posts a batch (with the session's cookie); failures are dropped: usage counts are not worth a retry. */
  send: (body: string) => Promise<void>
  /** Hands a batch to the browser to post after the page is gone (navigator.sendBeacon); false when refused. */
  beacon: (body: string) => boolean
  schedule: (run: () => void, ms: number) => () => void
}

/** Queues events and posts them together to the server's own analytics call. */
export function createBatcher(deps: BatcherDeps) {
  let queue: AnalyticsPayload["events"] = []
  let cancel: (() => void) | undefined

  function take(): string | undefined {
    cancel?.()
    cancel = undefined
    const events = queue
    queue = []
    // Turned off since the events were queued: they are dropped, not sent.
    if (!events.length || !deps.enabled()) return undefined
    const properties = Object.entries(deps.userProperties()).map(([key, value]) => [key, { value }])
    const payload: AnalyticsPayload = {
      client_id: deps.clientId(),
      user_id: deps.userId(),
      events,
      user_properties: Object.fromEntries(properties),
    }
    return JSON.stringify(payload)
  }

  const batcher = {
    track(name: TrackedEvent, params: EventParams = {}): void {
      if (!deps.enabled()) return
      queue.push({
        name,
        params: {
          ...params,
          event_code: TRACKED_EVENTS[name],
          session_id: deps.sessionId(),
          engagement_time_msec: ENGAGEMENT_TIME_MSEC,
        },
      })
      if (queue.length >= BATCH_MAX_EVENTS) void batcher.flush()
      else cancel ??= deps.schedule(() => void batcher.flush(), BATCH_DELAY_MS)
    },
    /** Posts what is queued now; resolves when sent or dropped, never rejects. */
    async flush(): Promise<void> {
      const body = take()
      if (body) await deps.send(body).catch(() => undefined)
    },
    /** The page is being hidden: what is queued goes by beacon, which outlives the page. */
    flushByBeacon(): void {
      const body = take()
      if (body && !deps.beacon(body)) void deps.send(body).catch(() => undefined)
    },
    pending: () => queue.length,
  }
  return batcher
}
