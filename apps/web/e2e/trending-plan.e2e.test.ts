// Trending on /discover with its 1 / 7 / 30-day switch (feeds, most read entries, people, lists), settings › plan
// (role, trial end, each role's limits, no payments), the usage events posted to the server's own analytics call only
// while "send anonymous data" is on, and the admins' usage dashboard at /admin/analytics (1004 for anyone else).
// Which window counts what is the server tests' business (apps/server/test/trending-windows.test.ts): every row here
// is minutes old, so each window holds the same things; this checks the switch asks for its window and shows it.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/trending-plan.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = process.env.TRENDING_SHOTS_DIR ?? path.join(screenshotsRoot, "trending-plan")
const stamp = Date.now()
const adminEmail = `admin-${stamp}@example.com`

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let page: Page
let adminPage: Page
const pageErrors: string[] = []
const trendingCalls: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
const shootBoth = (name: string) => shootBothSizes(page, shotsDir, name)

async function newUser(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  const user = await context.newPage()
  user.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(user, server.origin, email)
  return user
}

/** A call from inside the page, with its session. */
const call = (user: Page, method: string, path: string, body?: unknown) =>
  user.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path as string, {
        method: method as string,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    },
    [method, path, body] as const,
  )

/** The page is being left: what the analytics batcher holds goes by beacon. */
const hidePage = () => page.evaluate(() => window.dispatchEvent(new Event("pagehide")))

