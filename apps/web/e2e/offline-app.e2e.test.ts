// The installable app (issue 12, "Installable app") in a real Chromium: the service worker takes the page, the
// reader loads two views and opens entries, then the browser goes offline and reloads — the app shell, sidebar,
// counts and last timeline come back from the worker's precache and the local database within a second, and an
// opened entry's image comes from the image cache; three entries read and one starred offline reach the server, and
// nothing else does, once the browser is online again. Then a new build's worker is deployed: the "new version" toast
// appears and its button activates the new worker. The image cache's byte limit drops the least recently shown
// images, from a message and from Settings › data control.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e-serial.config.ts e2e/offline-app.e2e.test.ts
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliCompressSync, gzipSync } from "node:zlib"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer, webDist } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes, shownAt } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { axeViolations, signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "offline-app")
const IMAGE_BYTES = 100 * 1024
const GALLERY = ["g1", "g2", "g3"]
/** Notes with a picture each: a page of the timeline (20), more than its rows drawn at first. */
const NOTES = 20

/**
 * Pictures on loopback that allow cross-origin reads (so the worker counts their exact bytes), and a pictures feed
 * showing them. Each image is the fixture PNG padded to IMAGE_BYTES; `hits` counts requests per path.
 */
interface Gallery {
  origin: string
  hits: Map<string, number>
  /** While set, every request is cut off (the host is unreachable) and counted here. */
  down: { on: boolean; tried: string[] }
  close: () => Promise<void>
}

async function startGallery(): Promise<Gallery> {
  const png = readFileSync(new URL("./fixtures/sunset.png", import.meta.url))
  const image = Buffer.concat([png, Buffer.alloc(IMAGE_BYTES - png.length)])
  const hits = new Map<string, number>()
  const down: Gallery["down"] = { on: false, tried: [] }
  let origin = ""
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", origin).pathname
    if (down.on) {
      down.tried.push(pathname)
      req.socket.destroy()
      return
    }
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1)
    if (pathname === "/gallery.xml") {
      const items = GALLERY.map(
        (name, i) => `<item><title>Picture ${name}</title><link>${origin}/p/${name}</link><guid>${name}</guid>
          <pubDate>${new Date(Date.now() - (i + 1) * 3_600_000).toUTCString()}</pubDate>
          <enclosure url="${origin}/img/${name}.png" type="image/png" length="${IMAGE_BYTES}"/>
          <description><![CDATA[<p>Picture ${name}.</p><img src="${origin}/img/${name}.png" alt="Picture ${name}" width="640" height="320">]]></description></item>`,
      ).join("")
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Gallery</title>
        <link>${origin}/</link><description>Pictures</description>${items}</channel></rss>`)
      return
    }
    if (pathname === "/notes.xml") {
      // Articles with a picture each, more than the list draws at once: the rows below the fold show nothing yet.
      const items = Array.from({ length: NOTES }, (_, i) => `n${i + 1}`)
        .map(
          (name, i) => `<item><title>Note ${name}</title><link>${origin}/n/${name}</link><guid>${name}</guid>
          <pubDate>${new Date(Date.now() - i * 60_000).toUTCString()}</pubDate>
          <description><![CDATA[<p>Note ${name} has a picture.</p><p><img src="${origin}/img/${name}.png" alt="Picture of ${name}"></p>]]></description></item>`,
        )
        .join("")
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Notes</title>
        <link>${origin}/</link><description>Notes</description>${items}</channel></rss>`)
      return
    }
    if (/^\/img\/[\w-]+\.png$/.test(pathname)) {
      res.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" })
      res.end(image)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, hits, down, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let dist: string
let server: AppServer
let fixtures: FixtureServer
let gallery: Gallery
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
const workerProblems: string[] = []

beforeAll(async () => {
  // The server serves a copy of the build, so the update test can deploy a changed worker into it.
  dist = mkdtempSync(path.join(tmpdir(), "tidings-pwa-dist-"))
  cpSync(webDist, dist, { recursive: true })
  ;[server, fixtures, gallery] = await Promise.all([
    startAppServer({ WEB_DIST_DIR: dist }),
    startFixtureServer(),
    startGallery(),
  ])
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  // The image cache logs what it could not keep; none of that may happen here.
  context.on("serviceworker", (worker) =>
    worker.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") workerProblems.push(message.text())
    }),
  )
  page.on("pageerror", (error) => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
  await gallery?.close()
  if (dist) rmSync(dist, { recursive: true, force: true })
})

