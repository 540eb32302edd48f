// Marking read while reading (general settings scrollMarkUnread and hoverMarkUnread, both on by default): scroll a
// real list in Chromium and ask the server which entries are read. Needs the web build (scripts/build-web.mjs).
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { type BigFeedServer, startBigFeed } from "./support/big-feed.ts"
import { launchBrowser } from "./support/browser.ts"
import { scrollSettled } from "./support/scroll.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"
import { shoot } from "./support/views-helpers.ts"

const ENTRIES = 40

let feeds: BigFeedServer
let server: AppServer
let browser: Browser
let page: Page
let feedId = ""
const readPosts: number[] = []

interface ServerEntry {
  id: string
  read: boolean
  publishedAt: string
}

/** The feed's entries as the server has them, newest first. */
const serverEntries = (id = feedId): Promise<ServerEntry[]> =>
  page.evaluate(async (id) => {
    const res = await fetch("/entries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ feedId: id, limit: 100 }),
    })
    const answer = (await res.json()) as { data: { entries: { id: string; publishedAt: string }; read: boolean }[] }
    return answer.data.map((item) => ({ id: item.entries.id, read: item.read, publishedAt: item.entries.publishedAt }))
  }, id)

/** The id of the first entry row not wholly above the top of the scrolled list (rows above it are scrolled past). */
const firstRowInView = (): Promise<string> =>
  page.evaluate(() => {
    const list = document.querySelector('[data-testid="entry-list"]') as HTMLElement
    const top = list.getBoundingClientRect().top
    const rows = [...list.querySelectorAll<HTMLAnchorElement>('[data-testid="entry-row"]')]
    const first = rows
      .filter((row) => row.getBoundingClientRect().bottom > top)
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0]
    return first?.getAttribute("href")?.split("/").at(-1) ?? ""
  })

