// Settings › data control end to end: an OPML file of 40 loopback feeds (one already followed, two that answer 404)
// previewed, imported with the progress bar seen moving while the server fetches them, the summary, the sidebar,
// then the OPML export downloaded and read back. Screenshots at 1280×800 and 390×844 (idle, preview, done), axe on each.
// Run: cd apps/web && node ../../scripts/build-web.mjs && node ../../scripts/build-server.mjs &&
//      npx vitest run -c vitest.e2e.config.ts e2e/data-control.e2e.test.ts
import { readFileSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "data-control")
const FEEDS = 40
const BROKEN = new Set([7, 23])

let feeds: Server
let feedOrigin = ""
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

/** Each feed answers after a pause, so the server's fetching takes long enough for the bar to be seen moving. */
function startFeedServer(): Promise<Server> {
  const srv = createServer((req, res) => {
    const n = Number(req.url?.match(/^\/feeds\/(\d+)\.xml/)?.[1])
    setTimeout(
      () => {
        if (!n || BROKEN.has(n)) {
          res.writeHead(404).end("gone")
          return
        }
        res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
        res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback feed ${n}</title>
<link>${feedOrigin}/site/${n}</link><description>Feed ${n}</description>
<item><title>Post of feed ${n}</title><link>${feedOrigin}/site/${n}/post</link><guid>feed-${n}-post</guid>
<pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate><description>Hello from feed ${n}.</description></item>
</channel></rss>`)
      },
      400 + (n % 5) * 150,
    )
  })
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve(srv)))
}

function opmlFile(): string {
  const outline = (n: number) =>
    `<outline type="rss" text="Loopback feed ${n}" title="Loopback feed ${n}" xmlUrl="${feedOrigin}/feeds/${n}.xml"/>`
  const numbers = Array.from({ length: FEEDS }, (_, i) => i + 1)
  const science = numbers
    .filter((n) => n <= 20)
    .map(outline)
    .join("\n")
  const loose = numbers
    .filter((n) => n > 20)
    .map(outline)
    .join("\n")
  const file = path.join(tmpdir(), `tidings-import-${Date.now()}.opml`)
  writeFileSync(
    file,
    `<?xml version="1.0"?><opml version="2.0"><head><title>Forty</title></head><body>
<outline text="Science" title="Science">${science}</outline>${loose}</body></opml>`,
  )
  return file
}

const shootBoth = (name: string) => shootBothSizes(page, shotsDir, name)

beforeAll(async () => {
  feeds = await startFeedServer()
  feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
  server = await startAppServer()
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `data-${Date.now()}@example.com`)
  await subscribe(page, `${feedOrigin}/feeds/1.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise((resolve) => feeds?.close(resolve))
})

describe("data control", () => {
  it("previews an OPML file, imports it with a progress bar, and sums up what happened", async () => {
    const problems: string[] = []
    await page.goto(`${server.origin}/settings/data-control`)
    await page.getByTestId("opml-drop-zone").waitFor()
    problems.push(...(await shootBoth("idle")))

    await page.getByTestId("opml-file-input").setInputFiles(opmlFile())
    const preview = page.getByTestId("opml-preview")
    await preview.waitFor()
    expect(await page.getByTestId("opml-preview-summary").textContent()).toBe(
      "40 feeds in the file: 39 to follow, 1 already followed.",
    )
    expect(await preview.locator("li[data-status=followed]").count()).toBe(1)
    expect(await preview.locator("li[data-status=new]").count()).toBe(39)
    expect(await preview.getByText("Science · ").count()).toBe(20)
    problems.push(...(await shootBoth("preview")))

    await page.getByTestId("opml-import-confirm").click()
    const bar = page.getByRole("progressbar")
    await bar.waitFor()
    const seen = new Set<number>()
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      const now = Number(await bar.getAttribute("aria-valuenow"))
      seen.add(now)
      if (now === 39) break
      await page.waitForTimeout(150)
    }
    expect(await bar.getAttribute("aria-valuemax")).toBe("39")
    expect(seen.has(39), [...seen].join(",")).toBe(true)
    expect(
      [...seen].some((n) => n > 0 && n < 39),
      `values seen: ${[...seen].join(",")}`,
    ).toBe(true)

    await page.getByTestId("opml-import-summary").waitFor()
    expect(await page.getByTestId("opml-summary-added").textContent()).toBe("39 feeds added")
    expect(await page.getByTestId("opml-summary-followed").textContent()).toBe("1 already followed")
    expect(await page.getByTestId("opml-summary-failed").textContent()).toBe("2 failed")
    const summary = (await page.getByTestId("opml-import-summary").textContent()) ?? ""
    expect(summary).toContain("Loopback feed 7")
    expect(summary).toContain("Loopback feed 23")
    problems.push(...(await shootBoth("done")))

    await page.goto(`${server.origin}/`)
    const tree = page.getByTestId("feed-tree")
    await tree.getByText("Science", { exact: true }).waitFor()
    for (const n of [21, 30, 40]) await tree.getByText(`Loopback feed ${n}`, { exact: true }).waitFor()
    expect(problems.join("\n")).toBe("")
  })

  it("says so beside the drop zone when the file is not OPML", async () => {
    await page.goto(`${server.origin}/settings/data-control`)
    const file = path.join(tmpdir(), `tidings-not-opml-${Date.now()}.opml`)
    writeFileSync(file, "just some words")
    await page.getByTestId("opml-file-input").setInputFiles(file)
    const alert = page.getByTestId("settings-page-data-control").getByRole("alert")
    await alert.waitFor()
    expect(await alert.textContent()).toBeTruthy()
    expect(await page.getByTestId("opml-preview").count()).toBe(0)
  })

  it("downloads the subscriptions as OPML listing every imported feed", async () => {
    await page.goto(`${server.origin}/settings/data-control`)
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-opml").click()])
    const opml = readFileSync((await download.path()) as string, "utf8")
    for (let n = 1; n <= FEEDS; n++) expect(opml, `feed ${n}`).toContain(`${feedOrigin}/feeds/${n}.xml`)
    expect(opml).toContain('text="Science"')
  })

  it("resets this browser's data with the app's prefix after asking, then reloads", async () => {
    await page.evaluate(() => {
      localStorage.setItem("tidings:e2e-marker", "1")
      localStorage.setItem("another-app", "1")
    })
    await page.getByTestId("reset-local-data").click()
    const reloaded = page.waitForEvent("load")
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click()
    await reloaded
    await page.getByTestId("opml-drop-zone").waitFor()
    const left = await page.evaluate(() => [
      localStorage.getItem("tidings:e2e-marker"),
      localStorage.getItem("another-app"),
    ])
    expect(left).toEqual([null, "1"])
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
