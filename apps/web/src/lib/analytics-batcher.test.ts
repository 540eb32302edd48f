// The batcher that posts usage events to the server's own analytics call: batches, the beacon on page hide, and
// nothing at all while (or once) sendAnonymousData is off.
import { describe, expect, it } from "vitest"
import { type AnalyticsPayload, BATCH_DELAY_MS, BATCH_MAX_EVENTS, createBatcher } from "./analytics-tracker.ts"

function setUp() {
  const state = { enabled: true, beaconOk: true }
  const sent: AnalyticsPayload[] = []
  const beaconed: AnalyticsPayload[] = []
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = []
  const batcher = createBatcher({
    enabled: () => state.enabled,
    clientId: () => "client-1",
    sessionId: () => "session-1",
    userId: () => "user-1",
    userProperties: () => ({ build_type: "web" }),
    send: async (body) => {
      sent.push(JSON.parse(body))
    },
    beacon: (body) => {
      if (state.beaconOk) beaconed.push(JSON.parse(body))
      return state.beaconOk
    },
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
  })
  const fire = () => {
    for (const t of timers.splice(0)) if (!t.cancelled) t.run()
  }
  return { state, sent, beaconed, timers, batcher, fire }
}

describe("analytics batcher", () => {
  it("posts the events queued within the delay as one batch in the spec's shape", async () => {
    const { sent, timers, batcher, fire } = setUp()
    batcher.track("app_init")
    batcher.track("subscribe", { view: 2 })
    expect(sent).toEqual([])
    expect(timers.map((t) => t.ms)).toEqual([BATCH_DELAY_MS])
    fire()
    await Promise.resolve()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toEqual({
      client_id: "client-1",
      user_id: "user-1",
      events: [
        { name: "app_init", params: { event_code: 1003, session_id: "session-1", engagement_time_msec: 1000 } },
        {
          name: "subscribe",
          params: { view: 2, event_code: 3002, session_id: "session-1", engagement_time_msec: 1000 },
        },
      ],
      user_properties: { build_type: { value: "web" } },
    })
  })

  it("posts at once when a batch is full", async () => {
    const { sent, batcher } = setUp()
    for (let i = 0; i < BATCH_MAX_EVENTS; i++) batcher.track("navigate_entry")
    await Promise.resolve()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.events).toHaveLength(BATCH_MAX_EVENTS)
    expect(batcher.pending()).toBe(0)
  })

  it("hands what is queued to the beacon when the page is hidden, or posts it when the beacon refuses", async () => {
    const { state, sent, beaconed, batcher } = setUp()
    batcher.track("ai_chat_message_sent")
    batcher.flushByBeacon()
    expect(beaconed.map((b) => b.events.map((e) => e.params.event_code))).toEqual([[4000]])
    state.beaconOk = false
    batcher.track("search_open")
    batcher.flushByBeacon()
    await Promise.resolve()
    expect(sent.map((b) => b.events.map((e) => e.params.event_code))).toEqual([[2007]])
  })

  it("posts nothing while sendAnonymousData is off, and drops what was queued before it was turned off", async () => {
    const { state, sent, beaconed, batcher, fire } = setUp()
    state.enabled = false
    batcher.track("app_init")
    expect(batcher.pending()).toBe(0)
    state.enabled = true
    batcher.track("identify")
    state.enabled = false
    fire()
    batcher.flushByBeacon()
    await batcher.flush()
    expect(sent).toEqual([])
    expect(beaconed).toEqual([])
  })
})
