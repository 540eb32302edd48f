// The keyboard in the reader, key by key: focus areas (a popup menu keeps its keys, the article keeps ↑/↓ and
// Space), the player's Space, h/l, Tab, b, o, r, mod+B, mod+comma, mod+T and mod+N. A real server, loopback feeds
// (long essays to scroll, a podcast to play) and Chromium.
// Run: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/keyboard.e2e.test.ts
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type MediaFixtures, startMediaFixtures } from "./support/media-fixtures.ts"
import { scrollSettled } from "./support/scroll.ts"
import { setSettings } from "./support/settings.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

let fixtures: MediaFixtures
let server: AppServer
let browser: Browser
let page: Page
let essays = ""
let articles = ""
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
const mod = process.platform === "darwin" ? "Meta" : "Control"

/** The open entry's id, from the address (timeline/{view}/{feed}/{entry}). */
const openEntryId = () => new URL(page.url()).pathname.split("/")[4] ?? ""
/** The article's scroll offset once a smooth keyboard scroll has come to rest. */
const scrollerTop = async () => {
  await scrollSettled(page, '[data-testid="entry-scroller"]')
  return byTestId("entry-scroller").evaluate((element) => element.scrollTop)
}

async function blur() {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

/** Opens the n-th row of the essays feed and waits for its article. */
async function openEssay(n: number): Promise<string> {
  await page.goto(`${server.origin}/timeline/view-0/${essays}/pending`)
  const row = byTestId("entry-row").nth(n)
  await row.waitFor()
  const id = (await row.getAttribute("data-entry-id")) ?? ""
  await row.click()
  await page.locator(`[data-testid="entry-detail"][data-entry-id="${id}"]`).waitFor()
  await byTestId("entry-content").waitFor()
  return id
}

/** A click in the article's text, as a reader does before scrolling it with keys. */
async function clickArticleText() {
  await byTestId("entry-content").locator("p").nth(2).click()
}

async function entryState(id: string) {
  return page.evaluate(async (id) => {
    const answer = await fetch(`/entries?id=${id}`).then((res) => res.json())
    return { read: answer.data.read as boolean, starred: Boolean(answer.data.collections) }
  }, id)
}

beforeAll(async () => {
  fixtures = await startMediaFixtures()
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `keys-${Date.now()}@example.com`)
  essays = await subscribe(page, `${fixtures.origin}/essays.xml`)
  articles = await subscribe(page, `${fixtures.origin}/articles.xml`)
  await subscribe(page, `${fixtures.origin}/podcast.xml`, 4)
  // Read entries stay in the lists, so the keys walk a list that does not change under them; the pointer does
  // not mark rows read either.
  await setSettings(page, { general: { unreadOnly: false, hoverMarkUnread: false } })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("focus areas", () => {
  it("keeps ↓, j, m and s inside an open popup menu: the timeline does not move", async () => {
    const id = await openEssay(0)
    const before = await entryState(id)
    const url = page.url()
    await byTestId("entry-more").click()
    const items = page.getByRole("menuitem")
    await expect.poll(() => items.first().evaluate((item) => item === document.activeElement)).toBe(true)
    await page.keyboard.press("ArrowDown")
    // ↓ moved within the menu, not to the next entry.
    expect(await items.nth(1).evaluate((item) => item === document.activeElement)).toBe(true)
    for (const key of ["j", "m", "s", "ArrowUp", "k"]) await page.keyboard.press(key)
    await page.waitForTimeout(500)
    expect(page.url()).toBe(url)
    expect(await entryState(id)).toEqual(before)
    expect(await page.getByRole("menu").count()).toBe(1)
    // Closed, the same keys reach the timeline again.
    await page.keyboard.press("Escape")
    await page.getByRole("menu").waitFor({ state: "detached" })
    await blur()
    await page.keyboard.press("j")
    await expect.poll(openEntryId).not.toBe(id)
  })

  it("leaves ↑/↓ to the article, which scrolls; j and k still step entries from there", async () => {
    const id = await openEssay(0)
    await clickArticleText()
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest("[data-focus-scope]")?.getAttribute("data-focus-scope"),
      ),
    ).toBe("entry-render")
    const top = await scrollerTop()
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown")
    await expect.poll(scrollerTop).toBeGreaterThan(top + 60)
    expect(openEntryId()).toBe(id)
    const down = await scrollerTop()
    await page.keyboard.press("ArrowUp")
    await expect.poll(scrollerTop).toBeLessThan(down)
    expect(openEntryId()).toBe(id)
    await page.keyboard.press("j")
    await expect.poll(openEntryId).not.toBe(id)
    const next = openEntryId()
    await page.keyboard.press("k")
    await expect.poll(openEntryId).toBe(id)
    expect(next).not.toBe(id)
  })

  it("steps entries with ↓ and ↑ in the list", async () => {
    const first = await openEssay(0)
    const order = await byTestId("entry-row").evaluateAll((rows) =>
      rows.map((row) => row.getAttribute("data-entry-id")),
    )
    // The clicked row keeps the focus: the timeline area.
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest("[data-focus-scope]")?.getAttribute("data-focus-scope"),
      ),
    ).toBe("timeline")
    await page.keyboard.press("ArrowDown")
    await expect.poll(openEntryId).toBe(order[1])
    await page.keyboard.press("ArrowDown")
    await expect.poll(openEntryId).toBe(order[2])
    await page.keyboard.press("ArrowUp")
    await expect.poll(openEntryId).toBe(order[1])
    await page.keyboard.press("ArrowUp")
    await expect.poll(openEntryId).toBe(first)
  })
})

