// Reading settings as a returning reader has them saved: groupByDate behind the enhanced-settings gate, dimRead in
// every layout, renderMarkUnread, autoExpandLongSocialMedia, the Pictures view's grid (pictureViewMasonry off, its
// header toggle, thumbnailRatio), and social posts with the author's avatar and handle.
// Run: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/reading-settings.e2e.test.ts
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type MediaFixtures, startMediaFixtures } from "./support/media-fixtures.ts"
import { setSettings } from "./support/settings.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"
import { shootBoth } from "./support/views-helpers.ts"

let fixtures: MediaFixtures
let server: AppServer
let browser: Browser
let page: Page
const feeds: Record<string, string> = {}
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)

interface ServerEntry {
  id: string
  read: boolean
}

const serverEntries = (feedId: string): Promise<ServerEntry[]> =>
  page.evaluate(async (feedId) => {
    const res = await fetch("/entries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ feedId, limit: 100 }),
    })
    const answer = (await res.json()) as { data: { entries: { id: string }; read: boolean }[] }
    return answer.data.map((item) => ({ id: item.entries.id, read: item.read }))
  }, feedId)

const markRead = (ids: string[]) =>
  page.evaluate(async (entryIds) => {
    const res = await fetch("/reads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ entryIds }),
    })
    if (!res.ok) throw new Error(await res.text())
  }, ids)

