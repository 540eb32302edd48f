// Changes made offline (issue 12, "persisted cache and offline writes"): in a real Chromium, with the browser
// context offline (no service worker involved: the page stays loaded), entries opened are marked read and one is
// starred; the screen shows it at once, the changes wait in local storage, and the server gets exactly those once
// the context is online again. A change whose request got no answer survives a reload; one the server refuses is
// undone with a toast; a second user on the same browser neither sends nor sees the first one's.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e-serial.config.ts e2e/offline-writes.e2e.test.ts
import path from "node:path"
import type { Browser, BrowserContext, Cookie, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "offline-writes")
const QUEUE_KEY = "tidings:offline-writes"
const CACHE_KEY = "tidings:REACT_QUERY_OFFLINE_CACHE"

let server: AppServer
let fixtures: FixtureServer
let browser: Browser
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startAppServer()
  fixtures = await startFixtureServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

interface Reader {
  context: BrowserContext
  page: Page
  feedId: string
}

/**
 * A new user in a fresh browser context, subscribed to the fixture feed, with the timeline kept locally. One entry
 * far down is opened first, online: the entry view's code is then loaded (without a service worker, code not yet
 * loaded cannot come offline), and the tests take the server's state after that.
 */
async function newReader(name: string): Promise<Reader> {
  // No service worker: under Chromium's emulated offline a request the page sends while a worker controls it can
  // still reach the server, unseen by the test (a queued read then arrived as sent); the worker is offline-app's.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: "light",
    serviceWorkers: "block",
  })
  const page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `${name}-${Date.now()}@example.com`)
  const feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
  await openTimeline({ context, page, feedId })
  const warm = (await rowIds(page, 8)).at(-1)
  if (!warm) throw new Error("no rows")
  await openAndRead(page, warm)
  return { context, page, feedId }
}

/** The feed's timeline, once the local copy holds its entries with their contents (so they open offline). */
async function openTimeline({ page, feedId }: Reader) {
  const streamed = page.waitForResponse((res) => new URL(res.url()).pathname === "/entries/stream", { timeout: 20_000 })
  await page.goto(`${server.origin}/timeline/view-0/${feedId}`)
  await page.getByTestId("entry-row").first().waitFor()
  await streamed
  // Written to the local database a moment after the answer (WRITE_DELAY_MS).
  await page.waitForTimeout(800)
  // The pointer rests outside the list: hovering a row marks it read.
  await page.mouse.move(5, 795)
}

/**
 * The API as this reader, from the test itself (works while the browser is offline). `cookies`: a session taken
 * earlier, used without putting it back into the browser (which would sign its open page in as that user).
 */
