// The shell end to end: phone layout, keyboard, palette, toasts, add a source and the entry toolbar, with a real
// server (child process), loopback feeds and Chromium driving the built client.
// Run: cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/shell.e2e.test.ts
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { setSettings } from "./support/settings.ts"
import { axeViolations, scrollWidth, shot, sidewaysScrollers, signUp, subscribe } from "./support/shell-kit.ts"

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
let feedId = ""
const pageErrors: string[] = []

const byTestId = (id: string) => page.getByTestId(id)
// A resize reaches the layout through a media query and a render: wait until the other layout has gone.
async function toPhone() {
  await page.setViewportSize(PHONE)
  await page.waitForFunction(() => !document.querySelector('[data-layout="desktop"]'))
}
async function toDesktop() {
  await page.setViewportSize(DESKTOP)
  await page.waitForFunction(() => !document.querySelector('[data-layout="mobile"]'))
}
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

beforeAll(async () => {
  fixtures = await startFixtureServer()
  server = await startAppServer()
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: DESKTOP, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `shell-${Date.now()}@example.com`)
  feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("phone layout at 390 × 844", () => {
  it("goes drawer → feed → entry → back in one column without sideways scrolling", async () => {
    await toPhone()
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.locator('[data-layout="mobile"]').waitFor()
    await byTestId("tab-bar").waitFor()
    await byTestId("entry-row").first().waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    expect(await sidewaysScrollers(page)).toEqual([])
    await shot(page, "phone-timeline")

    await byTestId("open-drawer").click()
    await byTestId("drawer").getByTestId("sidebar").waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    await shot(page, "phone-drawer")
    expect(await axeViolations(page)).toEqual([])
    await byTestId("drawer").getByTestId("feed-item").first().click()
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`))
    await expect.poll(() => byTestId("drawer").isVisible()).toBe(false)
    await byTestId("entry-row").first().waitFor()
    expect(await axeViolations(page)).toEqual([])

    const entryId = (await byTestId("entry-row").first().getAttribute("data-entry-id")) ?? ""
    await byTestId("entry-row").first().click()
    await page.locator(`[data-testid="entry-detail"][data-entry-id="${entryId}"]`).waitFor()
    await byTestId("entry-content").waitFor()
    expect(await byTestId("entry-list").count()).toBe(0)
    expect(await byTestId("tab-bar").count()).toBe(0)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    expect(await sidewaysScrollers(page)).toEqual([])
    await shot(page, "phone-entry")
    expect(await axeViolations(page)).toEqual([])

    await byTestId("entry-back").click()
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`))
    await byTestId("entry-row").first().waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
  })

  it("keeps the three columns at 1280 px", async () => {
    await toDesktop()
    await page.locator('[data-layout="desktop"]').waitFor()
    expect(await byTestId("tab-bar").count()).toBe(0)
    await byTestId("sidebar").waitFor()
    expect(pageErrors).toEqual([])
  })
})

const openEntryId = () => new URL(page.url()).pathname.split("/")[4] ?? ""
const mod = process.platform === "darwin" ? "Meta" : "Control"

