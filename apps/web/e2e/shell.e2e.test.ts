// The shell end to end: phone layout, keyboard, palette, toasts, add a source and the entry toolbar, with a real
// server (child process), loopback feeds and Chromium driving the built client.
// Run: cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/shell.e2e.test.ts
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { axeViolations, scrollWidth, shot, sidewaysScrollers, signUp, subscribe } from "./support/shell-kit.ts"

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
let feedId = ""
const pageErrors: string[] = []

const byTestId = (id: string) => page.getByTestId(id)
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

beforeAll(async () => {
  fixtures = await startFixtureServer()
  server = await startAppServer()
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: DESKTOP, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `shell-${Date.now()}@example.com`)
  feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("phone layout at 390 × 844", () => {
  it("goes drawer → feed → entry → back in one column without sideways scrolling", async () => {
    await page.setViewportSize(PHONE)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.locator('[data-layout="mobile"]').waitFor()
    await byTestId("tab-bar").waitFor()
    await byTestId("entry-row").first().waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    expect(await sidewaysScrollers(page)).toEqual([])
    await shot(page, "phone-timeline")

    await byTestId("open-drawer").click()
    await byTestId("drawer").getByTestId("sidebar").waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    await shot(page, "phone-drawer")
    expect(await axeViolations(page)).toEqual([])
    await byTestId("drawer").getByTestId("feed-item").first().click()
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`))
    await expect.poll(() => byTestId("drawer").isVisible()).toBe(false)
    await byTestId("entry-row").first().waitFor()
    expect(await axeViolations(page)).toEqual([])

    const entryId = (await byTestId("entry-row").first().getAttribute("data-entry-id")) ?? ""
    await byTestId("entry-row").first().click()
    await page.locator(`[data-testid="entry-detail"][data-entry-id="${entryId}"]`).waitFor()
    await byTestId("entry-content").waitFor()
    expect(await byTestId("entry-list").count()).toBe(0)
    expect(await byTestId("tab-bar").count()).toBe(0)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    expect(await sidewaysScrollers(page)).toEqual([])
    await shot(page, "phone-entry")
    expect(await axeViolations(page)).toEqual([])

    await byTestId("entry-back").click()
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`))
    await byTestId("entry-row").first().waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
  })

  it("keeps the three columns at 1280 px", async () => {
    await page.setViewportSize(DESKTOP)
    await page.locator('[data-layout="desktop"]').waitFor()
    expect(await byTestId("tab-bar").count()).toBe(0)
    await byTestId("sidebar").waitFor()
    expect(pageErrors).toEqual([])
  })
})
