// The local database in a real Chromium (issue 12, first part): SQLite in a worker with its file in OPFS, shown on
// settings › data control with its size, exported as a .sqlite file that holds the spec's tables, recreated from
// the migrations when its file is garbage, and deleted on request.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e-serial.config.ts e2e/local-database.e2e.test.ts
import { readFileSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fileHost, sqlite } from "../src/db/test-host.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes, shownAt } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "local-database")

let server: AppServer
let fixtures: FixtureServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const consoleErrors: string[] = []

beforeAll(async () => {
  server = await startAppServer()
  fixtures = await startFixtureServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  await signUp(page, server.origin, `local-db-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

const description = () =>
  page
    .getByTestId("settings-page-data-control")
    .locator("p", { hasText: /kept in this browser|lasts only for this visit|Opening the local database/ })

async function openDataControl() {
  await page.goto(`${server.origin}/settings/data-control`)
  await expect
    .poll(() => description().textContent(), { timeout: 20_000 })
    .toMatch(/kept in this browser .*: \d+(\.\d)? KB\./)
}

/** The exported file, opened with SQLite in Node. */
async function exportDatabase() {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-local-db").click()])
  expect(download.suggestedFilename()).toMatch(/^tidings-local-\d{4}-\d{2}-\d{2}\.sqlite$/)
  const bytes = new Uint8Array(readFileSync((await download.path()) as string))
  expect(Buffer.from(bytes.subarray(0, 16)).toString("latin1")).toBe("SQLite format 3\0")
  return fileHost(await sqlite(), bytes).open()
}

async function exportTables(): Promise<string[]> {
  const db = await exportDatabase()
  return db.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((row) => String(row.name))
}

/**
 * The server's answers for the sidebar, counts and entries never come: what shows is the local copy. Held in the
 * browser (the DevTools protocol pauses the API's reading calls and never continues them); every other request goes
 * its way untouched, so the page loads as fast as it would (a page.route handler would stop every request on its
 * way to this process, and the start would measure the test runner). Answers a function that lets them go again.
 */
async function holdReadingCalls(): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Fetch.enable", {
    patterns: ["subscriptions", "reads", "entries"].map((path) => ({
      urlPattern: `${server.origin}/${path}*`,
      requestStage: "Request" as const,
    })),
  })
  return async () => {
    await cdp.send("Fetch.disable").catch(() => {})
    await cdp.detach().catch(() => {})
  }
}

/** With the server's reading calls held, the page shows nothing of an earlier local copy: no rows, no feeds. */
async function expectNothingShown() {
  await page.getByTestId("user-menu").waitFor()
  // Time for the local copy to have been read, had it been kept.
  await page.waitForTimeout(1500)
  expect(await page.getByTestId("entry-row").count()).toBe(0)
  expect(await page.getByTestId("sidebar-row-label").filter({ hasText: "Fixture Notes" }).count()).toBe(0)
}

describe("the local database", () => {
  it("opens in OPFS, shows its size and exports a .sqlite file with the spec's tables", async () => {
    await openDataControl()
    const tables = await exportTables()
    for (const table of ["entries", "subscriptions", "feeds", "unread", "summaries", "translations", "__migrations"])
      expect(tables).toContain(table)
    expect(await page.evaluate(() => localStorage.getItem("tidings:migration_version"))).toBe('["0000_initial"]')
    expect(await shootBothSizes(page, shotsDir, "data-control-local-db")).toEqual([])
  })

  it("deletes a corrupt file and starts again from the migrations", async () => {
    await openDataControl()
    // Leave the app (its worker holds the file), then overwrite the database's pages in OPFS with garbage from a
    // same-origin document that does not run the app: a picture, as a browser's visit to /health gets the app
    // (which opens the database at once for a returning user, racing this test for the file).
    await page.goto(`${server.origin}/favicon.svg`)
    const corrupted = await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory()
      const pool = await (await root.getDirectoryHandle(".WA_SQLITE")).getDirectoryHandle(".opaque")
      let files = 0
      for await (const [, handle] of pool as unknown as AsyncIterable<[string, FileSystemFileHandle]>) {
        if (handle.kind !== "file" || (await handle.getFile()).size <= 4096) continue
        const writable = await handle.createWritable({ keepExistingData: true })
        // The pool keeps its own header in the first 4096 bytes; the database's pages follow it.
        await writable.write({ type: "write", position: 4096, data: new Uint8Array(8192).fill(0x5a) })
        await writable.close()
        files++
      }
      return files
    })
    expect(corrupted).toBeGreaterThan(0)
    consoleErrors.length = 0
    await openDataControl()
    // Logged by the worker: its console reaches the test on its own channel, not always before the page's text.
    await expect.poll(() => consoleErrors.some((text) => text.includes("could not be migrated"))).toBe(true)
    expect(await exportTables()).toContain("entries")
    expect(pageErrors).toEqual([])
  })

  it("resets on request and keeps working", async () => {
    await openDataControl()
    await page.getByTestId("reset-local-db").click()
    await page.getByRole("dialog").getByRole("button", { name: "Reset database" }).click()
    await expect.poll(() => description().textContent()).toMatch(/KB/)
    expect(await exportTables()).toContain("entries")
    expect(pageErrors).toEqual([])
  })

  it("keeps the sidebar, counts and timeline, and shows them when the server does not answer", async () => {
    await subscribe(page, `${fixtures.origin}/feed.xml`)
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("entry-row").first().waitFor()
    const rowsOnline = await page.getByTestId("entry-row").count()
    // Written back a second (WRITE_DELAY_MS) after the last answer: leave the page only after that.
    await page.waitForTimeout(2000)
    await openDataControl()
    await expect
      .poll(async () => (await exportDatabase()).all("SELECT count(*) AS n FROM entries")[0].n, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(rowsOnline)

    // What shows must come from the local database, not from the query cache persisted in local storage: the next
    // start finds neither the subscriptions nor the counts there (stripped before the app's code runs).
    await page.addInitScript(() => {
      if (sessionStorage.getItem("e2e:strip-persisted") !== "1") return
      sessionStorage.removeItem("e2e:strip-persisted")
      const key = "tidings:REACT_QUERY_OFFLINE_CACHE"
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { queries: { queryKey: unknown[] }[] } | null
      if (!stored) return
      const kept = stored.queries.filter((query) => !["subscriptions", "unread"].includes(String(query.queryKey[0])))
      ;(window as unknown as { strippedQueries: number }).strippedQueries = stored.queries.length - kept.length
      localStorage.setItem(key, JSON.stringify({ ...stored, queries: kept }))
    })
    await page.evaluate(() => sessionStorage.setItem("e2e:strip-persisted", "1"))
    const release = await holdReadingCalls()
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    const at = await shownAt(page)
    expect(await page.evaluate(() => (window as unknown as { strippedQueries?: number }).strippedQueries)).toBe(2)
    const timings = await page.evaluate(() =>
      [
        ...performance.getEntriesByType("mark").map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
        ...performance
          .getEntriesByType("resource")
          .map((r) => r as PerformanceResourceTiming)
          .filter((r) => /get-session|\.wasm|worker/.test(r.name))
          .map((r) => `${r.name.split("/").pop()} ${r.startTime.toFixed(0)}–${r.responseEnd.toFixed(0)}`),
      ].join("; "),
    )
    console.log(`local start: the sidebar, counts and first rows at ${at.toFixed(0)} ms after navigation`)
    expect(at, `shown at ${at.toFixed(0)} ms: ${timings}`).toBeLessThan(1000)
    expect(await page.getByTestId("entry-row").count()).toBe(rowsOnline)
    expect(await page.getByTestId("sidebar-row-label").filter({ hasText: "Fixture Notes" }).count()).toBe(1)
    expect(Number(await page.getByTestId("unread-count").first().textContent())).toBeGreaterThan(0)
    await release()
    expect(pageErrors).toEqual([])
  })

  it("is emptied by the error page's reset, and the app starts again from nothing", async () => {
    await openDataControl()
    expect((await exportDatabase()).all("SELECT count(*) AS n FROM entries")[0].n).toBeGreaterThan(0)
    // A screen's code failing to load is a real route error; the page reloads once by itself, then shows it. (The
    // service worker, had it precached the code, would answer for it: it goes first.)
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister()
      for (const name of await caches.keys()) await caches.delete(name)
    })
    await page.route("**/assets/not-found-*.js", (route) => route.abort())
    await page.goto(`${server.origin}/no/such/page`)
    await page.getByTestId("error-page").waitFor()
    await page.waitForTimeout(1000)
    await page.getByTestId("error-page").waitFor()
    await page.unroute("**/assets/not-found-*.js")
    // What shows after the reset can come only from the local copy: the server's reading calls are held.
    const release = await holdReadingCalls()
    await page.getByRole("button", { name: "Reset Local Database" }).click()
    await page.waitForURL((url) => url.pathname !== "/no/such/page")
    await expectNothingShown()
    // Exported while the calls are still held: once they go, the server's answers are written to the local copy
    // again a second later (the counts once were, before the export).
    await openDataControl()
    const db = await exportDatabase()
    for (const table of ["entries", "unread", "subscriptions", "feeds"])
      expect(db.all(`SELECT count(*) AS n FROM ${table}`)[0].n, table).toBe(0)
    await release()
    expect(pageErrors).toEqual([])
  })

  it("shows another user who signs in on this browser none of it", async () => {
    await page.context().clearCookies()
    await signUp(page, server.origin, `local-db-second-${Date.now()}@example.com`)
    const release = await holdReadingCalls()
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await expectNothingShown()
    await release()
    await openDataControl()
    expect((await exportDatabase()).all("SELECT count(*) AS n FROM entries")[0].n).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