async function blur() {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

describe("keyboard at 1280 × 800", () => {
  it("walks ten entries with j and back with k, marks with m and stars with s", async () => {
    await page.goto(`${server.origin}/timeline/view-0/${feedId}/pending`)
    await byTestId("entry-row").first().waitFor()
    // u shows read entries too, so the ones j reads stay in the list for k (an unread-only list may drop them).
    await blur()
    await page.keyboard.press("u")
    await expect.poll(() => byTestId("unread-only-toggle").getAttribute("aria-pressed")).toBe("false")
    await page.waitForTimeout(500)
    const order = await byTestId("entry-row").evaluateAll((rows) =>
      rows.map((row) => row.getAttribute("data-entry-id")),
    )
    await blur()
    const visited: string[] = []
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press("j")
      await expect.poll(openEntryId).not.toBe(visited.at(-1) ?? "pending")
      visited.push(openEntryId())
      await page.locator(`[data-testid="entry-detail"][data-entry-id="${visited.at(-1)}"]`).waitFor()
      // The open row stays in sight as the list scrolls with the keys.
      await page.locator(`[data-testid="entry-row"][aria-current="page"]`).waitFor()
    }
    expect(new Set(visited).size).toBe(10)
    expect(visited.slice(0, order.length)).toEqual(order.slice(0, Math.min(10, order.length)))
    // Pressed at once, before React renders the navigation k made: ↓ must step from where k went.
    await page.keyboard.press("k")
    await page.keyboard.press("ArrowDown")
    await expect.poll(openEntryId).toBe(visited[9])
    await page.keyboard.press("k")
    await expect.poll(openEntryId).toBe(visited[8])
    await page.keyboard.press("ArrowDown")
    await expect.poll(openEntryId).toBe(visited[9])

    const current = visited[9]
    const state = () =>
      page.evaluate(async (id) => {
        const answer = await fetch(`/entries?id=${id}`).then((res) => res.json())
        return { read: answer.data.read as boolean, starred: Boolean(answer.data.collections) }
      }, current)
    await expect.poll(async () => (await state()).read).toBe(true)
    await page.keyboard.press("m")
    await expect.poll(async () => (await state()).read).toBe(false)
    await page.keyboard.press("s")
    await expect.poll(async () => (await state()).starred).toBe(true)
    await expect.poll(() => byTestId("toggle-star").getAttribute("aria-pressed")).toBe("true")
  })

  it("ignores the keys while typing and rejects nothing the table defines", async () => {
    await page.keyboard.press(`${mod}+k`)
    await byTestId("palette-input").waitFor()
    const before = page.url()
    await page.keyboard.type("jjkk")
    expect(page.url()).toBe(before)
    expect(await byTestId("palette-input").inputValue()).toBe("jjkk")
    await page.keyboard.press("Escape")
    await byTestId("command-palette").waitFor({ state: "detached" })
  })

  it("leaves Space to the page while no player is shown (keyboard.e2e.test.ts plays one)", async () => {
    await page.evaluate(() => {
      ;(window as unknown as { plays: number }).plays = 0
      window.addEventListener("tidings:toggle-play", () => {
        ;(window as unknown as { plays: number }).plays++
      })
    })
    await blur()
    await page.keyboard.press("Space")
    expect(await page.evaluate(() => (window as unknown as { plays: number }).plays)).toBe(0)
  })

  it("shows the shortcut list with ?", async () => {
    await blur()
    await page.keyboard.press("Shift+Slash")
    await byTestId("shortcuts-dialog").waitFor()
    expect(await byTestId("shortcuts-dialog").textContent()).toContain("Next entry")
    await shot(page, "shortcuts")
    expect(await axeViolations(page)).toEqual([])
    await toPhone()
    await shot(page, "shortcuts")
    await toDesktop()
    await page.keyboard.press("Escape")
    await byTestId("shortcuts-dialog").waitFor({ state: "detached" })
  })

  it("finds an entry with mod+K and opens it", async () => {
    await blur()
    await page.keyboard.press(`${mod}+k`)
    await byTestId("palette-input").waitFor()
    await page.keyboard.type("chronological")
    const hit = byTestId("palette-result").first()
    await expect.poll(() => hit.textContent()).toContain("The case for chronological timelines")
    // Loaded, or found by the server when the unread-only list no longer holds it.
    expect(["entry", "server"]).toContain(await hit.getAttribute("data-kind"))
    await shot(page, "palette")
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press("Enter")
    await byTestId("command-palette").waitFor({ state: "detached" })
    await expect.poll(() => byTestId("entry-title").textContent()).toContain("The case for chronological timelines")
  })

  it("runs commands from the palette and searches feeds", async () => {
    await page.keyboard.press(`${mod}+k`)
    await page.keyboard.type("fixture notes")
    await expect.poll(() => byTestId("palette-result").first().getAttribute("data-kind")).toBe("feed")
    await page.keyboard.press("Escape")
    await page.keyboard.press(`${mod}+k`)
    await page.keyboard.type("shortcuts")
    await expect.poll(() => byTestId("palette-result").first().getAttribute("data-kind")).toBe("command")
    await page.keyboard.press("Enter")
    await byTestId("shortcuts-dialog").waitFor()
    await page.keyboard.press("Escape")
  })

  it("shows the palette on a phone too", async () => {
    await toPhone()
    await blur()
    await page.keyboard.press(`${mod}+k`)
    await page.keyboard.type("feeds")
    await byTestId("palette-result").first().waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    await shot(page, "palette")
    await page.keyboard.press("Escape")
    await toDesktop()
    expect(pageErrors).toEqual([])
  })
})

