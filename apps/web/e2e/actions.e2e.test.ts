import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "actions")
const email = `rules-${Date.now()}@example.com`
/** The rule limit is lowered so the test can reach it. */
const MAX_ACTIONS = 3

/** A feed on loopback whose items the test changes, as a publisher would. */
function startLiveFeed() {
  let titles: string[] = []
  let origin = ""
  const server: Server = createServer((_req, res) => {
    const items = titles
      .map(
        (title, i) =>
          `<item><title>${title}</title><link>${origin}/posts/${encodeURIComponent(title)}</link>` +
          `<guid>${origin}/posts/${encodeURIComponent(title)}</guid>` +
          `<pubDate>${new Date(Date.now() - i * 60_000).toUTCString()}</pubDate><description>About ${title}.</description></item>`,
      )
      .join("")
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
    res.end(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Harbour Log</title><link>${origin}/</link>${items}</channel></rss>`,
    )
  })
  return {
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(0, "127.0.0.1", () => {
          origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
          resolve()
        }),
      ),
    url: () => `${origin}/live.xml`,
    publish: (next: string[]) => {
      titles = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const feed = startLiveFeed()
let server: AppServer
let browser: Browser
let page: Page
let feedId = ""
const pageErrors: string[] = []
const puts: string[] = []
const dialogs: string[] = []

const shootBoth = (name: string) => shootBothSizes(page, shotsDir, name)

const byTestId = (id: string) => page.getByTestId(id)
const status = () => byTestId("rules-status").textContent()

beforeAll(async () => {
  feed.publish(["Sponsored: ferry discounts", "Tide tables for March", "Lighthouse keeper's log"])
  await feed.start()
  // An admin may refresh a feed on demand, which stands in for the scheduler's next visit.
  server = await startAppServer({ ADMIN_EMAILS: email, MAX_ACTIONS: String(MAX_ACTIONS) })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type())
    void dialog.accept()
  })
  page.on("request", (request) => {
    if (request.method() === "PUT" && new URL(request.url()).pathname === "/actions")
      puts.push(request.postData() ?? "")
  })
  await signUp(page, server.origin, email)
  feedId = await subscribe(page, feed.url())
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feed.close()
})

describe("the rules page", () => {
  it("names what is wrong before sending anything, then tests the rule on recent entries and saves it", async () => {
    await byTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "Actions" }).click()
    await page.waitForURL(/\/action$/)
    // The URL changes before the lazily loaded page replaces the timeline.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Actions")
    await page.getByText("No rules yet. Add one to start.").waitFor()

    await byTestId("rule-add").click()
    expect(await byTestId("rule-name").inputValue()).toBe("Rule 1")
    await byTestId("rule-name").fill("Hide sponsored posts")
    await byTestId("rule-result-block").check()

    // An empty value, then a pattern that does not compile, then a webhook that is not a web address.
    await byTestId("rules-save").click()
    expect(await byTestId("rule-problem").allTextContents()).toEqual(["Enter a value."])
    expect(await status()).toBe("Fix 1 problem before saving.")
    await byTestId("condition-operator").selectOption("regex")
    await byTestId("condition-value").fill("([a-z")
    expect(await byTestId("rule-problem").textContent()).toMatch(/^This pattern cannot be used: /)
    await byTestId("condition-value").fill("(?<=ad)vert")
    expect(await byTestId("rule-problem").textContent()).toMatch(/look-around or back-reference/)
    await byTestId("condition-operator").selectOption("contains")
    await byTestId("condition-value").fill("sponsored")
    await byTestId("rule-add-webhook").click()
    await byTestId("rule-webhook").fill("ftp://hooks.example.com/in")
    expect(await byTestId("rule-problem").allTextContents()).toEqual(["A webhook must be an http or https address."])
    await byTestId("rules-save").click()
    expect(puts).toEqual([])
    expect(await shootBoth("editor-problem")).toEqual([])
    await page.getByRole("button", { name: "Remove webhook" }).click()
    expect(await byTestId("rule-problem").count()).toBe(0)

    await byTestId("rules-test").click()
    await expect.poll(() => byTestId("rules-test-summary").textContent()).toContain("3 most recent entries")
    expect(await byTestId("rules-test-summary").textContent()).toContain("1 would be blocked.")
    const matches = byTestId("rule-matches")
    expect(await matches.locator("p").first().textContent()).toBe("Matches 1 recent entry:")
    const match = byTestId("rule-match")
    expect(await match.allTextContents()).toEqual(["Sponsored: ferry discountsHarbour Log"])
    expect(await match.locator("span").first().getAttribute("class")).toContain("line-through")
    // The test follows the draft: a second rule that stars the tide entries shows its own match.
    await byTestId("rule-add").click()
    await byTestId("rule-name").nth(1).fill("Star tides")
    await byTestId("condition-field").nth(1).selectOption("entry_title")
    await byTestId("condition-value").nth(1).fill("tide")
    await byTestId("rule-result-star").nth(1).check()
    await expect
      .poll(() => byTestId("rule-card").nth(1).getByTestId("rule-match").allTextContents())
      .toEqual(["Tide tables for MarchHarbour Log"])

    expect(await shootBoth("editor")).toEqual([])

    await byTestId("rules-save").click()
    await expect.poll(status).toBe("Saved.")
    expect(puts).toHaveLength(1)
    expect(JSON.parse(puts[0] ?? "")).toEqual({
      rules: [
        {
          name: "Hide sponsored posts",
          condition: [{ field: "entry_title", operator: "contains", value: "sponsored" }],
          result: { block: true },
        },
        {
          name: "Star tides",
          condition: [{ field: "entry_title", operator: "contains", value: "tide" }],
          result: { star: true },
        },
      ],
    })
    await page.reload()
    await expect
      .poll(() => byTestId("rule-name").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
      .toEqual(["Hide sponsored posts", "Star tides"])
  })

  it("reorders rules with buttons and names the rule limit in the catalogue's words", async () => {
    // With the keyboard: the focus stays with the moved rule, on its other move button once it reaches the end.
    await byTestId("rule-move-down").first().focus()
    await page.keyboard.press("Enter")
    const names = () => byTestId("rule-name").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
    expect(await names()).toEqual(["Star tides", "Hide sponsored posts"])
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))
    await expect.poll(focused).toBe("Move “Hide sponsored posts” up")
    await page.keyboard.press("Enter")
    expect(await names()).toEqual(["Hide sponsored posts", "Star tides"])
    // At the top its up button is disabled, and the focus moves to its down button after the move is drawn: an Enter
    // sent before that went to the disabled button (a full run, once).
    await expect.poll(focused).toBe("Move “Hide sponsored posts” down")
    await page.keyboard.press("Enter")
    expect(await names()).toEqual(["Star tides", "Hide sponsored posts"])
    expect(await byTestId("rule-move-down").last().isDisabled()).toBe(true)
    await byTestId("rule-add").click()
    await byTestId("rule-add").click()
    for (const input of await byTestId("condition-value").all()) if (!(await input.inputValue())) await input.fill("x")
    await byTestId("rules-save").click()
    await expect.poll(status).toBe("Action limit exceeded")
    // Unsaved edits: leaving asks first, in the app and in the browser.
    await page.getByRole("link", { name: "Back to Home" }).click()
    const dialog = page.locator("dialog[open]")
    expect(await dialog.getByRole("heading").textContent()).toBe("Leave with unsaved rules?")
    await dialog.getByRole("button", { name: "Cancel" }).click()
    expect(new URL(page.url()).pathname).toBe("/action")
    // Nothing was stored: the saved order and count come back on reload.
    await page.reload()
    expect(dialogs).toEqual(["beforeunload"])
    await expect.poll(names).toEqual(["Hide sponsored posts", "Star tides"])
  })
})

describe("the saved rule on the next refresh", () => {
  it("keeps the new entry with the keyword out of the timeline and lets the other in", async () => {
    feed.publish([
      "Sponsored: a new ferry line",
      "Harbour opens a new pier",
      "Sponsored: ferry discounts",
      "Tide tables for March",
      "Lighthouse keeper's log",
    ])
    const refreshed = await page.evaluate(async (id) => (await fetch(`/feeds/refresh?id=${id}`)).status, feedId)
    expect(refreshed).toBe(200)
    await page.goto(server.origin)
    await page.waitForURL(/\/timeline\//)
    const rows = () => byTestId("entry-row").allTextContents()
    await expect.poll(async () => (await rows()).join("\n"), { timeout: 15_000 }).toContain("Harbour opens a new pier")
    expect((await rows()).join("\n")).not.toContain("Sponsored: a new ferry line")
    // The server agrees: the blocked entry never reached this user's timeline.
    const titles = await page.evaluate(async (id) => {
      const res = await fetch("/entries", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ feedId: id, limit: 20 }),
      })
      return ((await res.json()).data as { entries: { title: string } }[]).map((item) => item.entries.title)
    }, feedId)
    expect(titles).toContain("Harbour opens a new pier")
    expect(titles).not.toContain("Sponsored: a new ferry line")
    expect(pageErrors).toEqual([])
  })
})
