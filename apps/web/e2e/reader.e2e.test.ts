// The reader end to end: a real server (child process), a loopback feed, and Chromium driving the built client.
// Run with: cd apps/web && npx vite build && npx vitest run -c vitest.e2e.config.ts
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser, resetScreenshots, screenshot } from "./support/browser.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"

const FEED_ITEMS = 30
const CATEGORY = "Blogs"
const RENAMED = "Reading"
const EMAIL = `reader-${Date.now()}@example.com`
const PASSWORD = "correct-horse-battery"

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const authCalls: string[] = []
let openedEntryId = ""

const byTestId = (id: string) => page.getByTestId(id)
const feedRow = () => page.getByTestId("feed-item").first()

/** Polls a locator's text until it matches: playwright-core has no auto-waiting assertions. */
async function expectText(read: () => Promise<string | null>, expected: string | RegExp, timeout = 15_000) {
  await expect.poll(async () => (await read())?.trim() ?? "", { timeout, interval: 200 }).toMatch(expected)
}

beforeAll(async () => {
  resetScreenshots()
  fixtures = await startFixtureServer()
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  page.on("request", (request) => {
    if (request.url().includes("/better-auth/sign-")) authCalls.push(request.url())
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("reader", () => {
  it("sends a visitor to /login and validates credentials before calling the server", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.waitForURL(/\/login\?redirect=/)
    await byTestId("login-switch-mode").click()
    await page.locator('[data-testid="login-form"][data-mode="sign-up"]').waitFor()
    await byTestId("login-email").fill("reader@example.com")
    await byTestId("login-submit").click()
    await byTestId("login-error").waitFor()
    expect(page.url()).toContain("/login")
    expect(authCalls).toEqual([])
  })

  it("signs up and lands where the visitor was going", async () => {
    await byTestId("login-name").fill("Rosa Reader")
    await byTestId("login-email").fill(EMAIL)
    await byTestId("login-password").fill(PASSWORD)
    await byTestId("login-submit").click()
    await page.waitForURL(/\/timeline\/view-0\/all\/pending$/)
    await byTestId("sidebar").waitFor()
    for (const view of [0, 1, 2, 3]) await byTestId(`view-tab-${view}`).waitFor()
    expect(await byTestId("view-tab-4").count()).toBe(0)
    expect(await byTestId("view-tab-5").count()).toBe(0)
    await screenshot(page, "01-signed-up-empty")
  })

  it("shows the catalogue message when the address is not a feed", async () => {
    await byTestId("add-feed-button").click()
    // Nothing listens on port 1: discovery fails with the catalogue's fetch error. (A page without feeds on the
    // fixture origin would not do: discovery then tries the site's usual paths and finds /feed.xml.)
    await byTestId("add-feed-url").fill("http://127.0.0.1:1/not-a-feed")
    await byTestId("add-source-find").click()
    await expectText(() => byTestId("add-feed-error").textContent(), /Feed fetch error|Feed failed to parse/, 30_000)
    await screenshot(page, "02-add-feed-error")
  })

  it("adds the loopback feed and shows it in the sidebar with its unread count", async () => {
    await byTestId("add-feed-url").fill(`${fixtures.origin}/feed.xml`)
    await byTestId("add-source-find").click()
    // One feed found: its preview and the subscribe form come up at once.
    await byTestId("add-source-preview").waitFor({ timeout: 30_000 })
    await byTestId("subscription-category").fill(CATEGORY)
    await byTestId("add-feed-submit").click()
    await byTestId("add-feed-dialog").waitFor({ state: "detached", timeout: 30_000 })
    await page.waitForURL(/\/timeline\/view-0\/\d+\/pending$/)
    const folder = page.locator(`[data-testid="category-folder"][data-category="${CATEGORY}"]`)
    await expectText(() => folder.getByTestId("unread-count").first().textContent(), String(FEED_ITEMS))
    await folder.getByTestId("folder-toggle").click()
    await expectText(() => feedRow().getByTestId("unread-count").textContent(), String(FEED_ITEMS))
    await expectText(() => feedRow().getByTestId("sidebar-row-label").textContent(), "Fixture Notes")
    await byTestId("entry-row").first().waitFor()
    // The newest fixture entry is an hour old: "Yesterday" in the browser's first hour of the day.
    const newestIsToday = await page.evaluate(
      () => new Date(Date.now() - 3_600_000).toDateString() === new Date().toDateString(),
    )
    expect(await byTestId("day-heading").first().textContent()).toBe(newestIsToday ? "Today" : "Yesterday")
    // Scrolling to the end loads the second page (20 + 10 items) with the publishedAfter cursor.
    const list = byTestId("entry-list")
    await expect
      .poll(async () => {
        await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
        return list.locator("h3", { hasText: "Starting fresh: hello, world" }).count()
      })
      .toBe(1)
    await list.evaluate((element) => element.scrollTo(0, 0))
    await screenshot(page, "03-feed-added")
  })

  it("opens an entry with sanitised content and marks it read", async () => {
    openedEntryId = (await byTestId("entry-row").first().getAttribute("data-entry-id")) ?? ""
    const row = page.locator(`[data-testid="entry-row"][data-entry-id="${openedEntryId}"]`)
    expect(await row.getAttribute("data-read")).toBe("false")
    await row.click()
    await page.locator(`[data-testid="entry-detail"][data-entry-id="${openedEntryId}"]`).waitFor()
    const content = byTestId("entry-content")
    await content.locator("img").first().waitFor()
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="entry-content"] img')
      return img?.complete && img.naturalWidth > 0
    })
    expect(await content.locator("script").count()).toBe(0)
    expect(await content.locator("img[onerror]").count()).toBe(0)
    const link = content.locator("a").first()
    expect(await link.getAttribute("target")).toBe("_blank")
    expect(await link.getAttribute("rel")).toContain("noopener")
    expect(await page.evaluate(() => "__fixtureXss" in window)).toBe(false)
    await expectText(() => row.getAttribute("data-read"), "true")
    await expectText(() => feedRow().getByTestId("unread-count").textContent(), String(FEED_ITEMS - 1))
    await expectText(() => byTestId("view-tab-0").getAttribute("data-unread"), String(FEED_ITEMS - 1))
    await screenshot(page, "04-entry-open")
    await page.emulateMedia({ colorScheme: "dark" })
    await screenshot(page, "04-entry-open-dark")
    await page.emulateMedia({ colorScheme: "light" })
  })

  it("stars the entry and lists it under Starred", async () => {
    await byTestId("toggle-star").click()
    await expectText(() => byTestId("toggle-star").getAttribute("aria-pressed"), "true")
    await byTestId("sidebar-starred").click()
    await page.waitForURL(/\/collections\//)
    await expectText(() => byTestId("timeline-title").textContent(), "Starred")
    await expect.poll(() => byTestId("entry-row").count(), { timeout: 15_000 }).toBe(1)
    expect(await byTestId("entry-row").first().getAttribute("data-entry-id")).toBe(openedEntryId)
    await screenshot(page, "05-starred")
  })

  it("marks everything read after the confirmation's countdown", async () => {
    await byTestId("sidebar-all").click()
    await expectText(() => byTestId("timeline-title").textContent(), "Articles")
    // The list fetched before the feed was added must not linger: the unread entries show up.
    await expect.poll(() => byTestId("entry-row").count(), { timeout: 15_000 }).toBeGreaterThan(5)
    await byTestId("mark-all-read").click()
    await byTestId("mark-all-read-confirm").waitFor()
    await screenshot(page, "06-mark-all-read-countdown")
    // No click: the confirmation goes ahead by itself.
    await byTestId("mark-all-read-confirm").waitFor({ state: "detached", timeout: 10_000 })
    await expectText(() => byTestId("view-tab-0").getAttribute("data-unread"), "0")
    await expect.poll(() => byTestId("feed-tree").getByTestId("unread-count").count(), { timeout: 15_000 }).toBe(0)
    const counts = await page.evaluate(() => fetch("/reads").then((res) => res.json()))
    expect(Object.values(counts.data as Record<string, number>).every((count) => count === 0)).toBe(true)
    await screenshot(page, "07-all-read")
  })

  it("renames the category and edits the subscription from their menus", async () => {
    const folder = page.locator(`[data-testid="category-folder"][data-category="${CATEGORY}"]`)
    await folder.getByTestId("folder-link").click({ button: "right" })
    await page.getByRole("menuitem", { name: "Rename" }).click()
    await byTestId("category-name").fill(RENAMED)
    await byTestId("dialog-submit").click()
    await page.locator(`[data-testid="category-folder"][data-category="${RENAMED}"]`).waitFor()
    await feedRow().hover()
    await feedRow().locator("..").getByTestId("sidebar-row-menu").click()
    await page.getByRole("menuitem", { name: "Edit" }).click()
    await byTestId("subscription-title").fill("My Fixture Notes")
    await byTestId("dialog-submit").click()
    await expectText(() => feedRow().getByTestId("sidebar-row-label").textContent(), "My Fixture Notes")
    await expect
      .poll(async () => {
        const answer = await page.evaluate(() => fetch("/subscriptions").then((res) => res.json()))
        const sub = answer.data[0]
        return `${sub.category}|${sub.title}`
      })
      .toBe(`${RENAMED}|My Fixture Notes`)
    await screenshot(page, "08-renamed")
  })

  it("deletes the category but keeps its feed at the top level", async () => {
    const folder = page.locator(`[data-testid="category-folder"][data-category="${RENAMED}"]`)
    await folder.getByTestId("folder-link").click({ button: "right" })
    await page.getByRole("menuitem", { name: "Delete category" }).click()
    await byTestId("confirm-dialog-confirm").click()
    await folder.waitFor({ state: "detached" })
    await expectText(() => feedRow().getByTestId("sidebar-row-label").textContent(), "My Fixture Notes")
  })

  it("shows the offline indicator while the API cannot be reached", async () => {
    await page.context().setOffline(true)
    try {
      await byTestId("refresh-entries").click()
      await byTestId("offline-indicator").waitFor()
      await screenshot(page, "09-offline")
    } finally {
      await page.context().setOffline(false)
    }
    await byTestId("offline-indicator").waitFor({ state: "detached" })
  })

  it("signs out", async () => {
    await byTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await page.waitForURL(/\/login/)
    await byTestId("login-form").waitFor()
    await screenshot(page, "10-signed-out")
  })

  it("signs in and returns to the page it was sent away from", async () => {
    await page.goto(`${server.origin}/timeline/view-0/collections/pending`)
    await page.waitForURL(/\/login\?redirect=/)
    await byTestId("login-email").fill(EMAIL)
    await byTestId("login-password").fill("wrong-password")
    await byTestId("login-submit").click()
    await byTestId("login-error").waitFor()
    await byTestId("login-password").fill(PASSWORD)
    await byTestId("login-submit").click()
    await page.waitForURL(/\/timeline\/view-0\/collections\/pending$/)
    await expect.poll(() => byTestId("entry-row").count(), { timeout: 15_000 }).toBe(1)
  })

  it("shows the catalogue message of a failed call in a toast", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/1234567890123456789`)
    const toast = page.locator("[data-sonner-toast]", { hasText: "Entry not found" })
    await toast.waitFor()
    await page.getByText("This entry could not be found.").waitFor()
    await screenshot(page, "11-error-toast")
  })

  it("unsubscribes from the feed", async () => {
    await feedRow().click({ button: "right" })
    await page.getByRole("menuitem", { name: "Unsubscribe" }).click()
    await byTestId("confirm-dialog-confirm").click()
    await byTestId("feed-item").waitFor({ state: "detached" })
    await expect
      .poll(() =>
        page.evaluate(() =>
          fetch("/subscriptions")
            .then((res) => res.json())
            .then((a) => a.data.length),
        ),
      )
      .toBe(0)
  })

  it("goes to /login when the server answers 401", async () => {
    await page.context().clearCookies()
    await byTestId("refresh-entries").click()
    await page.waitForURL(/\/login\?redirect=/)
    await byTestId("session-expired").waitFor()
  })

  it("shows the not-found page and sends /index.html paths home", async () => {
    await page.goto(`${server.origin}/no/such/page`)
    await expectText(
      () => byTestId("not-found").textContent(),
      /You have come to a desert of knowledge where there is nothing\./,
    )
    expect(await byTestId("not-found-path").textContent()).toBe("/no/such/page")
    await screenshot(page, "12-not-found")
    await byTestId("back-home").click()
    await page.waitForURL(/\/login/)
    await page.goto(`${server.origin}/timeline/index.html`)
    await page.waitForURL((url) => !url.pathname.endsWith("/index.html"))
    expect(pageErrors).toEqual([])
  })
})
