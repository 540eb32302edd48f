// Toasts as the reader sees them (spec client §8, §9): the plan-activation toast for a 11xx answer after 500 ms
// with an Activate button to settings › plan, an error toast with the localized catalogue message and the reason as
// copyable detail for 5 s, at most 3 on screen, and a swipe of 45 px dismissing one. The API answers are forced in
// the browser (page.route) on the star call, which the toolbar sends.
// Run: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/toasts.e2e.test.ts
import { readFileSync } from "node:fs"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { axeViolations, shot, signUp, subscribe } from "./support/shell-kit.ts"

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
let feedId = ""
const byTestId = (id: string) => page.getByTestId(id)
const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >

/** Every star call answers this error, as a server would. */
async function answerStarWith(status: number, body: object) {
  await page.unroute("**/collections")
  await page.route("**/collections", (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
  )
}

/** Records, in the page, when each toast appears and leaves (performance.now()), and when the star was clicked. */
async function watchToasts() {
  await page.evaluate(() => {
    const w = window as unknown as { toastLog: { text: string; shown: number; gone?: number }[]; starAt: number }
    w.toastLog = []
    const seen = new Map<Element, { text: string; shown: number; gone?: number }>()
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element).closest("[data-testid='toggle-star']")) w.starAt = performance.now()
      },
      true,
    )
    new MutationObserver(() => {
      const now = performance.now()
      const present = new Set(document.querySelectorAll("[data-sonner-toast]"))
      for (const toast of present) {
        if (!seen.has(toast)) {
          const record = { text: toast.textContent ?? "", shown: now }
          seen.set(toast, record)
          w.toastLog.push(record)
        }
      }
      for (const [toast, record] of seen) if (!present.has(toast) && record.gone === undefined) record.gone = now
    }).observe(document.body, { childList: true, subtree: true })
  })
}

const toastLog = () =>
  page.evaluate(() => {
    const w = window as unknown as { toastLog: { text: string; shown: number; gone?: number }[]; starAt: number }
    return { log: w.toastLog, starAt: w.starAt }
  })

async function openFirstEntry(query = "") {
  await page.goto(`${server.origin}/timeline/view-0/${feedId}/pending${query}`)
  await byTestId("entry-row").first().click()
  await byTestId("entry-content").waitFor()
  // The pointer rests away from the toasts: hovering them would pause their timers.
  await page.mouse.move(300, 300)
}

beforeAll(async () => {
  fixtures = await startFixtureServer()
  server = await startAppServer()
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  page = await context.newPage()
  await signUp(page, server.origin, `toasts-${Date.now()}@example.com`)
  feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("toasts", () => {
  it("shows the plan-activation toast 500 ms after a 11xx answer, staying, with Activate leading to settings › plan", async () => {
    await openFirstEntry()
    await watchToasts()
    await answerStarWith(400, { code: 1100, message: "Trial user max feed subscription exceeded" })
    await byTestId("toggle-star").click()
    const toast = page.locator("[data-sonner-toast]", { hasText: locale("en", "app")["activation.plan.description"] })
    await toast.waitFor()
    const { log, starAt } = await toastLog()
    expect(log).toHaveLength(1)
    // 500 ms after the answer (which comes within a few ms here), not at once.
    expect(log[0].shown - starAt).toBeGreaterThanOrEqual(500)
    expect(log[0].shown - starAt).toBeLessThan(1500)
    // Closable, and still there long after an error toast's 5 s.
    expect(await toast.locator("[data-close-button]").count()).toBe(1)
    await shot(page, "toast-activation")
    expect(await axeViolations(page)).toEqual([])
    await page.waitForTimeout(5500)
    expect(await toast.isVisible()).toBe(true)
    await toast.getByRole("button", { name: locale("en", "app")["activation.activate"] }).click()
    await page.waitForURL(/\/settings\/plan$/)
    await toast.waitFor({ state: "detached" })
  })

  it("shows an API error's localized message with the reason to copy, for 5 s", async () => {
    await openFirstEntry("?lng=ja")
    await watchToasts()
    const reason = "feed 42 is refreshed by admins only"
    await answerStarWith(403, { code: 2000, message: "server-side English text", reason })
    await byTestId("toggle-star").click()
    const toast = page.locator("[data-sonner-toast]").first()
    await toast.waitFor()
    // The catalogue message in the reader's language, not the server's own words.
    expect(await toast.textContent()).toContain(locale("ja", "errors")["2000"])
    expect(await toast.textContent()).not.toContain("server-side English text")
    expect(await toast.locator("code").textContent()).toBe(reason)
    await shot(page, "toast-error-ja")
    const copy = toast.getByRole("button", { name: locale("ja", "common")["copy.copy"] })
    // Copying keeps the pointer on the toast (which pauses it): time its life on a second one instead.
    await copy.click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(reason)
    expect(await toast.textContent()).toContain(locale("ja", "common")["copy.copied"])
    await page.mouse.move(300, 300)
    await toast.waitFor({ state: "detached", timeout: 15_000 })

    await byTestId("toggle-star").click()
    await expect.poll(async () => (await toastLog()).log.length).toBe(2)
    await expect.poll(async () => (await toastLog()).log[1].gone, { timeout: 10_000 }).toBeGreaterThan(0)
    const { log } = await toastLog()
    const lived = (log[1].gone ?? 0) - log[1].shown
    // 5000 ms, then sonner's 200 ms exit before the element goes.
    expect(lived).toBeGreaterThan(4900)
    expect(lived).toBeLessThan(6000)
  })

  it("shows at most 3 toasts at once", async () => {
    await openFirstEntry("?lng=en")
    await answerStarWith(403, { code: 2000, message: "no", reason: "one of many" })
    for (let i = 0; i < 5; i++) await byTestId("toggle-star").click()
    await expect.poll(() => page.locator("[data-sonner-toast]").count()).toBe(5)
    expect(await page.locator('[data-sonner-toast][data-visible="true"]').count()).toBe(3)
    const shown = await page
      .locator("[data-sonner-toast]")
      .evaluateAll((toasts) => toasts.filter((toast) => Number(getComputedStyle(toast).opacity) > 0.5).length)
    expect(shown).toBeLessThanOrEqual(3)
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 })
  })

  it("dismisses a toast swiped 45 px or more, and keeps one swiped less", async () => {
    await answerStarWith(403, { code: 2000, message: "no", reason: "swipe me" })
    await page.locator("[data-sonner-toast]").last().waitFor({ state: "detached", timeout: 15_000 })
    await byTestId("toggle-star").click()
    const toast = page.locator("[data-sonner-toast]").first()
    await toast.waitFor()
    const swipe = async (dx: number) => {
      const box = await toast.boundingBox()
      if (!box) throw new Error("no toast")
      const y = box.y + 12
      await page.mouse.move(box.x + 40, y)
      await page.mouse.down()
      // Slowly: a fast flick dismisses at any distance (sonner's velocity rule).
      await page.waitForTimeout(400)
      await page.mouse.move(box.x + 40 + dx, y, { steps: 8 })
      await page.waitForTimeout(400)
      await page.mouse.up()
    }
    await swipe(25)
    await page.waitForTimeout(500)
    expect(await toast.isVisible()).toBe(true)
    await swipe(60)
    await toast.waitFor({ state: "detached", timeout: 2000 })
    await page.unroute("**/collections")
  })
})
