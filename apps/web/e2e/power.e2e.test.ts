// The POWER wallet in a real browser: create the wallet, claim the daily POWER (the countdown to the next claim
// shows), tip a feed from its sidebar menu with the keyboard, and the balance and transactions follow. Screenshots
// at 1280 and 390 px with axe checks. Run: cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/power.e2e.test.ts
import { mkdirSync, readFileSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = process.env.POWER_SHOTS_DIR ?? path.join(screenshotsRoot, "power")

let server: AppServer
let fixtures: FixtureServer
let browser: Browser
let page: Page
let feedId = ""
const pageErrors: string[] = []

const byTestId = (id: string) => page.getByTestId(id)
const total = () => byTestId("power-balance-total").textContent()

beforeAll(async () => {
  ;[server, fixtures, browser] = await Promise.all([startAppServer(), startFixtureServer(), launchBrowser()])
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `power-${Date.now()}@example.com`)
  feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await fixtures?.close()
  await server?.stop()
})

describe("power", () => {
  it("creates the wallet and claims the daily POWER, then counts down to the next claim", async () => {
    await page.goto(`${server.origin}/power`)
    await byTestId("power-create-button").click()
    const claim = byTestId("power-claim-button")
    await claim.waitFor()
    expect(await total()).toBe("0 POWER")
    // One subscription: the reward at 2x.
    expect(await claim.textContent()).toBe("Claim 20 POWER")
    // By keyboard: the button takes focus and Enter presses it.
    await claim.focus()
    await page.keyboard.press("Enter")
    await expect.poll(total).toBe("20 POWER")
    const countdown = byTestId("power-claim-countdown")
    await countdown.waitFor()
    expect(await countdown.textContent()).toMatch(/^Claimed today\. Next claim in \d{1,2}:\d{2}:\d{2}$/)
    await expect.poll(() => byTestId("power-transaction").first().textContent()).toContain("Daily reward")
    expect(await byTestId("power-ranking").textContent()).toContain("(you)")
    expect(await shootBoth("power-claimed")).toEqual([])
  })

  it("tips the feed from its sidebar menu, and the balance and transactions follow", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    const dialog = await openTip()
    expect(await dialog.getByTestId("tip-balance").textContent()).toBe("Your balance: 20 POWER")
    // A bad amount is refused in place; nothing is sent.
    await dialog.getByTestId("tip-amount").fill("1.5")
    await dialog.getByTestId("tip-amount").press("Enter")
    expect(await dialog.getByText("Enter a whole number of POWER, 1 or more.").isVisible()).toBe(true)
    await dialog.getByTestId("tip-amount").fill("7")
    // The layouts differ by width (the phone's sidebar is a drawer), so each width opens the dialog itself.
    expect(await shootDialog("tip-dialog-1280")).toEqual([])
    await dialog.getByTestId("tip-amount").press("Enter")
    await page.locator("[data-sonner-toast]", { hasText: "Sent 7 POWER to Fixture Notes" }).waitFor()
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0)

    await page.setViewportSize({ width: 390, height: 844 })
    await byTestId("open-drawer").click()
    const phoneDialog = await openTip()
    expect(await phoneDialog.getByTestId("tip-balance").textContent()).toBe("Your balance: 13 POWER")
    expect(await shootDialog("tip-dialog-390")).toEqual([])
    await page.keyboard.press("Escape")
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.goto(`${server.origin}/power`)
    await expect.poll(total).toBe("13 POWER")
    const first = byTestId("power-transaction").first()
    await expect.poll(() => first.textContent()).toContain("Tip sent · Fixture Notes")
    expect(await first.textContent()).toContain("−7")
  })

  it("boosts the feed from its sidebar menu for POWER, and its level rises", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    const dialog = await openFeedDialog("Boost…", "boost-level")
    expect(await dialog.getByTestId("boost-level").textContent()).toBe(
      "Level 0 · active boosts: 0. Boosts still needed for the next level: 1.",
    )
    expect(await dialog.getByText("Costs 10 POWER; you have 13.").isVisible()).toBe(true)
    expect(await shootDialog("boost-dialog-1280")).toEqual([])
    await dialog.getByTestId("boost-count").press("Enter")
    await page.locator("[data-sonner-toast]", { hasText: "Boosted Fixture Notes (1)" }).waitFor()
    const again = await openFeedDialog("Boost…", "boost-level")
    await expect
      .poll(() => again.getByTestId("boost-level").textContent())
      .toBe("Level 1 · active boosts: 1. Boosts still needed for the next level: 2.")
    // Two more boosts cost 20 POWER, more than the 3 left: refused in the catalogue's words, nothing spent.
    await again.getByTestId("boost-count").fill("2")
    await again.getByTestId("boost-count").press("Enter")
    await expect.poll(() => again.getByTestId("boost-error").textContent()).toBe("Insufficient balance")
    await page.keyboard.press("Escape")
    await page.setViewportSize({ width: 390, height: 844 })
    await byTestId("open-drawer").click()
    await openFeedDialog("Boost…", "boost-level")
    expect(await shootDialog("boost-dialog-390")).toEqual([])
    await page.keyboard.press("Escape")
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${server.origin}/power`)
    await expect.poll(total).toBe("3 POWER")
    await expect.poll(() => byTestId("power-transaction").first().textContent()).toContain("Purchase · Fixture Notes")
  })

  it("refuses a withdrawal of daily rewards and says why", async () => {
    await byTestId("power-withdraw-amount").fill("5")
    await byTestId("power-withdraw-address").fill("My bank account")
    await byTestId("power-withdraw-submit").click()
    await expect
      .poll(() => byTestId("power-withdraw-error").textContent())
      .toBe("That is more than you can withdraw: only POWER received as tips can be withdrawn.")
    expect(await total()).toBe("3 POWER")
    expect(await shootBoth("power-withdraw")).toEqual([])
  })

  for (const lang of ["ja", "zh-CN", "zh-TW"]) {
    it(`shows the wallet in ${lang} with no English string of it left`, async () => {
      await page.goto(`${server.origin}/power?lng=${lang}`)
      await byTestId("power-claim-countdown").waitFor()
      const strings = locale(lang)
      expect(await page.locator("h1").textContent()).toBe(strings.title)
      const text = (await byTestId("power-page").textContent()) ?? ""
      const english = Object.entries(locale("en"))
        .filter(([key, value]) => strings[key] !== value)
        .flatMap(([, value]) => value.split(/{{[^}]*}}/).map((piece) => piece.trim()))
        .filter((piece) => /\p{L}{4}/u.test(piece) && piece !== "POWER")
      expect(english.filter((piece) => text.includes(piece))).toEqual([])
      expect(await shootBoth(`power-${lang}`)).toEqual([])
    })
  }

  it("raised no page errors", async () => {
    // Back to English for whoever uses this profile next (?lng= is remembered).
    await page.goto(`${server.origin}/power?lng=en`)
    expect(pageErrors).toEqual([])
  })
})

const shootBoth = (name: string) => shootBothSizes(page, shotsDir, name)

const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/locales/${lang}/wallet.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >

async function openFeedDialog(item: string, ready: string) {
  await page.locator(`[data-testid="feed-item"][data-id="${feedId}"]`).last().click({ button: "right" })
  await page.getByRole("menuitem", { name: item }).click()
  const dialog = page.locator("dialog[open]").last()
  await dialog.getByTestId(ready).waitFor()
  return dialog
}

const openTip = () => openFeedDialog("Tip with POWER…", "tip-balance")

/** The open dialog as it stands, at the current width, with its serious axe problems. */
async function shootDialog(name: string): Promise<string[]> {
  mkdirSync(shotsDir, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) })
  return (await seriousViolations(page)).map((v) => `${name} ${v.id}: ${v.targets.join(", ")}`)
}