async function api<T>(
  reader: Pick<Reader, "context"> & { cookies?: Cookie[] },
  pathname: string,
  body?: unknown,
  method = "POST",
) {
  const cookies = reader.cookies ?? (await reader.context.cookies(server.origin))
  const res = await fetch(`${server.origin}${pathname}`, {
    method,
    headers: {
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
      origin: server.origin,
      "content-type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}

type ListAnswer = { data: { entries: { id: string }; read: boolean }[] }

async function serverState(reader: Pick<Reader, "context" | "feedId"> & { cookies?: Cookie[] }) {
  const all = await api<ListAnswer>(reader, "/entries", { feedId: reader.feedId, limit: 100 })
  const starred = await api<ListAnswer>(reader, "/entries", { isCollection: true, limit: 100 })
  return {
    total: all.body.data.length,
    read: all.body.data
      .filter((item) => item.read)
      .map((item) => item.entries.id)
      .sort(),
    starred: (starred.body.data ?? []).map((item) => item.entries.id).sort(),
  }
}

/** The ids of the first rows of the list, top down. */
const rowIds = (page: Page, count: number) =>
  page
    .getByTestId("entry-row")
    .evaluateAll(
      (rows, count) => rows.slice(0, count).map((row) => row.getAttribute("href")?.split("/").at(-1) ?? ""),
      count,
    )

/** Opens an entry from the list (opening marks it read) and waits until its toolbar says so. */
async function openAndRead(page: Page, id: string) {
  await page.locator(`[data-testid="entry-row"][href$="/${id}"]`).click()
  // Off the list at once: rows shifting under a resting pointer (the read one leaving an unread-only list) must not
  // put another row under it for hover-marking.
  await page.mouse.move(5, 795)
  // The read button is pressed while the entry is unread ("mark as read").
  await expect.poll(() => page.getByTestId("toggle-read").getAttribute("aria-pressed")).toBe("false")
}

const allUnread = (page: Page) => page.getByTestId("sidebar-all").getByTestId("unread-count").textContent()
const queued = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as { userId: string; writes: unknown[] } | null,
    QUEUE_KEY,
  )

describe("changes made offline", () => {
  let first: Reader

  it("are shown at once, kept while offline and sent, exactly those, when the client is online again", async () => {
    first = await newReader("offline-a")
    const { context, page } = first
    const before = await serverState(first)
    expect(before.read).toHaveLength(1)
    expect(before.starred).toEqual([])
    await expect.poll(() => allUnread(page).then(Number)).toBe(before.total - 1)
    const unreadBefore = before.total - 1
    const ids = (await rowIds(page, 4)).filter((id) => !before.read.includes(id)).slice(0, 3)
    expect(ids).toHaveLength(3)

    await context.setOffline(true)
    await page.getByTestId("offline-indicator").waitFor()
    for (const id of ids) await openAndRead(page, id)
    await page.getByTestId("toggle-star").click()
    await expect.poll(() => page.getByTestId("toggle-star").getAttribute("aria-pressed")).toBe("true")
    // The screen has it: the counts went down by three.
    await expect.poll(() => allUnread(page).then(Number)).toBe(unreadBefore - 3)
    // Stored, with whose they are; the server has none of it yet.
    const stored = await queued(page)
    expect(stored?.writes.length).toBeGreaterThanOrEqual(4)
    expect(await serverState(first)).toEqual(before)
    expect(await shootBothSizes(page, shotsDir, "offline-marked")).toEqual([])

    await context.setOffline(false)
    await expect
      .poll(() => serverState(first), { timeout: 15_000 })
      .toMatchObject({
        read: [...before.read, ...ids].sort(),
        starred: [ids[2]],
      })
    await expect.poll(() => queued(page)).toBeNull()
    // Nothing else changed: the other entries are still unread, and after the lists came back the counts agree.
    expect((await serverState(first)).total).toBe(before.total)
    await expect.poll(() => allUnread(page).then(Number)).toBe(unreadBefore - 3)
    expect(pageErrors).toEqual([])
  })

  it("survive a reload when their request got no answer, and go out at the next start", async () => {
    const { page } = first
    const before = await serverState(first)
    const [id] = (await rowIds(page, 10)).filter((rowId) => !before.read.includes(rowId))
    if (!id) throw new Error("no unread row left")
    // The connection drops under the writes: no answer at all (the browser still says online).
    const drop = (url: URL) => url.pathname === "/reads" || url.pathname === "/collections"
    await page.route(drop, (route) => (route.request().method() === "GET" ? route.continue() : route.abort()))
    await openAndRead(page, id)
    await page.getByTestId("toggle-star").click()
    await expect.poll(async () => (await queued(page))?.writes.length ?? 0).toBeGreaterThanOrEqual(2)
    expect(await serverState(first)).toEqual(before)

    await page.unroute(drop)
    // This browser last ran an older version: the start says once that the app was updated.
    await page.evaluate(() => localStorage.setItem("tidings:app_version", "0.6.9"))
    await page.reload()
    await page.locator("[data-sonner-toast]", { hasText: "Updated to version" }).waitFor({ timeout: 15_000 })
    await expect
      .poll(() => serverState(first), { timeout: 15_000 })
      .toMatchObject({
        read: [...before.read, id].sort(),
        starred: [...before.starred, id].sort(),
      })
    await expect.poll(() => queued(page)).toBeNull()
    expect(pageErrors).toEqual([])
  })

  it("are undone, with a toast, when the server refuses them", async () => {
    const reader = await newReader("offline-refused")
    const { context, page } = reader
    const [id] = await rowIds(page, 1)
    if (!id || (await serverState(reader)).read.includes(id)) throw new Error("no unread row")
    await context.setOffline(true)
    await page.getByTestId("offline-indicator").waitFor()
    await openAndRead(page, id)
    await page.getByTestId("toggle-star").click()
    await expect.poll(() => page.getByTestId("toggle-star").getAttribute("aria-pressed")).toBe("true")
    // Meanwhile, on another device, the feed is unsubscribed: its entries leave the timeline, and the server
    // refuses to mark or star them (404, entry not found).
    expect((await api(reader, "/subscriptions", { feedId: reader.feedId }, "DELETE")).status).toBe(200)
    // Back to the whole timeline, so what shows is the refusal, not the open entry's own calls failing (404).
    await page.getByTestId("sidebar-all").click()
    await page.waitForURL(/\/timeline\/view-0\/all/)

    await context.setOffline(false)
    const toast = page.locator("[data-sonner-toast]", { hasText: "A change made offline was refused and undone" })
    await toast.first().waitFor({ timeout: 15_000 })
    expect(await toast.first().textContent()).toContain("not found")
    await expect.poll(() => queued(page)).toBeNull()
    expect((await serverState(reader)).starred).toEqual([])
    await page.waitForTimeout(1000)
    expect(await shootBothSizes(page, shotsDir, "offline-refused")).toEqual([])

    // Undone in the local copy too: the starred list from it alone (the server's answers held back) is empty.
    await page.route(
      (url) => /^\/(entries|reads|subscriptions)/.test(url.pathname),
      (route) => (route.request().resourceType() === "document" ? route.continue() : undefined),
    )
    await page.goto(`${server.origin}/timeline/view-0/collections`)
    await page.getByTestId("user-menu").waitFor()
    await page.waitForTimeout(1500)
    await expect.poll(() => page.getByTestId("entry-row").count(), { timeout: 5000 }).toBe(0)
    await page.unroute(() => true)
    expect(pageErrors).toEqual([])
    await context.close()
  })

  it("are never sent, nor the cache shown, as a second user who signs in on the same browser", async () => {
    const { context, page } = first
    const before = await serverState(first)
    const [id] = (await rowIds(page, 10)).filter((rowId) => !before.read.includes(rowId))
    if (!id) throw new Error("no unread row left")
    await context.setOffline(true)
    await page.getByTestId("offline-indicator").waitFor()
    await openAndRead(page, id)
    await expect.poll(async () => (await queued(page))?.writes.length ?? 0).toBeGreaterThanOrEqual(1)
    const firstUser = (await queued(page))?.userId
    // The tab is closed offline; later the first user's session is gone and someone else signs in here.
    const firstCookies = await context.cookies(server.origin)
    await page.close()
    await context.clearCookies()
    await context.setOffline(false)
    const second = await context.newPage()
    second.on("pageerror", (error) => pageErrors.push(error.message))
    const writes: string[] = []
    second.on("request", (request) => {
      const url = new URL(request.url())
      if (request.method() !== "GET" && /^\/(reads|collections)/.test(url.pathname)) writes.push(url.pathname)
    })
    await signUp(second, server.origin, `offline-b-${Date.now()}@example.com`)
    await second.getByTestId("user-menu").waitFor()
    await second.waitForTimeout(1500)

    // The second user's page sent no change at all: the queue was the first user's.
    expect(writes).toEqual([])
    // The first user's state changed by nothing but that entry. (Chromium's emulated offline does not always hold:
    // the first page itself once got the read through, as its own user, before it closed. The point here is that
    // nothing goes out later as anyone else's.)
    const after = await serverState({ ...first, cookies: firstCookies })
    expect(after.starred).toEqual(before.starred)
    expect(after.read.filter((entryId) => entryId !== id)).toEqual(before.read)
    // Nothing of theirs is kept or shown for the second user.
    const stored = await second.evaluate(
      ([queueKey, cacheKey]) => ({ queue: localStorage.getItem(queueKey), cache: localStorage.getItem(cacheKey) }),
      [QUEUE_KEY, CACHE_KEY],
    )
    expect(stored.queue).toBeNull()
    expect(stored.cache).not.toContain(firstUser)
    expect(stored.cache).not.toContain("Fixture Notes")
    expect(await second.getByTestId("sidebar-row-label").filter({ hasText: "Fixture Notes" }).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
