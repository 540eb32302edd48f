// The entry detail's reading end to end: a real server, a loopback feed whose entry has pictures, a link to another
// site, inline styles and a <style> tag, and Chromium. Pictures open the gallery, the link asks first
// (jumpOutLinkWarn), the reader typography applies, and the reader shows in the recent readers row.
// Run with: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/entry-detail.e2e.test.ts
import { readFile } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { shoot, shootBoth } from "./support/views-helpers.ts"

let feedServer: Server
let feedOrigin = ""
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
// The server keeps no id or data-* attribute of feed HTML; title survives, so the fixture marks elements with it.
const outsideLink = () => page.locator('[data-testid="entry-content"] a[title="outside"]')

function feedXml(origin: string): string {
  const content = `
    <p style="color: rgb(200, 0, 0)" title="styled">A styled paragraph with a
      <a href="${origin}/posts/elsewhere" title="outside">link to another site</a>.</p>
    <style>body { display: none !important }</style>
    <p><a href="${origin}/images/first.png"><img src="${origin}/images/first.png" alt="First picture" width="320" height="180"></a></p>
    <p>Between the pictures, more words to read.</p>
    <p><img src="${origin}/images/second.png" alt="Second picture" width="320" height="180"></p>
    <h2>Notes</h2><pre><code>const total = items.reduce((sum, item) =&gt; sum + item.price, 0)
console.log(total)</code></pre><p>The end.</p>`
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Entry Detail Fixture</title><link>${origin}/</link><description>d</description>
<item><title>Pictures, links and styles</title><link>${origin}/posts/one</link><guid>${origin}/posts/one</guid>
<pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate>
<description><![CDATA[${content}]]></description></item>
</channel></rss>`
}

async function startFeedServer(): Promise<void> {
  const png = await readFile(new URL("./fixtures/sunset.png", import.meta.url))
  feedServer = createServer((req, res) => {
    const path = new URL(req.url ?? "/", feedOrigin).pathname
    if (path === "/feed.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(feedXml(feedOrigin))
    } else if (path.startsWith("/images/")) {
      res.writeHead(200, { "content-type": "image/png" })
      res.end(png)
    } else {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      res.end(`<!doctype html><title>Elsewhere</title><p>Another site at ${path}.</p>`)
    }
  })
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve))
  feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`
}

beforeAll(async () => {
  await startFeedServer()
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise<void>((resolve) => feedServer?.close(() => resolve()))
})

describe("entry detail", () => {
  it("opens an entry of a loopback feed", async () => {
    await page.goto(`${server.origin}/login`)
    await byTestId("login-switch-mode").click()
    await byTestId("login-name").fill("Erin Entry")
    await byTestId("login-email").fill(`entry-${Date.now()}@example.com`)
    await byTestId("login-password").fill("correct-horse-battery")
    await byTestId("login-submit").click()
    await page.waitForURL(/\/timeline\//)
    await page.evaluate(async (url) => {
      const res = await fetch("/subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, view: 0 }),
      })
      if (!res.ok) throw new Error(await res.text())
    }, `${feedOrigin}/feed.xml`)
    await page.reload()
    await byTestId("entry-row").first().click()
    await byTestId("entry-content").waitFor()
    await page.locator('[data-testid="entry-content"] img').first().waitFor()
  })

  it("applies the reader typography and keeps inline styles, but never a <style> tag", async () => {
    const look = await byTestId("entry-content").evaluate((element) => {
      const style = getComputedStyle(element)
      const styled = element.querySelector<HTMLElement>('[title="styled"]')
      return {
        size: style.fontSize,
        lineHeight: style.lineHeight,
        styledColour: styled ? getComputedStyle(styled).color : "",
        styleTags: element.querySelectorAll("style").length,
        bodyDisplay: getComputedStyle(document.body).display,
      }
    })
    expect(look).toEqual({
      size: "16px",
      lineHeight: "28px",
      styledColour: "rgb(200, 0, 0)",
      styleTags: 0,
      bodyDisplay: "block",
    })
  })

  it("shows the reader in the recent readers row", async () => {
    await expect.poll(() => byTestId("recent-reader").count(), { timeout: 15_000 }).toBe(1)
    expect(await byTestId("recent-reader").getAttribute("title")).toBe("Erin Entry")
    expect(await seriousViolations(page, [['[data-testid="entry-detail"]']])).toEqual([])
    const problems = await shootBoth(page, "entry-detail")
    expect(problems).toEqual([])
  })

  it("opens the gallery across the entry's pictures from a picture in the content", async () => {
    await page.locator('[data-testid="entry-content"] img').nth(1).click()
    await byTestId("gallery").waitFor()
    expect((await byTestId("gallery-position").textContent())?.replace(/\s/g, "")).toBe("2/2")
    expect(await byTestId("gallery-image").getAttribute("src")).toBe(`${feedOrigin}/images/second.png`)
    await page.keyboard.press("ArrowRight")
    await expect.poll(() => byTestId("gallery-image").getAttribute("src")).toBe(`${feedOrigin}/images/first.png`)
    expect(await seriousViolations(page, [["dialog[open]"]])).toEqual([])
    await page.keyboard.press("Escape")
    await byTestId("gallery").waitFor({ state: "detached" })
    // The first picture sits inside a link to itself: it opens the gallery, not a new tab.
    await page.locator('[data-testid="entry-content"] img').first().click()
    expect((await byTestId("gallery-position").textContent())?.replace(/\s/g, "")).toBe("1/2")
    await page.keyboard.press("Escape")
    await byTestId("gallery").waitFor({ state: "detached" })
  })

  it("asks before following a link to another site, and opens it only when confirmed", async () => {
    const popups: string[] = []
    page.context().on("page", (popup) => popups.push(popup.url()))
    const dialog = page.locator("dialog[open]")
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height })
      await outsideLink().click()
      await dialog.waitFor()
      expect(await dialog.textContent()).toContain(`${feedOrigin}/posts/elsewhere`)
      expect(await seriousViolations(page, [["dialog[open]"]])).toEqual([])
      await shoot(page, `entry-jump-out-${width}`)
      await page.keyboard.press("Escape")
      await dialog.waitFor({ state: "detached" })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.waitForTimeout(300)
    expect(popups).toEqual([])

    await outsideLink().click()
    const opened = page.context().waitForEvent("page")
    await byTestId("confirm-dialog-confirm").click()
    const popup = await opened
    await popup.waitForLoadState()
    expect(popup.url()).toBe(`${feedOrigin}/posts/elsewhere`)
    await popup.close()
  })

  it("highlights a code block with Shiki, guessing its language", async () => {
    const code = page.locator('[data-testid="entry-content"] pre > code')
    await expect.poll(() => code.getAttribute("data-highlighted"), { timeout: 15_000 }).toBe("javascript")
    const look = await code.evaluate((element) => ({
      text: element.textContent,
      colours: new Set([...element.querySelectorAll("span")].map((span) => getComputedStyle(span).color)).size,
    }))
    expect(look.text).toBe("const total = items.reduce((sum, item) => sum + item.price, 0)\nconsole.log(total)")
    expect(look.colours).toBeGreaterThan(2)
    await code.scrollIntoViewIfNeeded()
    await shoot(page, "entry-code-1280")
  })

  it("raised no page error", () => {
    expect(pageErrors).toEqual([])
  })
})
