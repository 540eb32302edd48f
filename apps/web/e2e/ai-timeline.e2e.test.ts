// The AI timeline end to end (issue 13): a real server whose fast model is the OpenAI-compatible stand-in on
// loopback, and Chromium. The sorting prompt is set in Settings › AI; the timeline header then offers "AI sort",
// which lists the unread entries by the scores the server works out in the background (the stand-in likes cats);
// "Summarise timeline" shows the model's markdown with links that open the entries. Screenshots at 1280 and 390 px.
// Run with: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/ai-timeline.e2e.test.ts
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type ChatRequestBody,
  type OpenAiStub,
  startOpenAiStub,
  textOf,
} from "../../server/test/support/openai-stub.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { call, signUpThroughForm } from "./support/profiles-guide-kit.ts"

const shotDir = process.env.AI_TIMELINE_SHOTS ?? path.join(screenshotsRoot, "ai-timeline")

/** Newest first: dogs lead the ordinary timeline, cats the AI-sorted one. */
const TITLES = ["Dogs at the park", "A cat on the roof", "Dog shows this weekend", "Cat food, reviewed"]

function feedXml(origin: string): string {
  const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toUTCString()
  const items = TITLES.map(
    (title, i) => `<item><title>${title}</title><link>${origin}/p/${i}</link><guid>${origin}/p/${i}</guid>
<pubDate>${hoursAgo(i + 1)}</pubDate><description><![CDATA[<p>About ${title.toLowerCase()}.</p>]]></description></item>`,
  ).join("\n")
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Pet News</title>
<link>${origin}/</link><description>Pets</description><language>en</language>${items}</channel></rss>`
}

const SUMMARY = "Cats lead today's reading [1], and the park dogs are back [2].\n\n- **Cats**: rooftops [1]\n- Dogs [2]"

function modelReply(body: ChatRequestBody): string {
  const system = textOf(body.messages.find((m) => m.role === "system"))
  const user = textOf(body.messages.filter((m) => m.role === "user").at(-1))
  if (system.includes("You rank feed entries"))
    return user
      .split("\n\n")
      .map((block) => /^(\d+)\. (.*)/.exec(block))
      .filter((m) => m !== null)
      .map((m) => `${m[1]}: ${/cat/i.test(m[2]!) ? 92 : 15}`)
      .join("\n")
  if (system.includes("You brief a reader")) return SUMMARY
  return "OK"
}

let browser: Browser
let feedServer: Server
let feedUrl: string
let model: OpenAiStub
let server: AppServer
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
/** The rows' titles in order (the heading's own text, without its "(unread)" for screen readers). */
const rowTitles = () =>
  page
    .locator('[data-testid="entry-row"] h3')
    .evaluateAll((nodes) => nodes.map((node) => node.firstChild?.textContent?.trim() ?? ""))

beforeAll(async () => {
  let origin = ""
  feedServer = createServer((req, res) => {
    if (new URL(req.url ?? "/", origin).pathname === "/feed.xml")
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(feedXml(origin))
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`
  feedUrl = `${origin}/feed.xml`
  model = await startOpenAiStub({ reply: modelReply })
  server = await startAppServer({
    AI_BASE_URL: model.baseUrl,
    AI_MODEL: "stub-model",
    AI_MODEL_FAST: "stub-fast",
    AI_SCORE_DEBOUNCE_MS: "100",
  })
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUpThroughForm(page, server.origin, "Tove Reader", `tove-${Date.now()}@example.com`)
  await call(page, "POST", "/subscriptions", { url: feedUrl, view: 0 })
})

afterAll(async () => {
  await page?.close()
  await browser?.close()
  await server?.stop()
  await model?.close()
  await new Promise((resolve) => feedServer?.close(resolve))
})