describe("Space", () => {
  it("scrolls the article when no player is shown, wherever the reader clicked last", async () => {
    await openEssay(1)
    expect(await byTestId("audio-player").count()).toBe(0)
    await clickArticleText()
    const top = await scrollerTop()
    await page.keyboard.press("Space")
    await expect.poll(scrollerTop).toBeGreaterThan(top + 200)
    // With the focus nowhere (the home area), Space still scrolls what the reader clicked in.
    await blur()
    const next = await scrollerTop()
    await page.keyboard.press("Space")
    await expect.poll(scrollerTop).toBeGreaterThan(next + 200)
  })

  it("plays and pauses the audio player when it is shown", async () => {
    await page.goto(`${server.origin}/timeline/view-4/all/pending`)
    await byTestId("audio-play").first().click()
    const status = () => byTestId("audio-player").getAttribute("data-status")
    const paused = () =>
      page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.paused)
    await expect.poll(status, { timeout: 15_000 }).toBe("playing")
    await page.goto(`${server.origin}/timeline/view-0/${essays}/pending`)
    await byTestId("entry-row").first().waitFor()
    await expect.poll(status, { timeout: 15_000 }).toBe("paused")
    await byTestId("player-toggle").click()
    await expect.poll(status).toBe("playing")
    await blur()
    await page.keyboard.press("Space")
    await expect.poll(status).toBe("paused")
    expect(await paused()).toBe(true)
    await page.keyboard.press("Space")
    await expect.poll(status).toBe("playing")
    expect(await paused()).toBe(false)
    const at = await page.evaluate(
      () => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.currentTime ?? 0,
    )
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.currentTime ?? 0),
      )
      .toBeGreaterThan(at + 0.3)
    // A focused button keeps its own Space.
    await byTestId("refresh-entries").focus()
    await page.keyboard.press("Space")
    await page.waitForTimeout(300)
    expect(await status()).toBe("playing")
    await byTestId("player-close").click()
    await byTestId("audio-player").waitFor({ state: "detached" })
  })
})

