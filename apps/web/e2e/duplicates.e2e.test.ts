// Duplicates across feeds (issue 15) in the browser: three feeds carry one story (the same URL under different
// tracking parameters, the same guid, the same title); the list shows it once with "Also in: …", and opening it
// clears the story from all three feeds' unread counts in the sidebar. Needs the web build. The server groups copies
// in its search indexer's pass after the follows (every second here, every 5 s by default).
import { mkdirSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { expectNoPhoneOverflow, screenshotsRoot } from "./support/evidence.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shots = process.env.DEDUPE_SHOTS ?? path.join(screenshotsRoot, "duplicates")

let feeds: Server
let origin = ""
let server: AppServer
let browser: Browser
let page: Page
const feedIds: string[] = []

interface Item {
  guid: string
  title: string
  link: string
  hoursAgo: number
}

function rss(title: string, site: string, items: Item[]): string {
  const body = items
    .map(
      (i) => `<item><guid>${i.guid}</guid><title>${i.title}</title><link>${i.link}</link>
<description>${i.title}: the story as this feed tells it.</description>
<pubDate>${new Date(Date.now() - i.hoursAgo * 3_600_000).toUTCString()}</pubDate></item>`,
    )
    .join("\n")
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title>
<link>${site}</link><description>${title}</description>${body}</channel></rss>`
}

const own = (feed: string): Item[] =>
  [3, 4].map((h) => ({
    guid: `${feed}-${h}`,
    title: `${feed} column ${h}`,
    link: `https://${feed}.example/${h}`,
    hoursAgo: h,
  }))

const documents: Record<string, string> = {
  "/alpha.xml": rss("Alpha Daily", "https://alpha.example/", [
    {
      guid: "tag:news.example,2026:rover",
      title: "Mars rover finds water",
      link: "https://news.example/rover?utm_source=alpha",
      hoursAgo: 2,
    },
    ...own("alpha"),
  ]),
  "/beta.xml": rss("Beta Weekly", "https://beta.example/", [
    {
      guid: "beta-rover",
      title: "Rover: water on Mars",
      link: "https://NEWS.example/rover/?fbclid=1#top",
      hoursAgo: 1,
    },
    ...own("beta"),
  ]),
  "/gamma.xml": rss("Gamma Science Review", "https://gamma.example/", [
    { guid: "gamma-rover", title: "MARS ROVER FINDS WATER!", link: "https://gamma.example/rover", hoursAgo: 1.5 },
    ...own("gamma"),
  ]),
}

beforeAll(async () => {
  feeds = createServer((req, res) => {
    const doc = documents[new URL(req.url ?? "/", origin).pathname]
    res.writeHead(doc ? 200 : 404, { "content-type": "application/rss+xml; charset=utf-8" })
    res.end(doc ?? "not found")
  })
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
  server = await startAppServer({ SEARCH_INDEX_INTERVAL_SECONDS: "1" })
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await signUp(page, server.origin, `dupes-${Date.now()}@example.com`)
  for (const doc of Object.keys(documents)) feedIds.push(await subscribe(page, `${origin}${doc}`))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise((resolve) => feeds?.close(resolve))
})

const sidebarCount = (feedId: string) =>
  page
    .locator(`[data-testid="feed-item"][data-id="${feedId}"]`)
    .first()
    .evaluate((row) => Number(row.querySelector('[data-testid="unread-count"]')?.textContent ?? 0))

async function shoot(name: string) {
  mkdirSync(shots, { recursive: true })
  await page.waitForTimeout(300)
  await expectNoPhoneOverflow(page, name)
  await page.screenshot({ path: path.join(shots, `${name}.png`) })
}

/** Until the server's search indexer has passed over the follows, the three copies show apart. */
async function groupedOnServer() {
  const roverItems = () =>
    page.evaluate(async () => {
      const res = await fetch("/entries", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ view: 0 }),
      })
      const items = (await res.json()).data as { entries: { title: string } }[]
      return items.filter((item) => /rover/i.test(item.entries.title)).length
    })
  await expect.poll(roverItems).toBe(1)
}

describe("duplicates across feeds", () => {
  it("shows the story once with 'Also in', at 1280 and 390 px, without serious axe violations", async () => {
    await groupedOnServer()
    await page.goto(`${server.origin}/timeline/view-0/all`)
    const rover = page.getByTestId("entry-row").filter({ hasText: /rover/i })
    await rover.first().waitFor()
    await expect.poll(() => page.getByTestId("entry-row").count()).toBe(7)
    expect(await rover.count()).toBe(1)
    await expect
      .poll(() => rover.getByTestId("entry-also-in").textContent())
      .toBe("Also in: Gamma Science Review, Beta Weekly")
    for (const feedId of feedIds) expect(await sidebarCount(feedId)).toBe(3)
    await shoot("duplicates-list-1280")
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(300)
    await expect.poll(() => rover.getByTestId("entry-also-in").isVisible()).toBe(true)
    await shoot("duplicates-list-390")
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it("opening it clears the story from the three feeds' unread counts", async () => {
    await page.getByTestId("entry-row").filter({ hasText: /rover/i }).first().click()
    for (const feedId of feedIds) await expect.poll(() => sidebarCount(feedId)).toBe(2)
    // As the server has it too, after a reload.
    await page.reload()
    await page.getByTestId("feed-item").first().waitFor()
    for (const feedId of feedIds) await expect.poll(() => sidebarCount(feedId)).toBe(2)
    await shoot("duplicates-read-1280")
  })
})
