// Search from the palette (issue 15): mod+K, words the titles do not hold (a stem of a word in the text), the
// server's ranked answer with the words marked in a snippet, Enter opens the entry; the query language's filters;
// phone and desktop, axe. Needs the web build (scripts/build-web.mjs).
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ARTICLE_TITLE, type FeedServer, startAiFeed } from "./support/ai-kit.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"
import { shoot } from "./support/views-helpers.ts"

let server: AppServer
let feed: FeedServer
let browser: Browser
let page: Page

/** GET /entries/search from the page (with its session): the titles found. */
const searchTitles = (q: string) =>
  page.evaluate(async (query) => {
    const res = await fetch(`/entries/search?q=${encodeURIComponent(query)}`)
    const answer = (await res.json()) as { data?: { entries: { title: string } }[] }
    return (answer.data ?? []).map((item) => item.entries.title)
  }, q)

beforeAll(async () => {
  // The indexer every second, so the entries are searchable soon after the subscription.
  ;[server, feed] = await Promise.all([startAppServer({ SEARCH_INDEX_INTERVAL_SECONDS: "1" }), startAiFeed()])
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await signUp(page, server.origin, `search-${Date.now()}@example.com`)
  await subscribe(page, feed.feedUrl)
  const deadline = Date.now() + 20_000
  while (!(await searchTitles("floods")).length) {
    if (Date.now() > deadline) throw new Error("the entries were not indexed within 20 s")
    await page.waitForTimeout(250)
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feed?.close()
})

describe("search from the palette", () => {
  it("finds an entry by a word of its text, shows the word marked, and opens it with Enter", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await page.getByTestId("sidebar").waitFor()
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width, height })
      await page.keyboard.press("Control+k")
      await page.getByTestId("palette-input").waitFor()
      // Empty, the palette says how to search.
      expect(await page.getByTestId("palette-syntax").textContent()).toContain("is:unread")
      // "floods": in the text as "flood", in no title.
      await page.keyboard.type("floods")
      const hit = page.locator('[data-testid="palette-result"][data-kind="server"]')
      await hit.first().waitFor({ timeout: 10_000 })
      expect(await hit.first().textContent()).toContain(ARTICLE_TITLE)
      const marked = hit.first().locator('[data-testid="palette-snippet"] mark')
      expect((await marked.first().textContent())?.toLowerCase()).toBe("flood")
      await shoot(page, `search-palette-${width}`)
      expect(await seriousViolations(page)).toEqual([])
      if (width === 390) await page.keyboard.press("Escape")
    }
    // The server's hits follow the commands and loaded entries; move to the first and open it.
    const options = page.locator('[data-testid="palette-result"]')
    const index = await options.evaluateAll((nodes) =>
      nodes.findIndex((node) => node.getAttribute("data-kind") === "server"),
    )
    for (let i = 0; i < index; i++) await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/timeline\/view-0\/[^/]+\/[^/]+$/)
    await page.getByRole("heading", { name: ARTICLE_TITLE }).first().waitFor()
  })

  it("narrows by the query language's filters", async () => {
    expect(await searchTitles("rivers")).toEqual([ARTICLE_TITLE])
    expect(await searchTitles("rivers -snow")).toEqual([])
    expect(await searchTitles('"snow water"')).toEqual([ARTICLE_TITLE])
    expect(await searchTitles("rivers is:starred")).toEqual([])
    expect(await searchTitles("rivers view:videos")).toEqual([])
    expect(await searchTitles("feed:northern short")).toEqual(["Short note"])
  })
})
