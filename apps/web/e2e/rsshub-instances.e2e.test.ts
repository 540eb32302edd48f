// Own RSSHub instances on the /rsshub screen: add one (a loopback stand-in behind an access key; a wrong key is
// refused in words), use it, subscribe to a route through it and read its entries; screenshots at 1280 and 390 px.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/rsshub-instances.e2e.test.ts

import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type RsshubStandIn, startRsshubStandIn } from "./support/rsshub-stand-in.ts"
import { signUp } from "./support/shell-kit.ts"

const shotsDir = process.env.RSSHUB_INSTANCES_SHOTS ?? path.join(screenshotsRoot, "rsshub-instances")
const KEY = "lantern"

let catalogue: RsshubStandIn
let ownHub: { origin: string; hits: string[]; server: Server }
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)

/** The user's own RSSHub: /healthz and the tides route, both behind an access key, with titles of its own. */
async function startOwnHub() {
  const hits: string[] = []
  const hub = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://own-hub")
    hits.push(url.pathname)
    if (url.searchParams.get("key") !== KEY) return res.writeHead(403).end("Authentication failed. Access denied.")
    if (url.pathname === "/healthz") return res.writeHead(200, { "content-type": "text/plain" }).end("ok")
    const port = url.pathname.match(/^\/harbour\/tides\/([\w-]+)$/)?.[1]
    if (!port) return res.writeHead(404).end("not found")
    const items = [1, 2, 3].map(
      (i) =>
        `<item><title>Own hub tides at ${port}: item ${i}</title><link>https://example.com/own/${port}/${i}</link><guid>own-${port}-${i}</guid><pubDate>${new Date(Date.now() - i * 3_600_000).toUTCString()}</pubDate></item>`,
    )
    res.writeHead(200, { "content-type": "application/rss+xml" })
    res.end(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Own hub tides at ${port}</title><link>https://example.com/own</link><description>From my own RSSHub</description>${items.join("")}</channel></rss>`,
    )
  })
  await new Promise<void>((resolve) => hub.listen(0, "127.0.0.1", resolve))
  return { origin: `http://127.0.0.1:${(hub.address() as AddressInfo).port}`, hits, server: hub }
}

beforeAll(async () => {
  ;[catalogue, ownHub] = await Promise.all([startRsshubStandIn(), startOwnHub()])
  // The server's own instance gives the route catalogue; the feeds must come from the user's instance.
  server = await startAppServer({ RSSHUB_URL: `${catalogue.origin}/` })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `own-rsshub-${Date.now()}@example.com`)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await catalogue?.close()
  await new Promise<void>((resolve) => (ownHub ? ownHub.server.close(() => resolve()) : resolve()))
})

describe("own RSSHub instances", () => {
  it("adds an instance (a wrong key is refused in words), uses it, and subscribes to a route through it", async () => {
    await page.goto(`${server.origin}/rsshub`)
    await byTestId("rsshub-instances-empty").waitFor()
    expect(await byTestId("rsshub-in-use").textContent()).toContain("this server's instance")

    // A wrong access key: the server's probe is refused, and the screen says so with the instance's answer.
    await byTestId("rsshub-add-url").fill(ownHub.origin)
    await byTestId("rsshub-add-key").fill("wrong")
    await byTestId("rsshub-add").click()
    await expect
      .poll(() => byTestId("rsshub-add-error").textContent(), { timeout: 20_000 })
      .toBe("This RSSHub instance is unavailable currently (HTTP 403: access key refused)")
    expect(await shootBothSizes(page, shotsDir, "rsshub-instance-refused")).toEqual([])

    // The right key, submitted from the keyboard.
    await byTestId("rsshub-add-key").fill(KEY)
    await byTestId("rsshub-add-key").press("Enter")
    await byTestId("rsshub-add-done").waitFor({ timeout: 20_000 })
    await expect.poll(() => byTestId("rsshub-instance-url").textContent()).toBe(ownHub.origin)
    expect(await byTestId("rsshub-instance").textContent()).toContain("access key set")

    // Use it, by keyboard: the choice shows at the top and on the row.
    await byTestId("rsshub-instance-use").focus()
    await page.keyboard.press("Enter")
    await expect.poll(() => byTestId("rsshub-in-use").textContent()).toContain(ownHub.origin)
    await byTestId("rsshub-instance-in-use").waitFor()
    await byTestId("rsshub-instance-test").click()
    await expect.poll(() => byTestId("rsshub-instance-probe").textContent()).toMatch(/^Reachable \(\d+ ms\)$/)
    expect(await shootBothSizes(page, shotsDir, "rsshub-instance-in-use")).toEqual([])

    // A route from the catalogue, previewed and followed: its feed comes from the instance in use.
    await byTestId("rsshub-filter").fill("tide")
    const route = byTestId("rsshub-route")
    await route.getByTestId("rsshub-route-open").click()
    await route.getByTestId("rsshub-param-port").fill("bristol")
    await route.getByTestId("rsshub-preview").click()
    await expect
      .poll(() => route.getByTestId("rsshub-feed-title").textContent(), { timeout: 30_000 })
      .toBe("Own hub tides at bristol")
    expect(ownHub.hits).toContain("/harbour/tides/bristol")
    await route.getByTestId("add-feed-submit").click()
    await page.waitForURL(/\/timeline\/view-\d\/\d+/, { timeout: 30_000 })
    await expect
      .poll(() => page.locator("body").textContent(), { timeout: 30_000 })
      .toContain("Own hub tides at bristol: item 1")
    expect(await shootBothSizes(page, shotsDir, "rsshub-instance-timeline")).toEqual([])

    // Stop using it: the server's own instance is back.
    await page.goto(`${server.origin}/rsshub`)
    await byTestId("rsshub-stop").click()
    await expect.poll(() => byTestId("rsshub-in-use").textContent()).toContain("this server's instance")
    expect(pageErrors).toEqual([])
  }, 180_000)
})
