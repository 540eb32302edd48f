// The web client inside the desktop app (issue 15, desktop): Electron's preload is stood in for by the same bridge
// object injected before the page's scripts (the Electron binary cannot be downloaded on these machines; the shell
// itself is unit-tested in apps/desktop). The client says it is the desktop platform on every call, gives the shell
// the unread total and the desktop settings, and follows the menu's commands: mod+comma settings, mod+T discover,
// mod+N quick add (ignored while typing).
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/desktop-bridge.e2e.test.ts
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

let server: AppServer
let fixtures: FixtureServer
let browser: Browser
let page: Page
const platforms = new Set<string>()
const pageErrors: string[] = []

type Seen = { unread: number[]; settings: unknown[] }
const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen)
const command = (value: unknown) =>
  page.evaluate((value) => (window as unknown as { command: (c: unknown) => void }).command(value), value)

beforeAll(async () => {
  ;[server, fixtures, browser] = await Promise.all([startAppServer(), startFixtureServer(), launchBrowser()])
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" })
  // What apps/desktop/src/preload.ts exposes, recording what the page hands the shell.
  await context.addInitScript(() => {
    const listeners = new Set<(command: unknown) => void>()
    const seen = { unread: [] as number[], settings: [] as unknown[] }
    Object.assign(window, {
      seen,
      command: (value: unknown) => {
        for (const listener of listeners) listener(value)
      },
      tidingsDesktop: {
        platform: "desktop",
        setUnreadCount: (count: number) => seen.unread.push(count),
        setSettings: (settings: unknown) => seen.settings.push(settings),
        onCommand: (listener: (command: unknown) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    })
  })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.origin === server.origin && !url.pathname.startsWith("/assets/")) {
      const platform = request.headers()["x-app-platform"]
      if (platform) platforms.add(platform)
    }
  })
  await signUp(page, server.origin, `desktop-${Date.now()}@example.com`)
  await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("inside the desktop app", () => {
  it("calls the server as the desktop platform and gives the shell the unread total and the desktop settings", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().waitFor()
    const total = Number(await page.getByTestId("sidebar-all").getByTestId("unread-count").textContent())
    expect(total).toBeGreaterThan(0)
    await expect.poll(async () => (await seen()).unread.at(-1)).toBe(total)
    expect((await seen()).settings.at(-1)).toEqual({ showDockBadge: true, appLaunchOnStartup: false })
    expect([...platforms]).toEqual(["desktop"])

    // Reading one entry brings the badge down with it.
    await page.getByTestId("entry-row").first().click()
    await expect.poll(async () => (await seen()).unread.at(-1), { timeout: 10_000 }).toBe(total - 1)
  })

  it("follows the menu: settings, discover, quick add, and no quick add while typing", async () => {
    await command({ type: "navigate", path: "/settings/appearance" })
    await page.waitForURL(/\/settings\/appearance$/)
    // Turning the dock badge off reaches the shell.
    await page.getByTestId("setting-showDockBadge").getByRole("switch").click()
    await expect
      .poll(async () => (await seen()).settings.at(-1))
      .toEqual({ showDockBadge: false, appLaunchOnStartup: false })

    await command({ type: "navigate", path: "/discover" })
    await page.waitForURL(/\/discover/)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().waitFor()
    // Typing in a field: mod+N is not for the page.
    await page.evaluate(() => {
      const field = document.createElement("input")
      field.id = "typing-here"
      field.setAttribute("aria-label", "Typing here")
      document.body.append(field)
      field.focus()
    })
    await command({ type: "quick-add" })
    await page.waitForTimeout(500)
    expect(await page.getByTestId("add-feed-dialog").count()).toBe(0)
    await page.evaluate(() => document.getElementById("typing-here")?.remove())
    await command({ type: "quick-add" })
    await page.getByTestId("add-feed-dialog").waitFor()
    expect(pageErrors).toEqual([])
  })
})
