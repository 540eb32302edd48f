// Managing subscriptions in the browser: drag a feed onto a category folder, rename the folder (it stays open),
// a refused rename rolls back, unsubscribe with Undo, the sidebar's multi-selection, and settings › feeds (sort,
// tick two, bulk move, bulk unsubscribe, a failing feed's error and its retry once the feed answers again).
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/subscriptions-manage.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { expectNoPhoneOverflow, PHONE_WIDTH, screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FlakyFeeds, startFlakyFeeds } from "./support/flaky-feeds.ts"
import { signUp } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "subscriptions-manage")

let feeds: FlakyFeeds
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const ids: Record<string, string> = {}

/** A call to the API from inside the page (the session cookie goes along): status and JSON body. */
function api(method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: { "content-type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      })
      return { status: res.status, json: await res.json() }
    },
    [method, url, body] as const,
  )
}

interface ServerSub {
  feedId: string
  view: number
  category: string | null
  title: string | null
  isPrivate: boolean
  hideFromTimeline: boolean
  feeds: { title: string }
}

async function serverSubs(): Promise<ServerSub[]> {
  const answer = await api("GET", "/subscriptions")
  return (answer.json.data as ServerSub[]).filter((item) => "feeds" in item)
}

const serverSub = async (name: string) => (await serverSubs()).find((sub) => sub.feedId === ids[name])

const byTestId = (id: string) => page.getByTestId(id)
const folder = (name: string) => page.locator(`[data-testid="category-folder"][data-category="${name}"]`)
const feedItem = (name: string) => page.locator(`[data-testid="feed-item"][data-id="${ids[name]}"]`)
const sourceRow = (name: string) => page.locator(`[data-testid="source-row"][data-id="${ids[name]}"]`)

/** The phone drawer at 390 px, with the checks shootBothSizes makes (no sideways scroll, axe). */
async function phoneDrawerShot(name: string): Promise<string[]> {
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 })
  await byTestId("open-drawer").click()
  await byTestId("drawer").getByTestId("sidebar-selection-bar").waitFor()
  await page.waitForTimeout(300)
  await expectNoPhoneOverflow(page, name)
  await page.screenshot({ path: path.join(shotsDir, `${name}-${PHONE_WIDTH}.png`) })
  return (await seriousViolations(page)).map((v) => `${name} ${v.id}: ${v.targets.join(", ")}`)
}

async function openFolder(name: string) {
  if ((await folder(name).getAttribute("data-open")) !== "true") await folder(name).getByTestId("folder-toggle").click()
  await expect.poll(() => folder(name).getAttribute("data-open")).toBe("true")
}