describe("mark all read and toasts at 1280 × 800", () => {
  it("confirms in a dialog with a visible countdown, for the entries below the open one only", async () => {
    await page.goto(`${server.origin}/timeline/view-0/${feedId}/pending`)
    // Only unread entries listed (the keyboard tests above showed all, and settings persist).
    await setSettings(page, { general: { unreadOnly: true } })
    await byTestId("entry-row").nth(2).waitFor()
    // The third entry the server holds unread, so two unread entries lie above the open one. The rows the tests
    // above read stay listed (the cached unread list is still fresh), so it may lie below the rendered window of
    // the virtual list: scroll until it is rendered.
    const third = (await unreadIds())[2]
    if (!third) throw new Error("fewer than three unread entries")
    const row = page.locator(`[data-testid="entry-row"][href$="/${third}"]`)
    const list = await byTestId("entry-row").first().boundingBox()
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
      await page.mouse.move((list?.x ?? 0) + 20, (list?.y ?? 0) + 20)
      await page.mouse.wheel(0, 300)
      await page.waitForTimeout(100)
    }
    await row.click()
    await expect.poll(openEntryId).toBe(third)
    const openId = openEntryId()
    await page.locator(`[data-testid="entry-detail"][data-entry-id="${openId}"]`).waitFor()
    const unreadBefore = await unreadIds()
    await blur()
    await page.keyboard.press(`Shift+${mod}+a`)
    await byTestId("mark-all-read-confirm").waitFor()
    await byTestId("mark-scope-below").check()
    await expect.poll(() => byTestId("mark-all-read-countdown").textContent()).toContain("3")
    await shot(page, "mark-all-read")
    expect(await axeViolations(page)).toEqual([])
    // No click: it goes ahead by itself.
    await byTestId("mark-all-read-confirm").waitFor({ state: "detached", timeout: 10_000 })
    const toastBox = page.locator("[data-sonner-toast]").first()
    await toastBox.waitFor()
    const box = await toastBox.boundingBox()
    expect(Math.round(box?.width ?? 0)).toBe(356)
    expect(DESKTOP.width - ((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThan(64)
    expect(DESKTOP.height - ((box?.y ?? 0) + (box?.height ?? 0))).toBeLessThan(64)
    const unreadAfter = await unreadIds()
    const openPublished = await publishedAt(openId)
    // The ones above the open entry stay unread; it and the ones below are read.
    for (const id of unreadBefore) {
      const newer = (await publishedAt(id)) > openPublished
      expect(unreadAfter.includes(id), id).toBe(newer)
    }
    expect(unreadAfter.length).toBeGreaterThan(0)

    // Alt+T moves focus to the toasts; hovering keeps one past its 4000 ms.
    await page.keyboard.press("Alt+t")
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[data-sonner-toaster]"))))
      .toBe(true)
    await toastBox.hover()
    await page.waitForTimeout(4500)
    expect(await page.locator("[data-sonner-toast]").count()).toBeGreaterThan(0)
    await shot(page, "toast")
  })
})

async function unreadIds(): Promise<string[]> {
  return page.evaluate(async (id) => {
    const res = await fetch("/entries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ feedId: id, read: false, limit: 100 }),
    })
    const answer = await res.json()
    return (answer.data as { entries: { id: string } }[]).map((item) => item.entries.id)
  }, feedId)
}

async function publishedAt(entryId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const answer = await fetch(`/entries?id=${id}`).then((res) => res.json())
    return answer.data.entries.publishedAt as string
  }, entryId)
}