describe("the AI timeline", () => {
  it("offers no AI sort until a sorting prompt is set", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await expect.poll(rowTitles).toEqual(TITLES)
    await byTestId("ai-summarise-timeline").waitFor()
    expect(await byTestId("ai-sort-toggle").count()).toBe(0)
  })

  it("keeps the sorting prompt in Settings › AI, beside the provider's fast model", async () => {
    await page.goto(`${server.origin}/settings/ai`)
    const field = page.locator('[data-testid="setting-timelineSortPrompt"] textarea')
    await field.fill("Cats first, always.")
    await byTestId("ai-provider-fast-model").scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotDir, "settings-ai-fast-model")).toEqual([])
    await expect
      .poll(async () => {
        const got = await call<{ settings: { ai?: { timelineSortPrompt?: string } } }>(page, "GET", "/settings")
        return got.settings.ai?.timelineSortPrompt
      })
      .toBe("Cats first, always.")
    await byTestId("setting-timelineSortPrompt").scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotDir, "settings-ai-timeline")).toEqual([])
  })

  it("sorts the unread entries by score with AI sort on, shows the scores, and goes back when off", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await expect.poll(rowTitles).toEqual(TITLES)
    const toggle = byTestId("ai-sort-toggle")
    expect(await toggle.getAttribute("aria-pressed")).toBe("false")
    await toggle.click()
    expect(await toggle.getAttribute("aria-pressed")).toBe("true")
    // Scored in the background: the list asks again until every entry has its score.
    await expect
      .poll(rowTitles, { timeout: 20_000 })
      .toEqual(["A cat on the roof", "Cat food, reviewed", "Dogs at the park", "Dog shows this weekend"])
    const scores = page.locator('[data-testid="entry-ai-score"] [aria-hidden="true"]')
    expect(await scores.allTextContents()).toEqual(["92", "92", "15", "15"])
    expect(await byTestId("entry-ai-score").first().getAttribute("title")).toBe("AI score 92 of 100")
    // Not in date order, so no date headings.
    expect(await page.getByText("Today", { exact: true }).count()).toBe(0)
    expect(model.requests.filter((r) => textOf(r.body.messages[0]).includes("You rank")).length).toBe(1)
    expect(model.requests.every((r) => r.body.model === "stub-fast")).toBe(true)
    expect(await shootBothSizes(page, shotDir, "timeline-ai-sorted")).toEqual([])
    await toggle.click()
    await expect.poll(rowTitles).toEqual(TITLES)
    expect(await byTestId("entry-ai-score").count()).toBe(0)
  })

  it("summarises the timeline in a dialog whose links open the entries", async () => {
    await byTestId("ai-summarise-timeline").click()
    const dialog = byTestId("timeline-summary-dialog")
    await dialog.getByTestId("timeline-summary-text").waitFor()
    const text = await dialog.getByTestId("timeline-summary-text").textContent()
    expect(text).toContain("Cats lead today's reading [1], and the park dogs are back [2].")
    expect(await dialog.locator("li").count()).toBe(2)
    expect(await dialog.locator("strong").textContent()).toBe("Cats")
    const hrefs = await dialog.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))
    expect(hrefs).toHaveLength(4)
    for (const href of hrefs) expect(href).toMatch(/^\/timeline\/view-0\/[^/]+\/[^/]+$/)
    expect(await shootBothSizes(page, shotDir, "timeline-summary")).toEqual([])
    // The dialog stayed open across the phone layout and back, with the same summary (one model call).
    expect(await dialog.isVisible()).toBe(true)
    expect(model.requests.filter((r) => textOf(r.body.messages[0]).includes("You brief")).length).toBe(1)
    // [1] is the newest unread entry: the link opens it and closes the dialog.
    await dialog.locator("a").first().click()
    await page.getByTestId("entry-content").waitFor()
    expect(await page.getByTestId("entry-content").textContent()).toContain("About dogs at the park.")
    expect(await dialog.isVisible()).toBe(false)
    expect(pageErrors).toEqual([])
  })
})