beforeAll(async () => {
  fixtures = await startFixtureServer()
  // Five people sign up from one address within a minute: past the sign-up limit, which is not what is tested here.
  server = await startAppServer({ ADMIN_EMAILS: adminEmail, AUTH_RATE_LIMIT: "false" })
  browser = await launchBrowser()
  // The admin signs up first and stays: the analytics tests read what was stored through the admin's calls.
  adminPage = await newUser(adminEmail)
  // A writer follows a feed publicly, reads its first entry and makes a list; a reader follows the list.
  const writer = await newUser(`writer-${stamp}@example.com`)
  const feedId = await subscribe(writer, `${fixtures.origin}/site/field-notes.xml`)
  const entries = await call(writer, "POST", "/entries", { feedId })
  const first = entries.body.data[0].entries.id as string
  expect((await call(writer, "POST", "/reads", { entryIds: [first] })).status).toBe(200)
  const list = await call(writer, "POST", "/lists", {
    title: "Harbour reading",
    description: "Notes from the quay",
    view: 0,
    fee: 0,
  })
  const follower = await newUser(`follower-${stamp}@example.com`)
  expect((await call(follower, "POST", "/subscriptions", { listId: list.body.data.id, view: 0 })).status).toBe(200)
  await Promise.all([writer.close(), follower.close()])

  page = await newUser(`reader-${stamp}@example.com`)
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (/^\/(trending\/|lists\/trending)/.test(url.pathname)) trendingCalls.push(`${url.pathname}${url.search}`)
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("trending on /discover", () => {
  it("shows feeds, most read entries, people and lists, and asks each window when switched", async () => {
    await page.goto(`${server.origin}/discover`)
    const trending = byTestId("discover-trending")
    await expect
      .poll(() =>
        byTestId("discover-recommendations").getByTestId("discover-feed-card").locator("h3").allTextContents(),
      )
      .toEqual(["Field Notes"])
    await expect.poll(() => byTestId("trending-entry").count()).toBe(1)
    expect(await byTestId("trending-entry-reads").textContent()).toBe("1 reader")
    await expect.poll(() => byTestId("trending-person").textContent()).toContain("1 new follower")
    await expect
      .poll(() => byTestId("trending-lists").getByTestId("discover-list-card").locator("h3").allTextContents())
      .toEqual(["Harbour reading"])
    // 7 days unless asked otherwise.
    expect(await trending.getByRole("radio", { name: "7 days" }).isChecked()).toBe(true)
    for (const path of ["/trending/feeds", "/trending/entries", "/trending/users", "/lists/trending"])
      expect(
        trendingCalls.some((c) => c.startsWith(path) && c.includes("range=7d")),
        path,
      ).toBe(true)
    expect(await shootBoth("discover-trending-7d")).toEqual([])

    // By keyboard: focus the checked radio, arrow to the next one (30 days), then back to 1 day.
    await trending.getByRole("radio", { name: "7 days" }).focus()
    await page.keyboard.press("ArrowRight")
    await expect.poll(() => new URL(page.url()).search).toBe("?range=30d")
    await expect.poll(() => trendingCalls.filter((c) => c.includes("range=30d")).length).toBe(4)
    await expect.poll(() => byTestId("trending-entry").count()).toBe(1)
    await trending.getByText("1 day").click()
    await expect.poll(() => new URL(page.url()).search).toBe("?range=1d")
    await expect.poll(() => trendingCalls.filter((c) => c.includes("range=1d")).length).toBe(4)
    await expect.poll(() => byTestId("trending-entry-reads").textContent()).toBe("1 reader")
    // The window stays in the address: a reload keeps it.
    await page.reload()
    expect(await byTestId("discover-trending").getByRole("radio", { name: "1 day" }).isChecked()).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it("speaks the reader's language", async () => {
    await page.goto(`${server.origin}/discover?lng=ja`)
    await expect
      .poll(() => byTestId("discover-trending").locator("h2").first().textContent())
      .toBe("このサーバーのトレンド")
    expect(await byTestId("discover-trending").getByRole("radio", { name: "30 日" }).count()).toBe(1)
    await page.goto(`${server.origin}/discover?lng=en`)
  })
})

describe("settings › plan", () => {
  it("shows the role, the trial's end, each role's limits and that no payment is taken", async () => {
    await page.goto(`${server.origin}/settings/plan`)
    await expect.poll(() => byTestId("plan-role").textContent()).toBe("Trial")
    expect(await byTestId("plan-end").textContent()).toMatch(/^Your trial ends on .+\d{4}/)
    const table = byTestId("plan-table")
    expect(await table.locator("thead th").allTextContents()).toEqual([
      "Limit",
      "Free",
      "Trial",
      "Early trial",
      "Pro",
      "Administrator",
    ])
    const feeds = await table.locator("tbody tr").first().locator("th, td").allTextContents()
    expect(feeds).toEqual(["Feed subscriptions", "100", "100", "100", "No limit", "No limit"])
    expect(await byTestId("plan-payments").textContent()).toContain("This server takes no payments")
    expect(await byTestId("plan-payments").textContent()).toContain("ask the administrator")
    expect(await page.getByText("What this page will hold").count()).toBe(0)
    expect(await shootBoth("settings-plan")).toEqual([])
    await page.goto(`${server.origin}/settings/plan?lng=zh-CN`)
    await expect.poll(() => byTestId("plan-payments").textContent()).toContain("本服务器不收取任何费用")
    await page.goto(`${server.origin}/settings/plan?lng=en`)
  })
})

describe("usage analytics", () => {
  /** Today's stored count of an event code, read through the admin's own dashboard call. */
  const storedToday = async (code: number) => {
    const answer = await call(adminPage, "GET", "/admin/analytics?days=1")
    return (answer.body.data.days[0].events[String(code)] as number | undefined) ?? 0
  }

  it("posts batched events to the server's own call while on, and nothing once turned off", async () => {
    // Playwright does not see keepalive fetches and beacons, so what arrived is read where it is kept.
    const before = await storedToday(1003)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    // The configuration arrives and the start-up events are queued.
    await page.waitForLoadState("networkidle")
    await hidePage()
    await expect.poll(() => storedToday(1003), { timeout: 15_000 }).toBeGreaterThan(before)
    // What the reader does is counted too: an entry opened (2000), the search palette (2007), quick add (2008) and
    // the add-source dialog it opens (2015).
    const acts = [2000, 2007, 2008, 2015]
    const counts = () => Promise.all(acts.map(storedToday))
    const was = await counts()
    await call(page, "POST", "/subscriptions", { url: `${fixtures.origin}/site/field-notes.xml`, view: 0 })
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().click()
    await page.getByTestId("entry-content").waitFor()
    await page.keyboard.press("Control+k")
    await page.getByRole("dialog").waitFor()
    await page.keyboard.press("Escape")
    await page.getByRole("dialog").waitFor({ state: "detached" })
    await page.keyboard.press("Control+n")
    await page.getByRole("dialog").waitFor()
    await page.keyboard.press("Escape")
    await hidePage()
    await expect
      .poll(async () => (await counts()).map((count, i) => count > (was[i] ?? 0)), { timeout: 15_000 })
      .toEqual([true, true, true, true])
    // Off in settings › general: nothing more is posted, even when the page is left.
    await page.goto(`${server.origin}/settings/general`)
    const toggle = page.getByRole("switch", { name: "Send anonymous usage data" })
    expect(await toggle.getAttribute("aria-checked")).toBe("true")
    await toggle.click()
    expect(await toggle.getAttribute("aria-checked")).toBe("false")
    await page.waitForTimeout(6000)
    const off = await storedToday(1003)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    // The configuration arrives and the start-up events are queued.
    await page.waitForLoadState("networkidle")
    await hidePage()
    await page.reload()
    await page.waitForTimeout(6000)
    await hidePage()
    await page.waitForTimeout(1000)
    expect(await storedToday(1003)).toBe(off)
  })

  it("refuses the dashboard to anyone but an admin", async () => {
    await page.goto(`${server.origin}/admin/analytics`)
    await expect.poll(() => byTestId("admin-analytics").getByRole("alert").textContent()).toBeTruthy()
    expect((await call(page, "GET", "/admin/analytics")).body.code).toBe(1004)
  })

  it("shows admins daily actives, subscriptions, AI use, errors and the events", async () => {
    page = adminPage
    await page.goto(`${server.origin}/admin/analytics`)
    await expect
      .poll(async () => Number(await byTestId("analytics-tile-active_today").textContent()))
      .toBeGreaterThanOrEqual(2)
    // Two follows were made today: the writer's feed and the follower's list.
    expect(Number(await byTestId("analytics-tile-subscriptions").textContent())).toBeGreaterThanOrEqual(2)
    await expect.poll(() => byTestId("analytics-events").textContent()).toContain("app_init")
    expect(await byTestId("analytics-daily").locator("tbody tr").count()).toBe(30)
    await byTestId("analytics-period").getByText("7 days").click()
    await expect.poll(() => byTestId("analytics-daily").locator("tbody tr").count()).toBe(7)
    expect(await shootBoth("admin-analytics")).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
