// Rewards in a real browser: an achievement completed by following a feed is claimed on /power and the balance
// changes; proof sent for the achievement a person checks is approved on /admin, then claimed; the airdrop card
// lists its rules; settings › referral shows the code and copies the link, and a second visitor who signs up
// through that link appears there with the days earned. Screenshots at 1280 and 390 px with axe checks.
// Run: cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/rewards.e2e.test.ts
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = process.env.REWARDS_SHOTS_DIR ?? path.join(screenshotsRoot, "rewards")
const adminEmail = `rewards-admin-${Date.now()}@example.com`

let server: AppServer
let fixtures: FixtureServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

const byTestId = (id: string) => page.getByTestId(id)
const total = () => byTestId("power-balance-total").textContent()
const shootBoth = (name: string) => shootBothSizes(page, shotsDir, name)

beforeAll(async () => {
  ;[server, fixtures, browser] = await Promise.all([
    startAppServer({ ADMIN_EMAILS: adminEmail }),
    startFixtureServer(),
    launchBrowser(),
  ])
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `rewards-${Date.now()}@example.com`)
  await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await fixtures?.close()
  await server?.stop()
})

describe("rewards", () => {
  it("claims a completed achievement on /power and the balance changes", async () => {
    await page.goto(`${server.origin}/power`)
    await byTestId("power-create-button").click()
    await byTestId("power-achievements").waitFor()
    expect(await total()).toBe("0 POWER")
    const first = page.locator('[data-testid="power-achievement"][data-action-id="1"]')
    await expect.poll(() => first.getAttribute("data-state")).toBe("completed")
    expect(await first.textContent()).toContain("First subscription")
    // The others are not done yet: no claim button on them.
    expect(await byTestId("power-achievement-claim").count()).toBe(1)
    expect(await byTestId("power-achievements-count").textContent()).toBe("1 of 7 done")
    // The airdrop lists its rules; a new account meets the subscription rule only in part, so no claim yet.
    const airdrop = byTestId("power-airdrop-claim")
    expect(await airdrop.isDisabled()).toBe(true)
    expect(await byTestId("power-airdrop-check").count()).toBe(3)
    expect(await shootBoth("power-rewards-before")).toEqual([])

    const claim = first.getByTestId("power-achievement-claim")
    // By keyboard: the button takes focus and Enter presses it.
    await claim.focus()
    await page.keyboard.press("Enter")
    await expect.poll(total).toBe("10 POWER")
    await expect.poll(() => first.getAttribute("data-state")).toBe("received")
    expect(await first.textContent()).toMatch(/Received /)
    await expect.poll(() => byTestId("power-transaction").first().textContent()).toContain("Achievement")
    expect(await shootBoth("power-rewards-claimed")).toEqual([])
  })

  it("sends proof for the achievement an admin checks, and claims it once the admin has approved it", async () => {
    const story = page.locator('[data-testid="power-achievement"][data-action-id="7"]')
    expect(await story.getAttribute("data-state")).toBe("incomplete")
    expect(await story.textContent()).toContain("Tell the world")
    const url = story.getByTestId("power-achievement-proof-url")
    await url.fill("not an address")
    await story.getByTestId("power-achievement-proof-send").click()
    expect(await story.textContent()).toContain("Enter the web address")
    await url.fill("https://blog.example/how-i-read")
    await url.press("Enter")
    await expect.poll(() => story.getAttribute("data-state")).toBe("audit")
    expect(await story.getByTestId("power-achievement-pending").textContent()).toBe(
      "Under review: https://blog.example/how-i-read",
    )
    expect(await story.getByTestId("power-achievement-claim").count()).toBe(0)
    expect(await shootBoth("power-achievement-under-review")).toEqual([])

    // The administrator, in another browser, finds it in the queue and approves it.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const admin = await adminContext.newPage()
    await signUp(admin, server.origin, adminEmail)
    await admin.goto(`${server.origin}/admin#admin-audits`)
    const row = admin.getByTestId("admin-audit")
    await row.waitFor()
    expect(await row.textContent()).toContain("Tell the world")
    expect(await row.getByTestId("admin-audit-url").getAttribute("href")).toBe("https://blog.example/how-i-read")
    expect(await shootBothSizes(admin, shotsDir, "admin-achievement-review")).toEqual([])
    await row.getByTestId("admin-audit-approve").click()
    await admin.getByTestId("admin-audits-empty").waitFor()
    await adminContext.close()

    await page.reload()
    await expect.poll(() => story.getAttribute("data-state")).toBe("completed")
    await story.getByTestId("power-achievement-claim").click()
    await expect.poll(total).toBe("40 POWER")
    await expect.poll(() => story.getAttribute("data-state")).toBe("received")
  })

  it("shows settings › referral with the code, copies the link, and lists who signed up through it", async () => {
    await page.goto(`${server.origin}/settings/referral`)
    const code = (await byTestId("referral-code").textContent()) ?? ""
    expect(code).toMatch(/^[2-9A-Z]{8}$/)
    const link = `${server.origin}/login?referral=${code}`
    expect(await byTestId("referral-link").textContent()).toBe(link)
    expect(await byTestId("referral-empty").isVisible()).toBe(true)
    expect(await byTestId("referral-days").textContent()).toBe("0 extra trial days earned.")
    await byTestId("referral-copy-link").click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    expect(await shootBoth("settings-referral-empty")).toEqual([])

    // A visitor opens the shared link and signs up: the client sends the code in the referral header.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const visitorPage = await visitor.newPage()
    await visitorPage.goto(link)
    // The login page keeps the code once it has rendered.
    await visitorPage.getByTestId("login-switch-mode").waitFor()
    await signUp(visitorPage, server.origin, `referred-${Date.now()}@example.com`)
    await visitor.close()

    await page.reload()
    await byTestId("referral-list").waitFor()
    expect(await byTestId("referral-list").textContent()).toContain("Kim Keys")
    expect(await byTestId("referral-days").textContent()).toBe("7 extra trial days earned.")
    expect(await shootBoth("settings-referral")).toEqual([])
  })

  it("shows the referral page in Japanese", async () => {
    await page.goto(`${server.origin}/settings/referral?lng=ja`)
    await byTestId("referral-list").waitFor()
    expect(await byTestId("referral-days").textContent()).toBe("試用期間を 7 日延長しました。")
    expect(await shootBoth("settings-referral-ja")).toEqual([])
    await page.goto(`${server.origin}/power?lng=ja`)
    await byTestId("power-achievements").waitFor()
    expect(await byTestId("power-achievements-count").textContent()).toBe("7 件中 2 件達成")
    expect(await shootBoth("power-rewards-ja")).toEqual([])
    await page.goto(`${server.origin}/power?lng=en`)
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