beforeAll(async () => {
  fixtures = await startMediaFixtures()
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `settings-${Date.now()}@example.com`)
  for (const [name, path, view] of [
    ["articles", "/articles.xml", 0],
    ["social", "/social.xml", 1],
    ["people", "/people.json", 1],
    ["pictures", "/pictures.xml", 2],
    ["notifications", "/notifications.xml", 5],
  ] as const) {
    feeds[name] = await subscribe(page, `${fixtures.origin}${path}`, view)
  }
  // The pointer does not mark rows read behind the tests' backs; read rows stay listed.
  await page.mouse.move(1, 1)
  await setSettings(page, { general: { hoverMarkUnread: false, scrollMarkUnread: false, unreadOnly: false } })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("the entry list", () => {
  it("groups by date unless the reader turned it off in enhanced settings (the gate)", async () => {
    const headings = async () => {
      await page.goto(`${server.origin}/timeline/view-0/${feeds.articles}/pending`)
      await byTestId("entry-row").first().waitFor()
      return byTestId("day-heading").count()
    }
    expect(await headings()).toBeGreaterThan(0)
    // Stored off, but enhanced settings are off: the default (grouped) applies.
    await setSettings(page, { general: { groupByDate: false, enhancedSettings: false } })
    expect(await headings()).toBeGreaterThan(0)
    await setSettings(page, { general: { enhancedSettings: true } })
    expect(await headings()).toBe(0)
    await setSettings(page, { general: { groupByDate: true, enhancedSettings: false } })
  })

  it("dims read rows in every layout when dimRead is on, and only then", async () => {
    const layouts = [
      ["articles", 0, "entry-row"],
      ["social", 1, "social-card"],
      ["pictures", 2, "picture-card"],
      ["notifications", 5, "notification-row"],
    ] as const
    const ids = await Promise.all(layouts.map(async ([name]) => (await serverEntries(feeds[name]))[1].id))
    await markRead(ids)
    const opacities = async (view: number, testId: string, feed: string) => {
      await page.goto(`${server.origin}/timeline/view-${view}/${feed}/pending`)
      const read = page.locator(`[data-testid="${testId}"][data-read="true"]`).first()
      await read.waitFor()
      const unread = page.locator(`[data-testid="${testId}"][data-read="false"]`).first()
      const opacity = (locator: typeof read) => locator.evaluate((element) => Number(getComputedStyle(element).opacity))
      return { read: await opacity(read), unread: await opacity(unread) }
    }
    for (const [name, view, testId] of layouts) {
      expect(await opacities(view, testId, feeds[name]), `${name}, dimRead off`).toEqual({ read: 1, unread: 1 })
    }
    await setSettings(page, { general: { dimRead: true } })
    for (const [name, view, testId] of layouts) {
      const seen = await opacities(view, testId, feeds[name])
      expect(seen.unread, name).toBe(1)
      expect(seen.read, name).toBeLessThan(0.7)
    }
    await setSettings(page, { general: { dimRead: false } })
  })

  it("marks the rendered rows read with renderMarkUnread on, and none with it off", async () => {
    // A short window, so the list renders only part of the feed.
    await page.setViewportSize({ width: 1280, height: 420 })
    const more = await subscribe(page, `${fixtures.origin}/articles.xml?copy=render`)
    await page.goto(`${server.origin}/timeline/view-0/${more}/pending`)
    await byTestId("entry-row").first().waitFor()
    await page.waitForTimeout(1200)
    expect((await serverEntries(more)).filter((entry) => entry.read)).toEqual([])

    await setSettings(page, { general: { renderMarkUnread: true } })
    await page.goto(`${server.origin}/timeline/view-0/${more}/pending`)
    await byTestId("entry-row").first().waitFor()
    // The rows on screen are marked; those rendered out of sight below it (the virtual list's overscan) are not.
    const rows = () =>
      byTestId("entry-list").evaluate((list) => {
        const box = list.getBoundingClientRect()
        const all = [...list.querySelectorAll<HTMLElement>('[data-testid="entry-row"]')]
        const onScreen = all.filter((row) => {
          const rect = row.getBoundingClientRect()
          return rect.bottom > box.top && rect.top < box.bottom
        })
        return { rendered: all.length, shown: onScreen.map((row) => row.dataset.entryId ?? "").sort() }
      })
    const readIds = async () =>
      (await serverEntries(more))
        .filter((entry) => entry.read)
        .map((entry) => entry.id)
        .sort()
    await expect.poll(async () => (await readIds()).length).toBeGreaterThan(0)
    await page.waitForTimeout(800)
    const { rendered, shown } = await rows()
    expect(shown.length).toBeGreaterThan(1)
    expect(rendered).toBeGreaterThan(shown.length)
    expect(await readIds()).toEqual(shown)
    await setSettings(page, { general: { renderMarkUnread: false } })
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})

describe("social posts", () => {
  it("show the author's avatar, name and handle", async () => {
    await page.goto(`${server.origin}/timeline/view-1/${feeds.people}/pending`)
    const cards = byTestId("social-card")
    await cards.first().waitFor()
    const ada = cards.filter({ hasText: "Ada Tern" }).first()
    const bram = cards.filter({ hasText: "Bram Gull" }).first()
    expect(await ada.textContent()).toContain("@ada")
    expect(await bram.textContent()).toContain("@bram")
    const avatar = ada.locator("img").first()
    expect(await avatar.getAttribute("src")).toBe(`${fixtures.origin}/img/3.svg?w=96&h=96`)
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96)
    expect(await shootBoth(page, "social-avatars")).toEqual([])
  })

  it("open long posts by themselves with autoExpandLongSocialMedia, behind the enhanced-settings gate", async () => {
    const expanded = async () => {
      await page.goto(`${server.origin}/timeline/view-1/${feeds.social}/pending`)
      const more = byTestId("social-show-more").first()
      await more.waitFor()
      return more.getAttribute("aria-expanded")
    }
    expect(await expanded()).toBe("false")
    await setSettings(page, { general: { autoExpandLongSocialMedia: true } })
    expect(await expanded()).toBe("false")
    await setSettings(page, { general: { enhancedSettings: true } })
    expect(await expanded()).toBe("true")
    const text = byTestId("social-card").first().getByTestId("social-text")
    expect(await text.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true)
    await setSettings(page, { general: { autoExpandLongSocialMedia: false, enhancedSettings: false } })
  })
})

describe("the Pictures view", () => {
  const boxes = () =>
    byTestId("picture-card").evaluateAll((cards) =>
      cards.map((card) => {
        const picture = card.querySelector("button") as HTMLElement
        const rect = picture.getBoundingClientRect()
        const img = card.querySelector("img")
        return {
          top: Math.round(rect.top),
          left: Math.round(rect.left),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
          fit: img ? getComputedStyle(img).objectFit : "",
        }
      }),
    )

  it("switches from masonry to an even grid with the header's toggle, and keeps the choice", async () => {
    await page.goto(`${server.origin}/timeline/view-2/${feeds.pictures}/pending`)
    await byTestId("picture-card").first().waitFor()
    const toggle = byTestId("picture-layout-toggle")
    expect(await toggle.getAttribute("aria-pressed")).toBe("true")
    expect(new Set((await boxes()).map((box) => box.height)).size).toBeGreaterThan(1)
    await toggle.click()
    expect(await toggle.getAttribute("aria-pressed")).toBe("false")
    await expect.poll(async () => new Set((await boxes()).map((box) => box.height)).size).toBe(1)
    const grid = await boxes()
    // Square cells in rows: each row's cells share their top, and there are several columns and rows.
    for (const box of grid) expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1)
    expect(new Set(grid.map((box) => box.left)).size).toBeGreaterThan(2)
    const rows = new Map<number, number>()
    for (const box of grid) rows.set(box.top, (rows.get(box.top) ?? 0) + 1)
    expect(rows.size).toBeGreaterThan(1)
    expect([...rows.values()][0]).toBe(new Set(grid.map((box) => box.left)).size)
    // thumbnailRatio square (the default): the picture fills its cell.
    expect(grid.every((box) => box.fit === "cover")).toBe(true)
    expect(await shootBoth(page, "pictures-grid")).toEqual([])
    await page.reload()
    await byTestId("picture-card").first().waitFor()
    expect(await byTestId("picture-layout-toggle").getAttribute("aria-pressed")).toBe("false")
  })

  it("shows each whole picture in its cell with thumbnailRatio original", async () => {
    await setSettings(page, { ui: { thumbnailRatio: "original" } })
    await byTestId("picture-card").first().waitFor()
    const grid = await boxes()
    expect(grid.every((box) => box.fit === "contain")).toBe(true)
    expect(new Set(grid.map((box) => box.height)).size).toBe(1)
    await setSettings(page, { ui: { thumbnailRatio: "square", pictureViewMasonry: true } })
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