/** What the page's worker says (through the same message the settings page sends). */
const ask = <T>(message: Record<string, unknown>) =>
  page.evaluate(
    (data) =>
      new Promise<T>((resolve, reject) => {
        navigator.serviceWorker.getRegistration("/").then((registration) => {
          const worker = registration?.active
          if (!worker) return reject(new Error("no active worker"))
          const channel = new MessageChannel()
          channel.port1.onmessage = (event) => resolve(event.data as T)
          worker.postMessage(data, [channel.port2])
        }, reject)
      }),
    message,
  )

interface ImageCacheStatus {
  bytes: number
  count: number
  limit: number
}
const imageStatus = () => ask<ImageCacheStatus>({ type: "IMAGE_CACHE_STATUS" })
const keptImages = () =>
  page.evaluate(async () =>
    (await (await caches.open("tidings-images")).keys()).map((request) => new URL(request.url).pathname).sort(),
  )

/** Shows an image in the page (as an entry would), through the worker; resolves with its decoded width. */
const showImage = (src: string) =>
  page.evaluate(
    (url) =>
      new Promise<number>((resolve) => {
        const img = new Image()
        img.onload = () => resolve(img.naturalWidth)
        img.onerror = () => resolve(0)
        img.src = url
      }),
    src,
  )

/** The decoded width of the open entry's first picture (0 while it has not loaded). */
const entryImageWidth = () =>
  page
    .locator('[data-testid="entry-content"] img')
    .first()
    .evaluate((img) => (img as HTMLImageElement).naturalWidth)

/** Where the offline start spent its time, for a failure message. */
const timings = () =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((r) => r as PerformanceResourceTiming)
      .filter((r) => /\.wasm|worker|index-|get-session/.test(r.name))
      .map((r) => `${r.name.split("/").pop()} ${r.startTime.toFixed(0)}–${r.responseEnd.toFixed(0)}`)
      .join("; "),
  )

/** The paths in the worker's precache (the app shell). */
const precachedPaths = () =>
  page.evaluate(async () => {
    const names = await caches.keys()
    const name = names.find((n) => n.startsWith("workbox-precache"))
    if (!name) return []
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
  })

/** Code chunks kept in the code cache as they were used, and not in the shell. */
const chunksKeptOnUse = async () => {
  const shell = await precachedPaths()
  const kept = await page.evaluate(async () =>
    (await (await caches.open("tidings-code")).keys()).map((request) => new URL(request.url).pathname),
  )
  return kept.filter((pathname) => pathname.endsWith(".js") && !shell.includes(pathname))
}

async function openFirstEntry() {
  await page.getByTestId("entry-row").first().click()
  // Off the list at once: hovering a row marks it read.
  await page.mouse.move(5, 795)
  await page.getByTestId("entry-content").waitFor()
}

const firstRowId = async () =>
  ((await page.getByTestId("entry-row").first().getAttribute("href")) ?? "").split("/").at(-1) ?? ""

