// Settings sync end to end (spec client §4): a change made in one browser reaches the server as one PATCH of its
// group after the 1000 ms gathering, and a second browser of the same user (nothing in its local storage) starts
// with it; a change made offline is kept and sent when the browser is back online; another user signing in on the
// same browser starts from the defaults and gets nothing of the last user's queue; a change the server refuses is
// undone with a toast. (Local-only keys, the queue's save and reload and the newer-wins rule are unit-tested in
// src/stores/settings-sync.test.ts.)
// Run: cd apps/web && npx vitest run -c vitest.e2e-serial.config.ts e2e/settings-sync.e2e.test.ts
import type { Browser, BrowserContext, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { signUp } from "./support/shell-kit.ts"

let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
const patches: { url: string; body: unknown; at: number }[] = []

const unreadOnly = (target: Page) => target.getByTestId("unread-only-toggle").getAttribute("aria-pressed")

beforeAll(async () => {
  server = await startAppServer()
  browser = await launchBrowser()
  // No service worker: under Chromium's emulated offline a PATCH sent while a worker controls the page can still go
  // out, and page.on("request") does not see it (the likely cause of the offline test once counting one PATCH of two).
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" })
  page = await context.newPage()
  page.on("request", (request: Request) => {
    if (request.method() === "PATCH" && new URL(request.url()).pathname.startsWith("/settings/"))
      patches.push({ url: new URL(request.url()).pathname, body: request.postDataJSON(), at: Date.now() })
  })
  await signUp(page, server.origin, `sync-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A second device of the same user: the session cookie, and nothing else of the first browser. */
async function secondBrowser(): Promise<Page> {
  const { cookies } = await context.storageState()
  const other = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: { cookies, origins: [] },
    serviceWorkers: "block",
  })
  return other.newPage()
}

async function serverSettings(target: Page) {
  return target.evaluate(() => fetch("/settings").then((res) => res.json()))
}

describe("settings sync", () => {
  it("sends a change as one PATCH of its group after 1000 ms, and another browser starts with it", async () => {
    await page.getByTestId("unread-only-toggle").waitFor()
    expect(await unreadOnly(page)).toBe("true")
    const clickedAt = Date.now()
    await page.getByTestId("unread-only-toggle").click()
    expect(await unreadOnly(page)).toBe("false")
    await expect.poll(() => patches.length).toBe(1)
    expect(patches[0]!.url).toBe("/settings/general")
    expect(patches[0]!.body).toEqual({ unreadOnly: false })
    expect(patches[0]!.at - clickedAt).toBeGreaterThanOrEqual(900)
    expect((await serverSettings(page)).settings.general).toEqual({ unreadOnly: false })

    const other = await secondBrowser()
    await other.goto(`${server.origin}/timeline/view-0/all/pending`)
    await other.getByTestId("unread-only-toggle").waitFor()
    await expect.poll(() => unreadOnly(other)).toBe("false")
    // The first browser's own choice survives its reload (kept locally, and the server agrees).
    await page.reload()
    await page.getByTestId("unread-only-toggle").waitFor()
    expect(await unreadOnly(page)).toBe("false")
    await other.context().close()
  })

  it("keeps a change made offline and sends it once the browser is online again", async () => {
    // The last test's reload settled first: a change made before the page's settings sync is listening would be
    // kept locally but never queued.
    await page.waitForLoadState("networkidle")
    const before = patches.length
    await context.setOffline(true)
    await page.getByTestId("unread-only-toggle").click()
    expect(await unreadOnly(page)).toBe("true")
    await page.waitForTimeout(2000)
    expect(patches.length).toBe(before)
    await context.setOffline(false)
    // The change, whatever else the page sends beside it once online.
    const sent = () => patches.slice(before).filter((patch) => patch.url === "/settings/general")
    await expect.poll(() => sent().map((patch) => patch.body)).toEqual([{ unreadOnly: true }])
    await expect.poll(async () => (await serverSettings(page)).settings.general?.unreadOnly).toBe(true)
  })

  it("undoes a change made offline that the server refuses, with a toast, and keeps the server's value", async () => {
    await page.waitForLoadState("networkidle")
    expect(await unreadOnly(page)).toBe("true")
    // The server refuses what this browser sends for the group (as it would a payload it finds invalid).
    await page.route("**/settings/general", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 400, json: { code: 7002, message: "Invalid setting payload" } })
        : route.continue(),
    )
    await context.setOffline(true)
    await page.getByTestId("unread-only-toggle").click()
    expect(await unreadOnly(page)).toBe("false")
    await page.waitForTimeout(1500)
    await context.setOffline(false)
    const toast = page.locator("[data-sonner-toast]", { hasText: "A change made offline was refused and undone" })
    await toast.first().waitFor({ timeout: 15_000 })
    expect(await toast.first().textContent()).toContain("Invalid setting payload")
    await expect.poll(() => unreadOnly(page)).toBe("true")
    await page.unroute("**/settings/general")
    expect((await serverSettings(page)).settings.general?.unreadOnly).toBe(true)
    // Undone for good: nothing of it is queued to go out later, and a reload starts from the server's value.
    await page.waitForTimeout(1500)
    await page.reload()
    await page.getByTestId("unread-only-toggle").waitFor()
    expect(await unreadOnly(page)).toBe("true")
    expect((await serverSettings(page)).settings.general?.unreadOnly).toBe(true)
  })

  it("starts another user signing in on this browser from the defaults, sending nothing of the last user's", async () => {
    // Changed, then signed out, likely within the 1000 ms gathering (if not, the change went out as this user's).
    await page.getByTestId("unread-only-toggle").click()
    expect(await unreadOnly(page)).toBe("false")
    await page.getByTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await page.waitForURL(/\/login/)
    const signedOutAt = Date.now()
    await signUp(page, server.origin, `sync-other-${Date.now()}@example.com`)
    await page.getByTestId("unread-only-toggle").waitFor()
    expect(await unreadOnly(page)).toBe("true")
    await page.waitForTimeout(1500)
    expect((await serverSettings(page)).settings).toEqual({})
    expect(patches.filter((patch) => patch.at >= signedOutAt)).toEqual([])
  })
})