beforeAll(async () => {
  feeds = await startBigFeed()
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/reads") {
      readPosts.push((JSON.parse(request.postData() ?? "{}").entryIds ?? []).length)
    }
  })
  await signUp(page, server.origin, `marks-${Date.now()}@example.com`)
  feedId = await subscribe(page, `${feeds.origin}/big.xml?n=${ENTRIES}&kind=articles`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

describe("mark read while reading", () => {
  it("marks the entries scrolled past the top read on the server, in one request per burst", async () => {
    await page.goto(`${server.origin}/timeline/view-0/${feedId}`)
    await page.getByTestId("entry-row").first().waitFor()
    // The pointer stays outside the list so hovering marks nothing here.
    await page.mouse.move(5, 795)
    expect((await serverEntries()).filter((entry) => entry.read)).toEqual([])

    // The reader scrolls with the keyboard (the pointer stays off the list): several scroll events in one burst.
    await page.getByTestId("entry-row").first().focus()
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press("PageDown")
      await page.waitForTimeout(100)
    }
    await scrollSettled(page, '[data-testid="entry-list"]')
    const inView = await firstRowInView()
    const passed = (await serverEntries()).findIndex((entry) => entry.id === inView)
    expect(passed).toBeGreaterThan(5)
    await expect.poll(async () => (await serverEntries()).filter((entry) => entry.read).length).toBe(passed)
    const entries = await serverEntries()
    // Exactly the newest entries, the ones above the top; everything still in view or below stays unread.
    const readIds = entries.filter((entry) => entry.read).map((entry) => entry.id)
    expect(readIds).toEqual(entries.slice(0, passed).map((entry) => entry.id))
    expect(readPosts).toEqual([passed])
    await shoot(page, "mark-read-scrolled")
  })

  it("marks the entry under the pointer read", async () => {
    const before = (await serverEntries()).filter((entry) => entry.read).length
    // The last row wholly in view: hovering it needs no scrolling, which would mark rows too.
    const target = await page.evaluate(() => {
      const list = document.querySelector('[data-testid="entry-list"]') as HTMLElement
      const box = list.getBoundingClientRect()
      const rows = [...list.querySelectorAll<HTMLAnchorElement>('[data-testid="entry-row"]')]
        .map((row) => ({ row, rect: row.getBoundingClientRect() }))
        .filter(({ rect }) => rect.top >= box.top && rect.bottom <= box.bottom)
        .sort((a, b) => b.rect.top - a.rect.top)
      const { row, rect } = rows[0]
      return { id: row.getAttribute("href")?.split("/").at(-1) ?? "", x: rect.left + 40, y: rect.top + 20 }
    })
    const id = target.id
    expect((await serverEntries()).find((entry) => entry.id === id)?.read).toBe(false)
    await page.mouse.move(target.x, target.y)
    await expect.poll(async () => (await serverEntries()).find((entry) => entry.id === id)?.read).toBe(true)
    expect((await serverEntries()).filter((entry) => entry.read).length).toBe(before + 1)
  })

  it("does not mark the rows that slide under a resting pointer while the list scrolls without the reader", async () => {
    // The pointer rests on the row the last test hovered; the list scrolls by itself (as when j keeps the open entry
    // in sight), so other rows pass under it.
    const before = (await serverEntries()).filter((entry) => entry.read).length
    for (let i = 0; i < 4; i++) {
      await page.evaluate(() => {
        const list = document.querySelector('[data-testid="entry-list"]') as HTMLElement
        list.scrollTop += 90
      })
      await page.waitForTimeout(250)
    }
    await page.waitForTimeout(800)
    expect((await serverEntries()).filter((entry) => entry.read).length).toBe(before)
  })

  it("marks read only what was published more than a day ago (the dialog's time window)", async () => {
    // Ten entries six hours apart: the newest four are less than a day old.
    const oldFeed = await subscribe(page, `${feeds.origin}/big.xml?n=10&step=360&kind=articles`)
    await page.goto(`${server.origin}/timeline/view-0/${oldFeed}`)
    await page.getByTestId("entry-row").first().waitFor()
    await page.mouse.move(5, 795)
    // The dialog confirms itself after 3 s of the page being visible: the page reads as hidden while it is shot and
    // checked (a loaded machine takes longer than that), so the countdown waits.
    const hidden = (on: boolean) =>
      page.evaluate((on) => {
        if (on) Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" })
        else delete (document as { visibilityState?: unknown }).visibilityState
      }, on)
    const scopesShown = async (name: string) => {
      await page.getByTestId("mark-all-read").click()
      await page.getByTestId("mark-all-read-confirm").waitFor()
      await hidden(true)
      await page.getByTestId("mark-scope-day").check()
      await shoot(page, name)
      const problems = await seriousViolations(page)
      await page.getByTestId("mark-all-read-cancel").click()
      await hidden(false)
      return problems
    }
    expect(await scopesShown("mark-all-read-window-1280")).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await scopesShown("mark-all-read-window-390")).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    // At 390 px the list lies under the pointer, and hovering marks an entry: the state before the window counts.
    await page.mouse.move(1, 1)
    await page.waitForTimeout(800)
    const before = new Map((await serverEntries(oldFeed)).map((entry) => [entry.id, entry.read]))

    await page.getByTestId("mark-all-read").click()
    await page.getByTestId("mark-scope-day").check()
    const dayAgo = Date.now() - 86_400_000
    await page.getByTestId("mark-all-read-go").click()
    await page.getByTestId("mark-all-read-confirm").waitFor({ state: "detached" })
    const expected = (entries: ServerEntry[]) =>
      entries.map((entry) => before.get(entry.id) || Date.parse(entry.publishedAt) < dayAgo)
    await expect
      .poll(async () => {
        const entries = await serverEntries(oldFeed)
        return entries.map((entry) => entry.read).join() === expected(entries).join()
      })
      .toBe(true)
    const entries = await serverEntries(oldFeed)
    // Six are older than a day; at least the newest three stay unread.
    expect(entries.filter((entry) => Date.parse(entry.publishedAt) < dayAgo)).toHaveLength(6)
    expect(entries.slice(0, 3).every((entry) => !entry.read)).toBe(true)
  })

  it("marks the pictures scrolled past the top of the masonry grid read", async () => {
    const pictures = await subscribe(page, `${feeds.origin}/big.xml?n=60&kind=pictures`, 2)
    await page.goto(`${server.origin}/timeline/view-2/${pictures}`)
    const grid = page.getByTestId("picture-grid")
    await grid.locator("[data-index]").first().waitFor()
    await page.mouse.move(5, 795)
    await grid.locator("[data-index] a, [data-index] button").first().focus()
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press("PageDown")
      await page.waitForTimeout(100)
    }
    // PageDown scrolls smoothly and goes on after the key: the slots are compared where the scroll comes to rest.
    await scrollSettled(page, '[data-testid="picture-grid"]')
    // Slots still showing (any part below the grid's top), by their index in the list, newest first. Slots are placed
    // in index order (each in the shortest column), so every index up to the last one showing that is not showing
    // itself lies wholly above the top: exactly those are read, in whichever column they sit. Worked out again at each
    // look: under load a smooth scroll can pause for more than the ten frames scrollSettled waits and then go on.
    const passedNow = () =>
      grid.evaluate((element) => {
        const top = element.getBoundingClientRect().top
        const showing = [...element.querySelectorAll<HTMLElement>("[data-index]")]
          .filter((slot) => slot.getBoundingClientRect().bottom > top)
          .map((slot) => Number(slot.dataset.index))
        const last = Math.max(...showing)
        return Array.from({ length: last }, (_, index) => index).filter((index) => !showing.includes(index))
      })
    expect((await passedNow()).length).toBeGreaterThan(3)
    const readIndexes = async () =>
      (await serverEntries(pictures)).flatMap((entry, index) => (entry.read ? [index] : []))
    // What differs between the read entries and the slots passed: nothing, once marking has caught up.
    const mismatch = async () => {
      const [read, passed] = [await readIndexes(), await passedNow()]
      return {
        readButShowing: read.filter((index) => !passed.includes(index)),
        passedButUnread: passed.filter((index) => !read.includes(index)),
      }
    }
    await expect.poll(mismatch).toEqual({ readButShowing: [], passedButUnread: [] })
    await page.waitForTimeout(800)
    expect(await mismatch()).toEqual({ readButShowing: [], passedButUnread: [] })
    // What was marked read stays where it was: the unread-only list is not loaded again from its start under the
    // reader (which a mark sent while the next page loaded once did), so every slot still holds the same entry.
    const slotIds = await grid.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>("[data-index]")].map((slot) => [
        Number(slot.dataset.index),
        slot.querySelector("[data-entry-id]")?.getAttribute("data-entry-id"),
      ]),
    )
    const ids = (await serverEntries(pictures)).map((entry) => entry.id)
    expect(slotIds.filter(([index, id]) => ids[Number(index)] !== id)).toEqual([])
  })

  it("does not mark what the list scrolls past by itself", async () => {
    const quiet = await subscribe(page, `${feeds.origin}/big.xml?n=30&kind=articles&step=2`)
    await page.goto(`${server.origin}/timeline/view-0/${quiet}`)
    await page.getByTestId("entry-row").first().waitFor()
    await page.mouse.move(5, 795)
    await page.getByTestId("entry-list").evaluate((list) => list.scrollTo(0, 1500))
    await page.waitForTimeout(900)
    expect((await serverEntries(quiet)).filter((entry) => entry.read)).toEqual([])
  })
})
