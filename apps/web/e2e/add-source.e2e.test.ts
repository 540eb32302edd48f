// Adding a source by words (a search among the feeds others follow publicly here) and by an rsshub:// route (a
// stand-in RSSHub instance on loopback), choosing the view and the title before subscribing.
// (Feed and website addresses, private and hide-from-timeline: shell.e2e.test.ts.)
// Run: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/add-source.e2e.test.ts
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type MediaFixtures, startMediaFixtures } from "./support/media-fixtures.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"
import { shootBoth } from "./support/views-helpers.ts"

let fixtures: MediaFixtures
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)

interface Sub {
  feedId: string
  view: number
  title: string | null
  feeds: { url: string; title: string }
}

const subscriptions = () =>
  page.evaluate(async () => {
    const answer = await fetch("/subscriptions").then((res) => res.json())
    return answer.data as Sub[]
  })

async function openAddDialog() {
  await page.goto(`${server.origin}/timeline/view-0/all/pending`)
  await byTestId("add-feed-button").click()
  await byTestId("add-feed-dialog").waitFor()
}

/** Picks the view and the title, subscribes, and returns the new subscription. */
async function subscribeAs(view: number, title: string): Promise<Sub> {
  await byTestId("subscription-view").selectOption(String(view))
  await byTestId("subscription-title").fill(title)
  await byTestId("add-feed-submit").click()
  await byTestId("add-feed-dialog").waitFor({ state: "detached", timeout: 30_000 })
  const feedId = new URL(page.url()).pathname.split("/")[3]
  expect(page.url()).toContain(`/timeline/view-${view}/${feedId}`)
  const sub = (await subscriptions()).find((item) => item.feedId === feedId)
  if (!sub) throw new Error(`no subscription to ${feedId}`)
  return sub
}

beforeAll(async () => {
  fixtures = await startMediaFixtures()
  server = await startAppServer({ RSSHUB_URL: `${fixtures.origin}/rsshub/` })
  browser = await launchBrowser()
  // Someone else follows the harbour articles publicly, so words can find them.
  const other = await browser.newPage()
  await signUp(other, server.origin, `other-${Date.now()}@example.com`)
  await subscribe(other, `${fixtures.origin}/articles.xml`)
  await other.close()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `adder-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("add a source", () => {
  it("finds a feed by words, previews it, and subscribes in the chosen view under the chosen title", async () => {
    await openAddDialog()
    await byTestId("add-feed-url").fill("harbour articles")
    // Words are searched, and the button says so.
    expect(await byTestId("add-source-find").textContent()).toBe("Search")
    await byTestId("add-source-find").click()
    await expect
      .poll(() => byTestId("add-source-preview").textContent(), { timeout: 30_000 })
      .toContain("Article number 1")
    expect(await byTestId("add-source-picked").textContent()).toContain("Harbour Articles")
    expect(await shootBoth(page, "add-source-keyword")).toEqual([])
    const sub = await subscribeAs(1, "Harbour, my way")
    expect(sub).toMatchObject({ view: 1, title: "Harbour, my way", feeds: { title: "Harbour Articles" } })
    await expect.poll(() => byTestId("timeline-title").textContent()).toBe("Harbour, my way")
    await page.getByTestId("social-card").first().waitFor()
  })

  it("says so when no feed matches the words", async () => {
    await openAddDialog()
    await byTestId("add-feed-url").fill("nothing like this anywhere")
    await byTestId("add-source-find").click()
    await expect.poll(() => byTestId("add-feed-error").textContent()).toBe("No feed matches these words.")
  })

  it("subscribes to an rsshub:// route through the configured instance", async () => {
    await openAddDialog()
    await byTestId("add-feed-url").fill("rsshub://harbour/tides")
    expect(await byTestId("add-feed-dialog").textContent()).toContain("An RSSHub route.")
    await byTestId("add-source-find").click()
    await expect
      .poll(() => byTestId("add-source-preview").textContent(), { timeout: 30_000 })
      .toContain("High tide 1 on harbour/tides")
    expect(await shootBoth(page, "add-source-rsshub")).toEqual([])
    const sub = await subscribeAs(0, "Tides")
    // The route is kept as the feed's address, so another instance later needs no change.
    expect(sub).toMatchObject({ view: 0, title: "Tides", feeds: { url: "rsshub://harbour/tides" } })
    await expect.poll(() => byTestId("entry-row").count()).toBe(3)
    expect(await byTestId("entry-row").first().textContent()).toContain("High tide 1 on harbour/tides")
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
