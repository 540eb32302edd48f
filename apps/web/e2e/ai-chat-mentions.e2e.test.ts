// @-mentions in the AI chat end to end (issue 13): a real server whose model is the OpenAI-compatible stand-in on
// loopback, and Chromium. An entry from the timeline and a date window are picked by keyboard; the request carries
// their ids and the window as local day bounds; the model's instructions hold the entry's text and the entries of
// that window; the sent message shows its mentions as chips, also after a reload. The open picker is screenshotted
// at both sizes and checked with axe.
// Run with: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/ai-chat-mentions.e2e.test.ts
import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type ChatRequestBody,
  type OpenAiStub,
  startOpenAiStub,
  textOf,
} from "../../server/test/support/openai-stub.ts"
import { ARTICLE_PARAGRAPHS, ARTICLE_TITLE, type FeedServer, modelReply, startAiFeed } from "./support/ai-kit.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { expectNoPhoneOverflow, PHONE_WIDTH, screenshotsRoot } from "./support/evidence.ts"
import { call, signUpThroughForm } from "./support/profiles-guide-kit.ts"

const shotDir = process.env.AI_SHOTS ?? path.join(screenshotsRoot, "ai-chat")
const ANSWER = "Both point at the northern rivers."

function turn(body: ChatRequestBody) {
  const system = textOf(body.messages.find((m) => m.role === "system"))
  if (!body.tools)
    return { text: system.startsWith("Write a short title") ? "Rivers this week" : modelReply("server")(body) }
  return { text: ANSWER }
}

let browser: Browser
let feed: FeedServer
let server: AppServer
let model: OpenAiStub
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
const input = () => byTestId("chat-input")
const options = () => page.getByRole("option")

/** "Last 7 days" as the browser computes it: from local midnight six days ago to the coming local midnight. */
function lastSevenDays(): Promise<{ start: string; end: string }> {
  return page.evaluate(() => {
    const now = new Date()
    const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset).toISOString()
    return { start: day(-6), end: day(1) }
  })
}

beforeAll(async () => {
  feed = await startAiFeed()
  model = await startOpenAiStub({ turn })
  server = await startAppServer({ AI_BASE_URL: model.baseUrl, AI_MODEL: "stub-model" })
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUpThroughForm(page, server.origin, "Mention Reader", `mention-${Date.now()}@example.com`)
  await call(page, "POST", "/subscriptions", { url: feed.feedUrl, view: 0 })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await model?.close()
  await feed?.close()
})

