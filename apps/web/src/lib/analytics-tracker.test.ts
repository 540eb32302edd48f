// The tracker against a real HTTP server on loopback: what is posted, when nothing is, and the retries.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { type AnalyticsPayload, createTracker, type TrackerDeps } from "./analytics-tracker.ts"

let server: Server
let endpoint = ""
let received: AnalyticsPayload[] = []
/** The next requests the stand-in refuses by closing the connection (a network failure to the client). */
let dropNext = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = ""
    req.on("data", (chunk) => {
      text += chunk
    })
    req.on("end", () => {
      if (dropNext > 0) {
        dropNext--
        req.socket.destroy()
        return
      }
      received.push(JSON.parse(text))
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/collect`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  received = []
  dropNext = 0
})

function tracker(overrides: Partial<TrackerDeps> = {}) {
  const waits: number[] = []
  const deps: TrackerDeps = {
    endpoint: () => endpoint,
    enabled: () => true,
    clientId: () => "client-1",
    sessionId: () => "session-1",
    userId: () => "user-1",
    userProperties: () => ({ build: "web", version: "0.7.0" }),
    send: async (url, body) => {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "text/plain" }, body })
      await res.arrayBuffer()
    },
    wait: async (ms) => {
      waits.push(ms)
    },
    ...overrides,
  }
  return { track: createTracker(deps).track, waits }
}

describe("analytics tracker", () => {
  it("posts an event in the spec's shape", async () => {
    await tracker().track("subscribe", { view: 0 })
    expect(received).toEqual([
      {
        client_id: "client-1",
        user_id: "user-1",
        events: [
          {
            name: "subscribe",
            params: { view: 0, event_code: 3002, session_id: "session-1", engagement_time_msec: 1000 },
          },
        ],
        user_properties: { build: { value: "web" }, version: { value: "0.7.0" } },
      },
    ])
  })

  it("sends nothing while the setting is off, and again once it is on", async () => {
    let on = false
    const { track } = tracker({ enabled: () => on })
    await track("app_init")
    expect(received).toEqual([])
    on = true
    await track("app_init")
    expect(received.map((p) => p.events[0].name)).toEqual(["app_init"])
  })

  it("sends nothing when the server names no endpoint", async () => {
    await tracker({ endpoint: () => undefined }).track("app_init")
    await tracker({ endpoint: () => "" }).track("app_init")
    expect(received).toEqual([])
  })

  it("retries a failed send twice, 1 s then 2 s later, then gives up", async () => {
    dropNext = 2
    const first = tracker()
    await first.track("user_login")
    expect(first.waits).toEqual([1000, 2000])
    expect(received.map((p) => p.events[0].name)).toEqual(["user_login"])

    dropNext = 3
    const second = tracker()
    await second.track("register")
    expect(second.waits).toEqual([1000, 2000])
    expect(received.map((p) => p.events[0].name)).toEqual(["user_login"])
  })
})
