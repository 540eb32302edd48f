// Saved searches as smart feeds (issue 15): save the palette's query under a name, see it in the sidebar with its
// unread count, open its timeline (its matches only), rename it from the row's menu; phone (the sidebar is the
// drawer) and desktop, keyboard, axe. Needs the web build (scripts/build-web.mjs).
import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ARTICLE_TITLE, type FeedServer, SHORT_TITLE, startAiFeed } from "./support/ai-kit.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { expectNoPhoneOverflow, screenshotsRoot } from "./support/evidence.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotDir = process.env.SMART_FEEDS_SHOTS ?? path.join(screenshotsRoot, "smart-feeds")

let server: AppServer
let feed: FeedServer
let browser: Browser
let page: Page

async function shoot(name: string) {
  mkdirSync(shotDir, { recursive: true })
  await page.waitForTimeout(300)
  await expectNoPhoneOverflow(page, name)
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) })
  expect(await seriousViolations(page)).toEqual([])
}

const searchCount = (q: string) =>
  page.evaluate(async (query) => {
    const res = await fetch(`/entries/search?q=${encodeURIComponent(query)}`)
    return (((await res.json()) as { data?: unknown[] }).data ?? []).length
  }, q)

beforeAll(async () => {
  // The indexer every second, so the entries are searchable soon after the subscription.
  ;[server, feed] = await Promise.all([startAppServer({ SEARCH_INDEX_INTERVAL_SECONDS: "1" }), startAiFeed()])
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await signUp(page, server.origin, `smart-${Date.now()}@example.com`)
  await subscribe(page, feed.feedUrl)
  const deadline = Date.now() + 20_000
  while (!(await searchCount("rivers"))) {
    if (Date.now() > deadline) throw new Error("the entries were not indexed within 20 s")
    await page.waitForTimeout(250)
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feed?.close()
})

describe("saved searches", () => {
  it("saves the palette's query by keyboard and opens its timeline", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await page.getByTestId("sidebar").waitFor()
    // No saved search yet: no section.
    expect(await page.getByTestId("saved-searches").count()).toBe(0)
    await page.keyboard.press("Control+k")
    await page.getByTestId("palette-input").waitFor()
    await page.keyboard.type("rivers -snowfall")
    await page.getByTestId("palette-save-search").waitFor()
    await shoot("palette-1280")
    // From the box, Tab reaches "Save this search".
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("palette-save-search")
    await page.keyboard.press("Enter")
    const name = page.getByTestId("save-search-name")
    await name.waitFor()
    expect(await name.inputValue()).toBe("rivers -snowfall")
    expect(await page.getByTestId("save-search-query").inputValue()).toBe("rivers -snowfall")
    // The name field has the focus, its text selected: typing replaces it.
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "save-search-name")
    await shoot("save-dialog-1280")
    await page.keyboard.type("Northern rivers")
    await page.keyboard.press("Enter")

    await page.waitForURL(/\/timeline\/view-0\/search-[^/]+\/pending$/)
    await page.getByTestId("timeline-title").filter({ hasText: "Northern rivers" }).waitFor()
    // The previous timeline's rows may show until the search's first page arrives.
    const rows = page.getByTestId("entry-row")
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1)
    expect(await rows.first().textContent()).toContain(ARTICLE_TITLE)
    expect(await page.content()).not.toContain(SHORT_TITLE)

    const row = page.getByTestId("sidebar-saved-search")
    await row.waitFor()
    expect(await row.getByTestId("sidebar-row-label").textContent()).toBe("Northern rivers")
    expect(await row.getByTestId("unread-count").textContent()).toBe("1")
    expect(await row.getAttribute("aria-current")).toBe("page")
    await shoot("timeline-1280")
  })

  it("shows it in the phone's drawer, and opens its timeline from there", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await page.setViewportSize({ width: 390, height: 844 })
    // The palette's "Save this search" fits beside the box on a phone.
    await page.getByTestId("open-drawer").waitFor()
    await page.keyboard.press("Control+k")
    await page.getByTestId("palette-input").waitFor()
    await page.keyboard.type("rivers is:unread")
    await page.getByTestId("palette-save-search").waitFor()
    await shoot("palette-390")
    await page.keyboard.press("Escape")
    await page.getByTestId("open-drawer").click()
    const drawer = page.getByTestId("drawer")
    const row = drawer.getByTestId("sidebar-saved-search")
    await row.waitFor()
    expect(await row.getByTestId("unread-count").textContent()).toBe("1")
    await shoot("drawer-390")
    await row.click()
    await page.waitForURL(/\/search-[^/]+\/pending$/)
    await page.getByTestId("timeline-title").filter({ hasText: "Northern rivers" }).waitFor()
    await page.getByTestId("entry-row").first().waitFor()
    await shoot("timeline-390")
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it("renames it from the row's menu", async () => {
    const row = page.getByTestId("sidebar-saved-search")
    await row.waitFor()
    await row.click({ button: "right" })
    await page.getByRole("menuitem", { name: "Rename" }).click()
    const name = page.getByTestId("rename-search-name")
    await name.waitFor()
    expect(await name.inputValue()).toBe("Northern rivers")
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "rename-search-name")
    await shoot("rename-dialog-1280")
    await page.keyboard.type("River towns")
    await page.keyboard.press("Enter")
    await row.getByTestId("sidebar-row-label").filter({ hasText: "River towns" }).waitFor()
    await page.getByTestId("timeline-title").filter({ hasText: "River towns" }).waitFor()
    // The server has the new name too.
    const titles = await page.evaluate(async () => {
      const answer = (await (await fetch("/saved-searches")).json()) as { data: { title: string }[] }
      return answer.data.map((s) => s.title)
    })
    expect(titles).toEqual(["River towns"])
  })

  it("drops the count once its entry is read", async () => {
    const row = page.getByTestId("sidebar-saved-search")
    expect(await row.getByTestId("unread-count").textContent()).toBe("1")
    await page.getByTestId("entry-row").first().click()
    await page.getByRole("heading", { name: ARTICLE_TITLE }).first().waitFor()
    await row.getByTestId("unread-count").waitFor({ state: "detached", timeout: 10_000 })
  })
})