beforeAll(async () => {
  feeds = await startFlakyFeeds()
  server = await startAppServer()
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  // The first account of a fresh server is its admin, who may refresh feeds (the retry below).
  await signUp(page, server.origin, `manager-${Date.now()}@example.com`)
  const plan: [string, string, string | null][] = [
    ["aurora", "/aurora.xml", "Reading"],
    ["birch", "/birch.xml", "Tech"],
    ["cedar", "/cedar.xml", null],
    ["flaky", "/flaky.xml", null],
  ]
  for (const [name, feedPath, category] of plan) {
    const answer = await api("POST", "/subscriptions", { url: `${feeds.origin}${feedPath}`, view: 0, category })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    ids[name] = (answer.json.feed as { id: string }).id
  }
  await page.reload()
  await byTestId("feed-tree").waitFor()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

describe("the sidebar", () => {
  it("moves a feed dragged onto another category folder, and the server keeps it", async () => {
    await openFolder("Tech")
    await feedItem("cedar").dragTo(folder("Tech").getByTestId("folder-link"))
    await folder("Tech").locator(`[data-testid="feed-item"][data-id="${ids.cedar}"]`).waitFor()
    await expect.poll(async () => (await serverSub("cedar"))?.category).toBe("Tech")
    // And back out onto the "no category" area, which appears while dragging.
    await openFolder("Reading")
    const aurora = feedItem("aurora")
    await aurora.hover()
    await page.mouse.down()
    await page.mouse.move(40, 300, { steps: 4 })
    const zone = byTestId("drop-no-category")
    await zone.waitFor()
    const box = await zone.boundingBox()
    if (!box) throw new Error("the no-category drop zone has no box")
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 6 })
    await page.mouse.up()
    await expect.poll(async () => (await serverSub("aurora"))?.category ?? null).toBeNull()
    await folder("Reading").waitFor({ state: "detached" })
    await byTestId("loose-feeds").locator(`[data-testid="feed-item"][data-id="${ids.aurora}"]`).waitFor()

    await page.reload()
    await openFolder("Tech")
    await folder("Tech").locator(`[data-testid="feed-item"][data-id="${ids.cedar}"]`).waitFor()
  })

  it("renames a category keeping the folder open, with its feeds under the new name", async () => {
    await folder("Tech").getByTestId("folder-link").click({ button: "right" })
    await page.getByRole("menuitem", { name: "Rename" }).click()
    await byTestId("category-name").fill("Technology")
    await byTestId("dialog-submit").click()
    await folder("Technology").waitFor()
    expect(await folder("Technology").getAttribute("data-open")).toBe("true")
    expect(await folder("Technology").getByTestId("feed-item").count()).toBe(2)
    await expect.poll(async () => (await serverSub("cedar"))?.category).toBe("Technology")
    expect((await serverSub("birch"))?.category).toBe("Technology")
  })

  it("rolls a refused rename back: the old name, still open, and an error toast", async () => {
    // Birch Notes goes behind the page's back, so the rename names a feed the user no longer follows (2001).
    expect((await api("DELETE", "/subscriptions", { feedId: ids.birch })).status).toBe(200)
    await folder("Technology").getByTestId("folder-link").click({ button: "right" })
    await page.getByRole("menuitem", { name: "Rename" }).click()
    await byTestId("category-name").fill("Tech again")
    await byTestId("dialog-submit").click()
    await page.locator("[data-sonner-toast]", { hasText: "Feed not found" }).waitFor()
    await folder("Technology").waitFor()
    expect(await folder("Tech again").count()).toBe(0)
    expect(await folder("Technology").getAttribute("data-open")).toBe("true")
    expect((await serverSub("cedar"))?.category).toBe("Technology")
    await page.reload()
    await byTestId("feed-tree").waitFor()
    await expect.poll(() => feedItem("birch").count()).toBe(0)
  })

  it("unsubscribes, and Undo brings the feed back with its view, category, title and settings", async () => {
    const settings = { feedId: ids.cedar, title: "My Cedar", isPrivate: true, hideFromTimeline: true }
    expect((await api("PATCH", "/subscriptions", settings)).status).toBe(200)
    await page.reload()
    await openFolder("Technology")
    await feedItem("cedar").click({ button: "right" })
    await page.getByRole("menuitem", { name: "Unsubscribe" }).click()
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click()
    await feedItem("cedar").waitFor({ state: "detached" })
    await expect.poll(async () => (await serverSub("cedar")) === undefined).toBe(true)
    const toast = page.locator("[data-sonner-toast]", { hasText: "Unsubscribed from My Cedar" })
    await toast.getByRole("button", { name: "Undo" }).click()
    await folder("Technology").locator(`[data-testid="feed-item"][data-id="${ids.cedar}"]`).waitFor()
    await expect
      .poll(async () => {
        const sub = await serverSub("cedar")
        return (
          sub && {
            view: sub.view,
            category: sub.category,
            title: sub.title,
            isPrivate: sub.isPrivate,
            hide: sub.hideFromTimeline,
          }
        )
      })
      .toEqual({ view: 0, category: "Technology", title: "My Cedar", isPrivate: true, hide: true })
    await page.reload()
    await openFolder("Technology")
    await feedItem("cedar").waitFor()
  })

  it("selects several feeds with mod+click and shift+click, and moves them from the selection", async () => {
    await feedItem("aurora").click({ modifiers: ["ControlOrMeta"] })
    await feedItem("flaky").click({ modifiers: ["Shift"] })
    await expect.poll(() => byTestId("sidebar-selection-bar").textContent()).toContain("2 feeds selected")
    expect(await feedItem("aurora").locator("..").getAttribute("data-selected")).toBe("true")
    expect(await shootBothSizes(page, shotsDir, "sidebar-selection")).toEqual([])
    // On a phone the sidebar is the drawer, which opens closed: the same selection is in it once opened.
    expect(await phoneDrawerShot("sidebar-selection-drawer")).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    await byTestId("sidebar-selection-bar").waitFor()

    await byTestId("selection-move").click()
    await byTestId("move-category-select").selectOption({ label: "New category…" })
    await byTestId("move-category-name").fill("Picked")
    await byTestId("move-category-submit").click()
    await folder("Picked").waitFor()
    await expect
      .poll(async () => [(await serverSub("aurora"))?.category, (await serverSub("flaky"))?.category])
      .toEqual(["Picked", "Picked"])
    expect(await byTestId("sidebar-selection-bar").count()).toBe(0)
  })

  it("moves a feed by keyboard through its menu's Move to category…", async () => {
    await openFolder("Picked")
    await feedItem("flaky").focus()
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("sidebar-row-menu")
    await page.keyboard.press("Enter")
    await page.getByRole("menuitem", { name: "Edit" }).waitFor()
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    const select = byTestId("move-category-select")
    await select.waitFor()
    expect(await select.evaluate((element) => element === document.activeElement)).toBe(true)
    // Its category comes picked; the next one down is Technology. Then Cancel, then Move.
    expect(await select.inputValue()).toBe("Picked")
    await page.keyboard.press("ArrowDown")
    expect(await select.inputValue()).toBe("Technology")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("move-category-submit")
    await page.keyboard.press("Enter")
    await expect.poll(async () => (await serverSub("flaky"))?.category).toBe("Technology")
    await folder("Technology").locator(`[data-testid="feed-item"][data-id="${ids.flaky}"]`).waitFor()
  })

  it("deletes a category: its feeds stay, without a category", async () => {
    await folder("Picked").getByTestId("folder-link").click({ button: "right" })
    await page.getByRole("menuitem", { name: "Delete category" }).click()
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click()
    await folder("Picked").waitFor({ state: "detached" })
    await byTestId("loose-feeds").locator(`[data-testid="feed-item"][data-id="${ids.aurora}"]`).waitFor()
    await expect.poll(async () => (await serverSub("aurora"))?.category ?? null).toBeNull()
  })
})

