// Connectivity (spec client §4 "Connectivity", §8): real requests through the request layer to a loopback server.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { QueryClient, QueryObserver } from "@tanstack/react-query"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { memoryStorage } from "../test/fixtures.ts"

let server: Server
let origin: string

beforeAll(async () => {
  server = createServer((req, res) => {
    // The connection drops before any answer.
    if (req.url === "/drop") return void req.socket.destroy()
    // A session that has ended, answering late.
    if (req.url === "/expired") {
      setTimeout(() => res.writeHead(401, { "content-type": "application/json" }).end('{"code":1,"message":"no"}'), 100)
      return
    }
    res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" })
    res.end(JSON.stringify(req.url === "/missing" ? { code: 1, message: "nope" } : { code: 0, data: {} }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  Object.assign(globalThis, { localStorage: memoryStorage(), sessionStorage: memoryStorage() })
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  vi.unstubAllEnvs()
})

async function setUp(apiBase: string, browserOnline: { value: boolean }) {
  vi.resetModules()
  vi.stubEnv("VITE_API_URL", apiBase)
  const { installApiEvents } = await import("./api-events.tsx")
  const { request } = await import("../api/request.ts")
  const { useNetworkStore } = await import("../stores/network-store.ts")
  const events = new EventTarget()
  installApiEvents({
    queryClient: new QueryClient(),
    navigate: () => {},
    currentPath: () => "/",
    browser: { events, online: () => browserOnline.value },
  })
  return { request, events, online: () => useNetworkStore.getState().online }
}

describe("connectivity", () => {
  it("goes offline when a request gets no answer while the browser says online, and back on any answer", async () => {
    const browser = { value: true }
    const app = await setUp(origin, browser)
    expect(app.online()).toBe(true)
    await expect(app.request("/drop")).rejects.toMatchObject({ kind: "network", status: 0 })
    expect(app.online()).toBe(false)
    // Any answer, even an error, means the server is reachable.
    await expect(app.request("/missing", { quiet: true })).rejects.toMatchObject({ status: 404 })
    expect(app.online()).toBe(true)
  })

  it("follows the browser's online and offline events", async () => {
    const browser = { value: true }
    const app = await setUp(origin, browser)
    browser.value = false
    app.events.dispatchEvent(new Event("offline"))
    expect(app.online()).toBe(false)
    // An answer to a call sent before the connection dropped does not hide what the browser reports.
    await app.request("/reads")
    expect(app.online()).toBe(false)
    browser.value = true
    app.events.dispatchEvent(new Event("online"))
    expect(app.online()).toBe(true)
  })
})

describe("coming back online", () => {
  it("asks again for what the screen shows that is out of date, and only that", async () => {
    vi.resetModules()
    vi.stubEnv("VITE_API_URL", origin)
    const { installApiEvents } = await import("./api-events.tsx")
    const queryClient = new QueryClient()
    const events = new EventTarget()
    installApiEvents({
      queryClient,
      navigate: () => {},
      currentPath: () => "/",
      browser: { events, online: () => true },
    })
    const asked: string[] = []
    const watch = (key: string, staleTime: number) =>
      new QueryObserver(queryClient, {
        queryKey: [key],
        queryFn: async () => {
          asked.push(key)
          return key
        },
        staleTime,
        // As at an offline start: the screen shows the restored data without having asked yet.
        refetchOnMount: false,
      }).subscribe(() => {})
    // As restored from the local copy at an offline start: old data, shown on screen.
    queryClient.setQueryData(["session"], "restored", { updatedAt: 1 })
    queryClient.setQueryData(["fresh"], "fresh", { updatedAt: Date.now() })
    queryClient.setQueryData(["hidden"], "restored", { updatedAt: 1 })
    const stop = [watch("session", 60_000), watch("fresh", 60_000)]
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(asked).toEqual([])
    events.dispatchEvent(new Event("online"))
    await vi.waitFor(() => expect(asked).toEqual(["session"]))
    for (const unsubscribe of stop) unsubscribe()
  })
})

describe("a 401", () => {
  async function withNavigation() {
    vi.resetModules()
    vi.stubEnv("VITE_API_URL", origin)
    const { installApiEvents } = await import("./api-events.tsx")
    const { request, sessionChanged } = await import("../api/request.ts")
    const went: string[] = []
    installApiEvents({
      queryClient: new QueryClient(),
      navigate: (path) => went.push(path),
      currentPath: () => "/timeline",
      browser: { events: new EventTarget(), online: () => true },
    })
    return { request, sessionChanged, went }
  }

  it("signs the session out and goes to the sign-in page", async () => {
    const app = await withNavigation()
    await expect(app.request("/expired")).rejects.toMatchObject({ status: 401 })
    expect(app.went).toEqual(["/login?redirect=%2Ftimeline"])
  })

  it("for a call sent before someone signed in since is ignored: it cannot end the new session", async () => {
    const app = await withNavigation()
    const late = app.request("/expired")
    app.sessionChanged()
    await expect(late).rejects.toMatchObject({ status: 401 })
    expect(app.went).toEqual([])
  })
})