/** The Articles view's entries as the server has them (asked from the test, which stays online). */
async function serverState() {
  const cookies = await context.cookies(server.origin)
  const ask = async (body: Record<string, unknown>) => {
    const res = await fetch(`${server.origin}/entries`, {
      method: "POST",
      headers: {
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
        origin: server.origin,
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
    })
    return ((await res.json()) as { data: { entries: { id: string }; read: boolean }[] }).data
  }
  const [all, starred] = await Promise.all([ask({ view: 0, limit: 100 }), ask({ isCollection: true, limit: 100 })])
  return {
    total: all.length,
    read: all
      .filter((item) => item.read)
      .map((item) => item.entries.id)
      .sort(),
    starred: starred.map((item) => item.entries.id).sort(),
  }
}

describe("the installable app", () => {
  let firstTitles: string[] = []
  const titles = async () => (await page.getByTestId("entry-row").allTextContents()).slice(0, 3)

  it("installs its worker, which takes the page and precaches the shell", async () => {
    await signUp(page, server.origin, `pwa-${Date.now()}@example.com`)
    await subscribe(page, `${fixtures.origin}/feed.xml`, 0)
    await subscribe(page, `${gallery.origin}/gallery.xml`, 2)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 })
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null
    })
    expect(manifest).toMatchObject({ name: "Tidings", display: "standalone", start_url: "/", theme_color: "#f97316" })
    expect(
      ((manifest?.icons ?? []) as { sizes: string; purpose?: string }[]).map((i) => `${i.sizes} ${i.purpose ?? ""}`),
    ).toEqual(["192x192 ", "512x512 ", "512x512 maskable"])
    const precached = await precachedPaths()
    expect(precached).toContain("/index.html")
    expect(precached.some((p) => /\/assets\/index-.*\.js$/.test(p))).toBe(true)
    expect(precached.some((p) => /\.css$/.test(p))).toBe(true)
    expect(precached.some((p) => /\.wasm$/.test(p))).toBe(true)
    expect(precached).toContain("/icon-512.png")
  })

  it("loads two views and opens entries with the worker in charge", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().waitFor()
    await openFirstEntry()
    await page.goto(`${server.origin}/timeline/view-2/all/pending`)
    await page.getByTestId("picture-card").first().waitFor()
    for (const name of GALLERY) expect(await showImage(`${gallery.origin}/img/${name}.png`)).toBeGreaterThan(0)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().waitFor()
    await openFirstEntry()
    await expect.poll(entryImageWidth).toBeGreaterThan(0)
    // A screen that loads on demand (settings) is not in the shell: its code is kept once used.
    const keptBefore = await chunksKeptOnUse()
    await page.goto(`${server.origin}/settings/general`)
    await page.getByTestId("settings-nav").waitFor()
    await expect.poll(async () => (await chunksKeptOnUse()).length).toBeGreaterThan(keptBefore.length)
    // The timeline as it stands now (the opened entries read), as the offline reload must show it.
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().waitFor()
    firstTitles = await titles()
    expect(firstTitles).toHaveLength(3)
    // The local copy is written a second after the last answer (WRITE_DELAY_MS).
    await page.waitForTimeout(2000)
    const status = await imageStatus()
    // Three measured gallery images and the fixture's picture, whose host allows no cross-origin read (estimated).
    expect(status.count).toBe(4)
    expect(status.bytes).toBe(3 * IMAGE_BYTES + 512 * 1024)
    expect(status.limit).toBe(200 * 1024 * 1024)
  })

  it("reloads offline: shell, sidebar, counts and the last timeline within a second, images from the cache", async () => {
    const before = await serverState()
    const readOffline: string[] = []
    // The page's own requests fail through the browser's offline mode; the worker's own fetches are not covered by
    // it, so the image hosts are made unreachable as well.
    await context.setOffline(true)
    gallery.down.on = true
    await fixtures.close()
    try {
      const response = await page.goto(`${server.origin}/timeline/view-0/all/pending`)
      expect(response?.fromServiceWorker()).toBe(true)
      const at = await shownAt(page)
      expect(at, `shown at ${at.toFixed(0)} ms: ${await timings()}`).toBeLessThan(1000)
      console.log(`offline start: sidebar counts and first rows at ${at.toFixed(0)} ms after navigation`)
      expect(await titles()).toEqual(firstTitles)
      expect(await page.getByTestId("sidebar-row-label").filter({ hasText: "Fixture Notes" }).count()).toBe(1)
      expect(Number(await page.getByTestId("unread-count").first().textContent())).toBeGreaterThan(0)
      readOffline.push(await firstRowId())
      await openFirstEntry()
      // The fixture host refuses cross-origin reads: its picture is the opaque copy the worker kept.
      await expect.poll(entryImageWidth).toBeGreaterThan(0)
      expect(await showImage(`${gallery.origin}/img/g2.png`)).toBeGreaterThan(0)
      // Not kept, so offline it cannot show.
      expect(await showImage(`${gallery.origin}/img/never-seen.png`)).toBe(0)
      // Only the image that was never kept was asked of the network (the browser retries a cut connection).
      expect(new Set(gallery.down.tried)).toEqual(new Set(["/img/never-seen.png"]))
      // A second start without a network is the same (what the first offline start kept is enough).
      await page.goto(`${server.origin}/timeline/view-0/all/pending`)
      await page.getByTestId("entry-row").first().waitFor()
      expect(await shootBothSizes(page, shotsDir, "offline-timeline")).toEqual([])
      // On a phone the sidebar's badge is behind the menu: the timeline's header says it.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.getByTestId("offline-header").waitFor()
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.getByTestId("offline-header").waitFor({ state: "detached" })

      // Still offline: two more entries read (three with the one opened above) and the last one starred.
      for (let i = 0; i < 2; i++) {
        const ids = await page
          .getByTestId("entry-row")
          .evaluateAll((rows) => rows.map((row) => row.getAttribute("href")?.split("/").at(-1) ?? ""))
        const id = ids.find((rowId) => !readOffline.includes(rowId))
        if (!id) throw new Error("no unread row left")
        readOffline.push(id)
        await page.locator(`[data-testid="entry-row"][href$="/${id}"]`).click()
        await page.mouse.move(5, 795)
        // The read button is pressed while the entry is unread ("mark as read"): opening it marked it read.
        await expect.poll(() => page.getByTestId("toggle-read").getAttribute("aria-pressed")).toBe("false")
      }
      await page.getByTestId("toggle-star").click()
      await expect.poll(() => page.getByTestId("toggle-star").getAttribute("aria-pressed")).toBe("true")
      // The settings screen opens offline too: its code came from the code cache.
      await page.goto(`${server.origin}/settings/general`)
      await page.getByTestId("settings-nav").waitFor()
    } finally {
      await context.setOffline(false)
      gallery.down.on = false
    }
    // The browser's "online" event: Chromium's emulated offline does not send it to a page that started offline
    // (a real reconnection does); the app catches up on it, asking for the session first, then sends the queue.
    await page.evaluate(() => window.dispatchEvent(new Event("online")))
    // Online again: the server has exactly those changes, and nothing else changed.
    const readAfter = [...before.read, ...readOffline].sort()
    expect(new Set(readAfter).size).toBe(before.read.length + 3)
    await expect
      .poll(serverState, { timeout: 15_000 })
      .toEqual({ total: before.total, read: readAfter, starred: [readOffline[2]] })
  })

  it("drops the least recently shown images when the limit shrinks", async () => {
    // Shown again in this order (all four are kept, so they come from the cache and only their last use changes):
    // g3 becomes the least recently used, then the fixture picture, g2 and g1.
    for (const src of [
      `${gallery.origin}/img/g3.png`,
      `${fixtures.origin}/images/sunset.png`,
      `${gallery.origin}/img/g2.png`,
      `${gallery.origin}/img/g1.png`,
    ])
      expect(await showImage(src), src).toBeGreaterThan(0)
    expect(await imageStatus()).toEqual({ bytes: 3 * IMAGE_BYTES + 512 * 1024, count: 4, limit: 200 * 1024 * 1024 })
    // Room for two gallery images: g3 and then the fixture picture (counted at 512 KB) go.
    const limited = await ask<ImageCacheStatus>({ type: "IMAGE_CACHE_LIMIT", bytes: 2 * IMAGE_BYTES })
    expect(limited).toEqual({ bytes: 2 * IMAGE_BYTES, count: 2, limit: 2 * IMAGE_BYTES })
    expect(await keptImages()).toEqual(["/img/g1.png", "/img/g2.png"])
    // A new image over the limit pushes out the least recent of the rest (g2, shown before g1).
    expect(await showImage(`${gallery.origin}/img/g4.png`)).toBeGreaterThan(0)
    await expect.poll(keptImages).toEqual(["/img/g1.png", "/img/g4.png"])
  })

  it("Settings › data control shows the usage, changes the limit and clears the cache", async () => {
    await page.goto(`${server.origin}/settings/data-control`)
    const row = page.getByTestId("image-cache-limit-row")
    await expect.poll(() => row.textContent()).toMatch(/2\simages,\s200\sKB\sof\s200\sKB/)
    const select = row.getByRole("combobox", { name: "Offline images" })
    await select.selectOption({ label: "200 MB" })
    await expect.poll(() => row.textContent()).toMatch(/2\simages,\s200\sKB\sof\s200\sMB/)
    expect((await imageStatus()).limit).toBe(200 * 1024 * 1024)
    await select.selectOption({ label: "Off" })
    await expect.poll(() => row.textContent()).toMatch(/not kept for offline reading/)
    expect(await keptImages()).toEqual([])
    // Off: shown images are not kept.
    expect(await showImage(`${gallery.origin}/img/g5.png`)).toBeGreaterThan(0)
    expect((await imageStatus()).count).toBe(0)
    await select.selectOption({ label: "50 MB" })
    expect(await showImage(`${gallery.origin}/img/g6.png`)).toBeGreaterThan(0)
    await expect.poll(() => row.textContent()).not.toMatch(/Reading/)
    await page.reload()
    await expect.poll(() => row.textContent()).toMatch(/1\simage,\s100\sKB\sof\s50\sMB/)
    expect(await axeViolations(page)).toEqual([])
    expect(await shootBothSizes(page, shotsDir, "data-control-images")).toEqual([])
    await page.getByTestId("clear-image-cache").click()
    await expect.poll(() => row.textContent()).toMatch(/0\simages,\s0\sB\sof\s50\sMB/)
    expect(await keptImages()).toEqual([])
  })

  it("fetches ahead the pictures of the entries it keeps, so one never shown opens offline with them", async () => {
    await subscribe(page, `${gallery.origin}/notes.xml`, 0)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page
      .getByTestId("entry-row")
      .filter({ hasText: /Note n1(?!\d)/ })
      .waitFor()
    // The local copy takes the page's entries (and their contents, a second later), then hands their pictures to the
    // worker, which keeps them (the limit is 50 MB since the previous test): also those of rows not drawn.
    const notes = Array.from({ length: NOTES }, (_, i) => `/img/n${i + 1}.png`)
    await expect
      .poll(async () => (await keptImages()).filter((kept) => notes.includes(kept)).length, { timeout: 15_000 })
      .toBe(NOTES)
    const shownByPage = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => /^\/img\/n\d+\.png$/.test(name)),
    )
    const neverShown = notes.filter((note) => !shownByPage.includes(note))
    expect(neverShown.length, `the page showed ${shownByPage.length} of ${NOTES}`).toBeGreaterThan(0)
    const note = neverShown.at(-1)!.replace(/^\/img\/|\.png$/g, "")
    await context.setOffline(true)
    gallery.down.on = true
    try {
      const row = page.getByTestId("entry-row").filter({ hasText: new RegExp(`Note ${note}(?!\\d)`) })
      await page.getByTestId("entry-list").hover()
      for (let i = 0; i < 20 && !(await row.count()); i++) await page.mouse.wheel(0, 400)
      await row.click()
      await page.mouse.move(5, 795)
      await expect.poll(entryImageWidth).toBeGreaterThan(0)
      expect(gallery.down.tried.filter((tried) => /^\/img\/n\d+\.png$/.test(tried))).toEqual([])
    } finally {
      gallery.down.on = false
      await context.setOffline(false)
    }
  })

  it("offers a new version with a toast whose button activates it and reloads once", async () => {
    const before = await ask<{ version: string }>({ type: "VERSION" })
    // Deploy a new build's worker: the same code with another precache revision for index.html.
    const swPath = path.join(dist, "sw.js")
    const original = readFileSync(swPath, "utf8")
    const changed = original.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, "$1e2e0next0build$2")
    expect(changed).not.toBe(original)
    // With its compressed copies, as the build writes them (the server sends those to browsers).
    writeFileSync(swPath, changed)
    writeFileSync(`${swPath}.br`, brotliCompressSync(changed))
    writeFileSync(`${swPath}.gz`, gzipSync(changed))
    // A navigation makes the browser check the worker; the new one installs and waits.
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    const toast = page.getByText("A new version is available")
    await toast.waitFor({ timeout: 60_000 })
    let loads = 0
    page.on("load", () => loads++)
    await page.getByRole("button", { name: "Reload to update" }).click()
    await page.waitForEvent("load")
    await page.getByTestId("entry-row").first().waitFor()
    const after = await ask<{ version: string }>({ type: "VERSION" })
    expect(after.version).not.toBe(before.version)
    const controller = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/")
      return { waiting: registration?.waiting !== null, controlled: navigator.serviceWorker.controller !== null }
    })
    expect(controller).toEqual({ waiting: false, controlled: true })
    await page.waitForTimeout(1500)
    expect(loads).toBe(1)
    expect(await page.getByText("A new version is available").count()).toBe(0)
    expect(pageErrors).toEqual([])
    expect(workerProblems).toEqual([])
  })
})