describe("settings › feeds", () => {
  it("shows a failing feed's error, and retry shows it healthy once the feed answers again", async () => {
    // An inbox shows beside the feeds with its kind (managed on its own page, so no checkbox).
    expect((await api("POST", "/inboxes", { handle: "clippings", title: "Clippings" })).status).toBe(200)
    feeds.setFailing(true)
    const refresh = await api("POST", "/feeds/refresh", { id: ids.flaky })
    expect(refresh.json.code).toBe(2003)
    await page.goto(`${server.origin}/settings/feeds`)
    await byTestId("sources-table").waitFor()
    await expect.poll(() => sourceRow("flaky").getByTestId("source-error").textContent()).toContain("500")
    expect(await sourceRow("flaky").getByTestId("source-status").getAttribute("data-state")).toBe("error")
    const inbox = page.locator('[data-testid="source-row"][data-kind="inbox"]')
    expect(await inbox.getByTestId("source-title").textContent()).toBe("Clippings")
    expect(await inbox.getByTestId("select-row").count()).toBe(0)
    expect(await inbox.getByTestId("source-manage").getAttribute("href")).toBe("/inboxes")
    expect(await shootBothSizes(page, shotsDir, "settings-feeds")).toEqual([])

    feeds.setFailing(false)
    await sourceRow("flaky").getByTestId("source-retry").click()
    await expect.poll(() => sourceRow("flaky").getByTestId("source-status").getAttribute("data-state")).toBe("ok")
    expect(await sourceRow("flaky").getByTestId("source-error").count()).toBe(0)
  })

  it("sorts by a column header, ticks two feeds, moves them and unsubscribes them in bulk", async () => {
    const titles = () =>
      page.locator('[data-testid="source-row"][data-kind="feed"] [data-testid="source-title"]').allTextContents()
    await expect.poll(titles).toEqual(["Aurora Weekly", "Flaky Fixture", "My Cedar"])
    await byTestId("sort-title").click()
    await expect.poll(titles).toEqual(["My Cedar", "Flaky Fixture", "Aurora Weekly"])
    expect(await page.locator("th[aria-sort=descending]").textContent()).toBe("Title")
    // By category: Technology first, the feeds without one last (by title).
    await byTestId("sort-category").click()
    expect(await page.locator("th[aria-sort=ascending]").textContent()).toBe("Category")
    expect(await page.locator("th[aria-sort=descending]").count()).toBe(0)
    await expect.poll(titles).toEqual(["Flaky Fixture", "My Cedar", "Aurora Weekly"])

    // Space on a focused checkbox ticks it, as a click does.
    await sourceRow("aurora").getByTestId("select-row").focus()
    await page.keyboard.press("Space")
    await sourceRow("cedar").getByTestId("select-row").click()
    await expect.poll(() => byTestId("bulk-count").textContent()).toBe("2 feeds selected")
    await byTestId("bulk-move").click()
    await byTestId("move-category-select").selectOption({ label: "New category…" })
    await byTestId("move-category-name").fill("Weekend")
    await byTestId("move-category-submit").click()
    await expect.poll(() => sourceRow("cedar").getByTestId("source-category").textContent()).toBe("Weekend")
    await expect
      .poll(async () => [(await serverSub("aurora"))?.category, (await serverSub("cedar"))?.category])
      .toEqual(["Weekend", "Weekend"])

    await byTestId("sources-filter").fill("weekend")
    await expect.poll(titles).toEqual(["Aurora Weekly", "My Cedar"])
    await byTestId("select-all").check()
    await byTestId("bulk-unsubscribe").click()
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click()
    await byTestId("sources-empty").waitFor()
    await expect.poll(async () => (await serverSubs()).map((sub) => sub.feeds.title)).toEqual(["Flaky Fixture"])
    await byTestId("sources-filter").fill("")
    await expect.poll(titles).toEqual(["Flaky Fixture"])

    await sourceRow("flaky").getByTestId("select-row").check()
    await byTestId("bulk-view").click()
    await page.getByRole("menuitem", { name: "Pictures" }).click()
    await expect.poll(async () => (await serverSub("flaky"))?.view).toBe(2)
    expect(await sourceRow("flaky").textContent()).toContain("Pictures")
    expect(pageErrors).toEqual([])
  })
})