describe("add a source", () => {
  it("finds a website's feeds, previews one, subscribes privately, and says when a feed is already followed", async () => {
    await toDesktop()
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("add-feed-button").click()
    await byTestId("add-feed-url").fill(`${fixtures.origin}/site/`)
    await byTestId("add-source-find").click()
    await expect.poll(() => byTestId("add-source-result").count(), { timeout: 30_000 }).toBe(2)
    const followedRow = byTestId("add-source-result").filter({ hasText: "Fixture Notes" })
    expect(await followedRow.textContent()).toContain("Following")
    await shot(page, "add-source-results")
    expect(await axeViolations(page)).toEqual([])

    await byTestId("add-source-result").filter({ hasText: "Field Notes" }).click()
    await expect
      .poll(() => byTestId("add-source-preview").textContent(), { timeout: 15_000 })
      .toContain("Birdsong at dawn")
    await byTestId("subscription-category").fill("Sites")
    await byTestId("subscription-private").check()
    await byTestId("subscription-hide").check()
    await shot(page, "add-source-preview")
    expect(await axeViolations(page)).toEqual([])
    await toPhone()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    await shot(page, "add-source-preview")
    await toDesktop()
    await byTestId("add-feed-submit").click()
    await byTestId("add-feed-dialog").waitFor({ state: "detached", timeout: 30_000 })
    const sub = await page.evaluate(async () => {
      const answer = await fetch("/subscriptions").then((res) => res.json())
      return (
        answer.data as { feeds: { title: string }; category: string; isPrivate: boolean; hideFromTimeline: boolean }[]
      ).find((item) => item.feeds.title === "Field Notes")
    })
    expect(sub).toMatchObject({ category: "Sites", isPrivate: true, hideFromTimeline: true })

    await blur()
    // mod+N itself opens the dialog (keyboard.e2e.test.ts also runs it from the palette).
    await page.keyboard.press(`${mod}+n`)
    await byTestId("add-feed-dialog").waitFor({ timeout: 3000 })
    await byTestId("add-feed-url").fill(`${fixtures.origin}/feed.xml`)
    await byTestId("add-source-find").click()
    await byTestId("already-followed").waitFor({ timeout: 30_000 })
    expect(await byTestId("already-followed").textContent()).toContain("You already follow Fixture Notes")
    expect(await byTestId("add-feed-submit").count()).toBe(0)
    await byTestId("open-followed").click()
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`))
    expect(pageErrors).toEqual([])
  })
})

describe("entry toolbar", () => {
  it("copies the link with a 2 s confirmation, switches to readability and source views, shares by copying", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin })
    await toDesktop()
    await page.goto(`${server.origin}/timeline/view-0/${feedId}/pending`)
    await byTestId("entry-row").first().click()
    await byTestId("entry-content").waitFor()
    const entryUrl = (await byTestId("entry-title").locator("a").getAttribute("href")) ?? ""
    for (const id of ["toggle-read", "toggle-star", "entry-action-readability", "entry-action-sourceContent"]) {
      await byTestId(id).waitFor()
    }
    await byTestId("entry-more").click()
    await shot(page, "entry-more-menu")
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("menuitem", { name: "Copy link" }).click()
    const toastBox = page.locator("[data-sonner-toast]", { hasText: "Link copied" })
    await toastBox.waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(entryUrl)
    await page.mouse.move(640, 100)
    const shownAt = Date.now()
    await toastBox.waitFor({ state: "detached", timeout: 5000 })
    expect(Date.now() - shownAt).toBeLessThan(3500)

    await byTestId("entry-action-readability").click()
    await expect.poll(() => byTestId("entry-action-readability").getAttribute("aria-pressed")).toBe("true")
    await byTestId("entry-readability").waitFor({ timeout: 20_000 })
    await byTestId("entry-action-sourceContent").click()
    await byTestId("entry-source").waitFor()
    await byTestId("entry-action-sourceContent").click()
    await byTestId("entry-content").waitFor()

    await page.evaluate(() => navigator.clipboard.writeText(""))
    await byTestId("entry-action-share").click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(entryUrl)
    await shot(page, "entry-toolbar")
    await toPhone()
    await page.locator('[data-layout="mobile"]').waitFor()
    await byTestId("entry-more").waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
    expect(await sidewaysScrollers(page)).toEqual([])
    await shot(page, "entry-toolbar")
    expect(await axeViolations(page)).toEqual([])
    await toDesktop()
    expect(pageErrors).toEqual([])
  })
})