describe("timeline keys", () => {
  it("moves through the subscription list with l and h", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("entry-row").first().waitFor()
    const rows = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLAnchorElement>(
          "[data-focus-scope='subscription-list'] a[href^='/timeline/']:not([data-testid^='view-tab'])",
        ),
      ].map((row) => row.getAttribute("href") ?? ""),
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const path = () => new URL(page.url()).pathname
    const at = rows.indexOf(path())
    expect(at).toBeGreaterThanOrEqual(0)
    await blur()
    await page.keyboard.press("l")
    await expect.poll(path).toBe(rows[at + 1])
    await page.keyboard.press("l")
    await expect.poll(path).toBe(rows[at + 2])
    await page.keyboard.press("h")
    await expect.poll(path).toBe(rows[at + 1])
  })

  it("switches views with Tab and Shift+Tab, wrapping around", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("entry-row").first().waitFor()
    const view = () => new URL(page.url()).pathname.split("/")[2]
    await blur()
    await page.keyboard.press("Tab")
    await expect.poll(view).toBe("view-1")
    await page.keyboard.press("Tab")
    await expect.poll(view).toBe("view-2")
    await page.keyboard.press("Shift+Tab")
    await expect.poll(view).toBe("view-1")
    await page.keyboard.press("Shift+Tab")
    await expect.poll(view).toBe("view-0")
    // Before the first view comes the last one shown: audio, which holds the podcast.
    await page.keyboard.press("Shift+Tab")
    await expect.poll(view).toBe("view-4")
  })

  it("opens the entry in the browser with b", async () => {
    const id = await openEssay(2)
    const url = await page.evaluate(async (id) => {
      const answer = await fetch(`/entries?id=${id}`).then((res) => res.json())
      return answer.data.entries.url as string
    }, id)
    expect(url).toMatch(/\/posts\/essay/)
    await blur()
    const opened = page.context().waitForEvent("page")
    await page.keyboard.press("b")
    const tab = await opened
    await tab.waitForLoadState()
    expect(tab.url()).toBe(url)
    await tab.close()
    expect(openEntryId()).toBe(id)
  })

  it("opens the entry's feed with o", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    const row = byTestId("entry-row").filter({ hasText: "Harbour Articles" }).first()
    await row.click()
    await byTestId("entry-detail").waitFor()
    await blur()
    await page.keyboard.press("o")
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/timeline/view-0/${articles}/pending`)
    await byTestId("entry-row").first().waitFor()
    await expect.poll(() => byTestId("timeline-title").textContent()).toBe("Harbour Articles")
  })

  it("refreshes the list with r", async () => {
    await page.goto(`${server.origin}/timeline/view-0/${essays}/pending`)
    await byTestId("entry-row").first().waitFor()
    await page.waitForTimeout(300)
    const asked: string[] = []
    const onRequest = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname === "/entries") asked.push(request.url())
    }
    page.on("request", onRequest)
    await blur()
    await page.keyboard.press("r")
    await expect.poll(() => asked.length).toBeGreaterThan(0)
    page.off("request", onRequest)
  })

  it("hides and shows the sidebar with mod+B", async () => {
    await byTestId("sidebar").waitFor()
    await blur()
    await page.keyboard.press(`${mod}+b`)
    await byTestId("sidebar").waitFor({ state: "detached" })
    await page.keyboard.press(`${mod}+b`)
    await byTestId("sidebar").waitFor()
  })
})

describe("the desktop shortcuts of the spec", () => {
  it("opens settings with mod+comma and discover with mod+T", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("entry-row").first().waitFor()
    await blur()
    await page.keyboard.press(`${mod}+Comma`)
    // /settings replaces itself with its first page once that page's code is in: going back before then would
    // race the replacement.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/settings/general")
    await page.goBack()
    await expect.poll(() => new URL(page.url()).pathname).toBe("/timeline/view-0/all/pending")
    await byTestId("entry-row").first().waitFor()
    await blur()
    await page.keyboard.press(`${mod}+t`)
    await expect.poll(() => new URL(page.url()).pathname).toBe("/discover")
  })

  it("opens the quick-add dialog with mod+N, and the palette offers it too", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("entry-row").first().waitFor()
    await blur()
    // The key itself: no click behind it.
    await page.keyboard.press(`${mod}+n`)
    await byTestId("add-feed-dialog").waitFor({ timeout: 3000 })
    await page.keyboard.press("Escape")
    await byTestId("add-feed-dialog").waitFor({ state: "detached" })
    // A browser tab may keep mod+N and mod+T for itself: the command palette runs both all the same.
    for (const [command, done] of [
      ["Add a source", () => byTestId("add-feed-dialog").waitFor()],
      ["Discover", () => page.waitForURL(/\/discover$/)],
    ] as const) {
      await blur()
      await page.keyboard.press(`${mod}+k`)
      await byTestId("palette-input").fill(command)
      const hit = byTestId("palette-result").first()
      await expect.poll(() => hit.getAttribute("data-kind")).toBe("command")
      await page.keyboard.press("Enter")
      await done()
      if (command === "Add a source") {
        await page.keyboard.press("Escape")
        await byTestId("add-feed-dialog").waitFor({ state: "detached" })
      }
    }
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