describe("@-mentions in the AI chat", () => {
  it("opens the panel beside the timeline, whose entries the picker offers", async () => {
    await page.goto(server.origin)
    await page.getByTestId("entry-row").filter({ hasText: ARTICLE_TITLE }).first().waitFor()
    // Fixed (the default) with a model that answers: the panel is a column, open by itself (decision 0009).
    await byTestId("ai-panel").waitFor()
    expect(await byTestId("ai-panel").getAttribute("data-kind")).toBe("column")
    await input().waitFor()
  })

  it("picks an entry and a date window by keyboard, with the listbox's ARIA", async () => {
    await input().pressSequentially("Compare @rivers")
    await expect.poll(() => options().count()).toBe(1)
    expect(await options().first().getAttribute("data-kind")).toBe("entry")
    expect(await options().first().textContent()).toBe(`${ARTICLE_TITLE}Northern Notes`)
    expect(await input().getAttribute("role")).toBe("combobox")
    expect(await input().getAttribute("aria-expanded")).toBe("true")
    const listId = await byTestId("chat-mention-list").getAttribute("id")
    expect(await input().getAttribute("aria-controls")).toBe(listId)
    expect(await input().getAttribute("aria-activedescendant")).toBe(await options().first().getAttribute("id"))
    await input().press("Enter")
    expect(await input().inputValue()).toBe(`Compare @${ARTICLE_TITLE} `)
    expect(await byTestId("chat-mention-list").count()).toBe(0)
    expect(await input().getAttribute("aria-expanded")).toBe("false")

    // Escape closes the picker, which stays closed while the same mention is typed on.
    await input().pressSequentially("and @yest")
    await expect.poll(() => options().allTextContents()).toEqual([expect.stringMatching(/^Yesterday/)])
    await input().press("Escape")
    expect(await byTestId("chat-mention-list").count()).toBe(0)
    await byTestId("ai-panel").waitFor()
    await input().press("e")
    expect(await byTestId("chat-mention-list").count()).toBe(0)
    for (let i = 0; i < "@yeste".length; i++) await input().press("Backspace")

    // Two dates match "last": the arrows move between them (wrapping), Tab picks.
    await input().pressSequentially("@last")
    await expect.poll(() => options().count()).toBe(2)
    const [first, second] = await options().evaluateAll((els) => els.map((el) => el.id))
    await input().press("ArrowDown")
    expect(await input().getAttribute("aria-activedescendant")).toBe(second)
    expect(await page.locator(`[id="${second}"]`).getAttribute("aria-selected")).toBe("true")
    await input().press("ArrowDown")
    expect(await input().getAttribute("aria-activedescendant")).toBe(first)
    await input().press("Tab")
    expect(await input().inputValue()).toBe(`Compare @${ARTICLE_TITLE} and @Last 7 days `)
  })

  it("sends the entry and the window as context, and the model reads them in its instructions", async () => {
    const sent: string[] = []
    page.on("request", (request) => {
      if (request.url().endsWith("/ai/chat") && request.method() === "POST") sent.push(request.postData() ?? "")
    })
    const before = model.requests.length
    await input().press("Enter")
    await expect.poll(() => byTestId("chat-answer-text").textContent(), { timeout: 15_000 }).toBe(ANSWER)
    expect(sent).toHaveLength(1)
    const body = JSON.parse(sent[0]) as { context: { referEntryIds: string[]; dates: unknown[] } }
    const week = await lastSevenDays()
    expect(body.context).toEqual({ referEntryIds: [expect.any(String)], dates: [week] })

    const chatTurn = model.requests.slice(before).find((r) => r.body.tools)
    const system = textOf(chatTurn?.body.messages[0])
    const entryId = body.context.referEntryIds[0]
    expect(system).toContain(`## Entry ${entryId}: ${ARTICLE_TITLE}`)
    expect(system).toContain(ARTICLE_PARAGRAPHS[0])
    expect(system).toContain(`## Entries published from ${week.start} to ${week.end}`)
    expect(system).toMatch(new RegExp(`- ${entryId} · .* · Northern Notes · ${ARTICLE_TITLE}`))
    expect(textOf(chatTurn?.body.messages.at(-1))).toBe(`Compare @${ARTICLE_TITLE} and @Last 7 days`)
  })

  it("shows the mentions as chips on the sent message, also after a reload", async () => {
    const chips = () => byTestId("chat-message-mentions").locator("li")
    expect(await chips().allTextContents()).toEqual([`Entry: ${ARTICLE_TITLE}`, "Date: Last 7 days"])
    await page.reload()
    await byTestId("ai-panel").waitFor()
    await expect
      .poll(() => chips().allTextContents(), { timeout: 10_000 })
      .toEqual([`Entry: ${ARTICLE_TITLE}`, "Date: Last 7 days"])
  })

  it("shows the open picker readably at 1280 and 390 px, with no serious axe problem", async () => {
    const problems: string[] = []
    mkdirSync(shotDir, { recursive: true })
    for (const [width, height] of [
      [1280, 800],
      [PHONE_WIDTH, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await page.waitForTimeout(300)
      if ((await byTestId("ai-panel").count()) === 0) await byTestId("ai-panel-launcher").click()
      await input().fill("")
      await input().pressSequentially("@")
      await expect.poll(() => byTestId("chat-mention-list").getByRole("group").count()).toBe(3)
      await expectNoPhoneOverflow(page, `mention-picker-${width}`)
      await page.screenshot({ path: path.join(shotDir, `mention-picker-${width}.png`) })
      for (const v of await seriousViolations(page)) problems.push(`${width} ${v.id}: ${v.targets.join(", ")}`)
      await input().press("Escape")
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(problems).toEqual([])
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
