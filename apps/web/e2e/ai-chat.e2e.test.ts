// The AI chat end to end (issue 13): a real server whose model is the OpenAI-compatible stand-in on loopback, and
// Chromium. An AI shortcut is added and edited in Settings › AI; an opened entry shows its summary and translates
// bilingually; the panel (open by itself when fixed) closes and opens with mod+I; a question about the entry goes
// out as the new message only, with the entry as context; the stand-in calls a tool, then answers; the panel shows
// the tool and the answer. "Ask AI" puts a selected quote in the input. A reload shows the conversation from the
// server; the /ai page lists it with its generated title, renames and deletes it.
// Run with: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e-serial.config.ts e2e/ai-chat.e2e.test.ts
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
import {
  ARTICLE_PARAGRAPHS,
  ARTICLE_TITLE,
  type FeedServer,
  modelReply,
  startAiFeed,
  summaryBy,
  TRANSLATION_MARK,
} from "./support/ai-kit.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { PHONE_WIDTH, screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { call, signUpThroughForm } from "./support/profiles-guide-kit.ts"
import { setSettings } from "./support/settings.ts"

const shotDir = process.env.AI_SHOTS ?? path.join(screenshotsRoot, "ai-chat")
const ANSWER = "The entry **Rivers of the north** is about towns that grew with the river trade, and floods in spring."
const TITLE = "Northern rivers and their towns"
const QUESTION = "What is this entry about?"

/** Chat turns (they carry tools): a search first, then the answer once the tool's result is in. */
function turn(body: ChatRequestBody) {
  const system = textOf(body.messages.find((m) => m.role === "system"))
  if (!body.tools) return { text: system.startsWith("Write a short title") ? TITLE : modelReply("server")(body) }
  if (!body.messages.some((m) => m.role === "tool"))
    return { toolCalls: [{ name: "searchEntries", arguments: { query: "rivers" } }] }
  return { text: ANSWER }
}

let browser: Browser
let feed: FeedServer
let server: AppServer
let model: OpenAiStub
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
/** The reader's column widths (0: not there). */
const columns = () =>
  page.evaluate(() => {
    const width = (selector: string) => Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? 0)
    return {
      sidebar: width('[data-focus-scope="subscription-list"]'),
      list: width('[data-focus-scope="timeline"]'),
      article: width('[data-focus-scope="entry-render"]'),
      panel: width('[data-testid="ai-panel"][data-kind="column"]'),
    }
  })
const mod = process.platform === "darwin" ? "Meta" : "Control"

beforeAll(async () => {
  feed = await startAiFeed()
  model = await startOpenAiStub({ turn })
  server = await startAppServer({ AI_BASE_URL: model.baseUrl, AI_MODEL: "stub-model" })
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUpThroughForm(page, server.origin, "Chat Reader", `chat-${Date.now()}@example.com`)
  await call(page, "POST", "/subscriptions", { url: feed.feedUrl, view: 0 })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await model?.close()
  await feed?.close()
})

describe("the AI chat", () => {
  it("adds an AI shortcut, refuses one without a prompt, and edits it in place", async () => {
    await page.goto(`${server.origin}/settings/ai`)
    const form = byTestId("ai-shortcut-form")
    await form.getByLabel("Shortcut name").fill("Key points")
    await form.getByRole("button", { name: "Add shortcut" }).click()
    expect(await form.getByTestId("ai-form-problem").textContent()).toBe("Name and prompt are required")
    await form.getByLabel("Prompt").fill("List the key points.")
    await form.getByRole("button", { name: "Add shortcut" }).click()
    await byTestId("ai-list-item").first().waitFor()
    await byTestId("ai-shortcut-edit-button").click()
    const edit = byTestId("ai-shortcut-edit")
    await edit.getByLabel("Prompt").fill("List the three key points.")
    await edit.getByRole("button", { name: "Save" }).click()
    await edit.waitFor({ state: "detached" })
    expect(await byTestId("ai-list-item").textContent()).toBe("Key pointsList the three key points.")
  })

  it("shows the entry's summary and its bilingual translation, with the panel open beside it", async () => {
    await page.goto(server.origin)
    await setSettings(page, { general: { translation: true, translationMode: "bilingual", actionLanguage: "ja" } })
    await page.getByTestId("entry-row").filter({ hasText: ARTICLE_TITLE }).first().click()
    await byTestId("entry-content").waitFor()
    // Model calls on a busy shared machine can take a while; a failure shows in place and fails sooner.
    await expect.poll(() => byTestId("ai-summary-text").textContent(), { timeout: 30_000 }).toBe(summaryBy("server"))
    const translatedParagraphs = () => page.locator('[data-testid="entry-content"] [data-translation]').count()
    await expect.poll(translatedParagraphs, { timeout: 45_000 }).toBe(ARTICLE_PARAGRAPHS.length)
    expect(await page.locator('[data-testid="entry-content"] [data-translation]').first().textContent()).toBe(
      `${TRANSLATION_MARK}${ARTICLE_PARAGRAPHS[0]}`,
    )
    // The panel style is fixed by default and a model answers: at 1280 px the panel is a column, open by itself,
    // and the sidebar folds away so the article keeps its measure (decision 0009).
    const panel = byTestId("ai-panel")
    await panel.waitFor()
    expect(await panel.getAttribute("data-kind")).toBe("column")
    expect(await byTestId("chat-context").textContent()).toBe(ARTICLE_TITLE)
    expect(await columns()).toEqual({ sidebar: 0, list: 356, article: 540, panel: 384 })
    await byTestId("show-sidebar").waitFor()
    mkdirSync(shotDir, { recursive: true })
    await page.screenshot({ path: path.join(shotDir, "fixed-1280.png") })
    // Every desktop width: the article never under 440 px, the sidebar back where there is room for it.
    for (const [width, expected] of [
      [1024, { sidebar: 0, list: 280, article: 444, panel: 300 }],
      [1440, { sidebar: 0, list: 356, article: 700, panel: 384 }],
      [1536, { sidebar: 256, list: 356, article: 540, panel: 384 }],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await expect.poll(columns).toEqual(expected)
      await page.screenshot({ path: path.join(shotDir, `fixed-${width}.png`) })
    }
    expect(await seriousViolations(page)).toEqual([])
    // The folded sidebar comes back from the list's header; the panel and the list then narrow instead.
    await page.setViewportSize({ width: 1280, height: 800 })
    await byTestId("show-sidebar").click()
    await expect.poll(columns).toEqual({ sidebar: 256, list: 280, article: 444, panel: 300 })
    // mod+B turns it over from what shows.
    await page.keyboard.press(`${mod}+b`)
    await expect.poll(columns).toEqual({ sidebar: 0, list: 356, article: 540, panel: 384 })
    await page.keyboard.press(`${mod}+b`)
    await expect.poll(columns).toEqual({ sidebar: 256, list: 280, article: 444, panel: 300 })
  })

  it("on a phone waits to be opened, as a full-screen sheet", async () => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 })
    await byTestId("ai-panel-launcher").waitFor()
    expect(await byTestId("ai-panel").count()).toBe(0)
    await byTestId("ai-panel-launcher").click()
    await expect.poll(() => byTestId("ai-panel").getAttribute("data-kind")).toBe("sheet")
    await page.screenshot({ path: path.join(shotDir, `sheet-${PHONE_WIDTH}.png`) })
    await byTestId("ai-panel-close").click()
    await byTestId("ai-panel").waitFor({ state: "detached" })
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it("stays closed once closed, and opens again with mod+I", async () => {
    // Closed on the phone: the wider window does not open it again, nor does a reload in the same tab.
    await byTestId("ai-panel-launcher").waitFor()
    expect(await byTestId("ai-panel").count()).toBe(0)
    // The desktop layout comes back a render after the window widens.
    await expect.poll(columns).toMatchObject({ sidebar: 256, panel: 0 })
    await page.reload()
    await byTestId("entry-content").waitFor()
    await byTestId("ai-panel-launcher").waitFor()
    expect(await byTestId("ai-panel").count()).toBe(0)
    await byTestId("entry-title").click()
    await page.keyboard.press(`${mod}+i`)
    await expect.poll(() => byTestId("ai-panel").getAttribute("data-kind")).toBe("column")
    await page.keyboard.press(`${mod}+i`)
    await byTestId("ai-panel").waitFor({ state: "detached" })
  })

  it("floats at the bottom right when floating, waiting to be opened", async () => {
    // A new tab's start (nothing chosen yet) with the floating style: not open by itself.
    await page.evaluate(() => sessionStorage.removeItem("tidings:ai-panel-open"))
    await setSettings(page, { ai: { panelStyle: "floating" } })
    await byTestId("entry-content").waitFor()
    await byTestId("ai-panel-launcher").waitFor()
    expect(await byTestId("ai-panel").count()).toBe(0)
    expect(await columns()).toMatchObject({ sidebar: 256, list: 356, panel: 0 })
    await byTestId("entry-title").click()
    await page.keyboard.press(`${mod}+i`)
    await byTestId("ai-panel").waitFor()
    expect(await byTestId("ai-panel").getAttribute("data-kind")).toBe("floating")
    // 500 wide, 90 % of 800 high, 20 px from the right and the bottom; the columns keep their widths.
    expect(await byTestId("ai-panel").evaluate((el) => el.getBoundingClientRect().toJSON())).toMatchObject({
      width: 500,
      height: 720,
      right: 1260,
      bottom: 780,
    })
    expect(await columns()).toMatchObject({ sidebar: 256, list: 356, article: 668 })
    // The shortcut is a chip above the input; a click puts its prompt in.
    await byTestId("chat-shortcut").click()
    expect(await byTestId("chat-input").inputValue()).toBe("List the three key points.")
    // mod+I inside the input closes the panel too (the app's keys are quiet while typing).
    await byTestId("chat-input").press(`${mod}+i`)
    await byTestId("ai-panel").waitFor({ state: "detached" })
    await page.keyboard.press(`${mod}+i`)
    await byTestId("ai-panel").waitFor()
  })

  it("asks about the entry: only the new message goes out, the tool call and the answer show", async () => {
    const sent: string[] = []
    page.on("request", (request) => {
      if (request.url().endsWith("/ai/chat") && request.method() === "POST") sent.push(request.postData() ?? "")
    })
    const before = model.calls()
    await byTestId("chat-input").fill(QUESTION)
    await byTestId("chat-input").press("Enter")
    await expect
      .poll(() => byTestId("chat-answer-text").textContent(), { timeout: 15_000 })
      .toContain("towns that grew")
    expect(await byTestId("chat-answer-text").locator("strong").textContent()).toBe("Rivers of the north")
    const tool = byTestId("chat-tool")
    expect(await tool.getAttribute("data-state")).toBe("done")
    expect(await tool.getByTestId("chat-tool-name").textContent()).toBe("Search entries")
    expect(await tool.getByTestId("chat-tool-result").textContent()).toMatch(/^\d+ results?$/)
    // The request: the session id, the new message and the open entry as context; never the conversation.
    expect(sent).toHaveLength(1)
    const body = JSON.parse(sent[0]) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(["context", "id", "message", "trigger"])
    expect(body.context).toEqual({ mainEntryId: await byTestId("entry-detail").getAttribute("data-entry-id") })
    // The model saw the entry in its instructions, then the tool's result.
    const chatTurns = model.requests.slice(before).filter((r) => r.body.tools)
    expect(chatTurns).toHaveLength(2)
    expect(textOf(chatTurns[0].body.messages[0])).toContain(ARTICLE_PARAGRAPHS[0])
    expect(chatTurns[1].body.messages.some((m) => m.role === "tool")).toBe(true)
    await expect.poll(() => byTestId("chat-view").getAttribute("data-status")).toBe("ready")
    expect(await shootBothSizes(page, shotDir, "panel")).toEqual([])
  })

  it("puts a selected quote in the input with Ask AI", async () => {
    await byTestId("chat-input").fill("")
    const paragraph = page.locator('[data-testid="entry-content"] p').first()
    await paragraph.evaluate((node) => {
      const range = document.createRange()
      range.selectNodeContents(node)
      const selection = document.getSelection()
      selection?.removeAllRanges()
      selection?.addRange(range)
    })
    await byTestId("ask-ai").click()
    await expect.poll(() => byTestId("chat-input").inputValue()).toBe(`> ${ARTICLE_PARAGRAPHS[0]}\n\n`)
    expect(await byTestId("ask-ai").count()).toBe(0)
    await byTestId("chat-input").fill("")
  })

  it("mentions a feed with @, picked by keyboard", async () => {
    await byTestId("chat-input").pressSequentially("news in @north")
    // The feed first; the entry whose title holds the word follows in its own group.
    await expect
      .poll(() => page.getByRole("option").allTextContents())
      .toEqual(["Northern Notes", `${ARTICLE_TITLE}Northern Notes`])
    await byTestId("chat-input").press("Enter")
    expect(await byTestId("chat-input").inputValue()).toBe("news in @Northern Notes ")
    expect(await byTestId("chat-mention-list").count()).toBe(0)
    await byTestId("chat-input").fill("")
  })

  it("shows the conversation again after a reload, from the server", async () => {
    await page.reload()
    await byTestId("ai-panel").waitFor()
    await expect.poll(() => byTestId("chat-message-user").textContent(), { timeout: 10_000 }).toBe(QUESTION)
    expect(await byTestId("chat-answer-text").textContent()).toContain("towns that grew")
    expect(await byTestId("chat-tool").getAttribute("data-state")).toBe("done")
  })

  it("lists the conversation on /ai with its generated title, renames it and deletes it", async () => {
    await page.goto(`${server.origin}/ai`)
    const row = byTestId("chat-session")
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.getByTestId("chat-session-title").textContent()).toBe(TITLE)
    // Answered while the reader watched: already seen.
    expect(await byTestId("chat-session-unread").count()).toBe(0)
    expect(await shootBothSizes(page, shotDir, "ai-list")).toEqual([])
    await row.click()
    await page.waitForURL(/\/ai\/[\w-]+$/)
    await expect.poll(() => byTestId("chat-title").textContent()).toBe(TITLE)
    await expect.poll(() => byTestId("chat-answer-text").textContent()).toContain("towns that grew")
    expect(await shootBothSizes(page, shotDir, "ai-page")).toEqual([])

    await byTestId("chat-rename").click()
    await byTestId("chat-rename-input").fill("Rivers, renamed")
    await byTestId("chat-rename-input").press("Enter")
    await expect.poll(() => row.getByTestId("chat-session-title").textContent()).toBe("Rivers, renamed")
    expect(await byTestId("chat-title").textContent()).toBe("Rivers, renamed")

    await byTestId("chat-delete").click()
    await byTestId("confirm-dialog-confirm").click()
    await expect.poll(() => row.count()).toBe(0)
    const sessions = await call<{ data: unknown[] }>(page, "GET", "/ai/chat-sessions")
    expect(sessions.data).toEqual([])
  })

  it("stops an answer while it streams, keeping what was said", async () => {
    const story = Array.from({ length: 40 }, (_, i) => `Sentence ${i + 1} of a long story.`).join(" ")
    model.set({ turn: (body) => (body.tools ? { text: story } : { text: TITLE }), chunkDelayMs: 100 })
    await byTestId("chat-input").fill("Tell me a long story")
    await byTestId("chat-input").press("Enter")
    await expect.poll(() => byTestId("chat-answer-text").textContent(), { timeout: 10_000 }).toContain("Sentence 2")
    await byTestId("chat-stop").click()
    await expect.poll(() => byTestId("chat-view").getAttribute("data-status")).toBe("ready")
    const shown = (await byTestId("chat-answer-text").textContent()) ?? ""
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(story.length)
    await byTestId("chat-send").waitFor()
    model.set({ turn })
  })

  it("follows a streaming answer to its end, and stays put when autoScrollWhenStreaming is off", async () => {
    const story = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of a tall answer.`).join("\n\n")
    model.set({ turn: (body) => (body.tools ? { text: story } : { text: TITLE }), chunkDelayMs: 4 })
    /** How far the conversation's end is below what shows, sampled while the answer streams; then at its end. */
    const gaps = async (question: string) => {
      await page.goto(`${server.origin}/ai`)
      await byTestId("chat-input").fill(question)
      await byTestId("chat-input").press("Enter")
      const during: number[] = []
      await expect
        .poll(
          async () => {
            const sample = await byTestId("chat-view").evaluate((view) => {
              const scroller = view.querySelector<HTMLElement>('[data-testid="chat-scroller"]')
              const gap = scroller ? scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight : 0
              return { status: view.getAttribute("data-status"), gap }
            })
            if (sample.status === "streaming") during.push(sample.gap)
            return sample.status
          },
          { interval: 50, timeout: 20_000 },
        )
        .toBe("ready")
      const end = await byTestId("chat-scroller").evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
      return { during, end }
    }
    // On (the default): the view keeps up with the answer as it grows.
    const following = await gaps("Tell me a tall story")
    expect(following.during.length).toBeGreaterThan(3)
    expect(Math.max(...following.during)).toBeLessThan(150)

    await page.goto(`${server.origin}/settings/ai`)
    const toggle = byTestId("setting-autoScrollWhenStreaming").getByRole("switch")
    expect(await toggle.getAttribute("aria-checked")).toBe("true")
    await toggle.click()
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false")
    // Off: the view stays where the question left it while the answer grows below.
    const staying = await gaps("Tell me a tall story, once more")
    expect(staying.end).toBeGreaterThan(800)

    await page.goto(`${server.origin}/settings/ai`)
    await byTestId("setting-autoScrollWhenStreaming").getByRole("switch").click()
    await expect
      .poll(() => byTestId("setting-autoScrollWhenStreaming").getByRole("switch").getAttribute("aria-checked"))
      .toBe("true")
    model.set({ turn })
  })

  it("marks on /ai a conversation answered on another device, until it is opened here", async () => {
    const story = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of an answer read later.`).join("\n\n")
    model.set({ turn: (body) => (body.tools ? { text: story } : { text: "Read later" }) })
    try {
      await page.goto(`${server.origin}/ai`)
      await byTestId("chat-input").waitFor()
      // The reader's phone asks (the same account, another client); the answer is finished and kept by the server.
      const status = await page.evaluate(async () => {
        const res = await fetch("/ai/chat", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            id: "asked-on-the-phone",
            messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Answer while I am away" }] }],
          }),
        })
        await res.text()
        return res.status
      })
      expect(status).toBe(200)
      await page.reload()
      const row = byTestId("chat-session").filter({ hasText: "Read later" })
      await expect.poll(() => row.getByTestId("chat-session-unread").count()).toBe(1)
      expect(await shootBothSizes(page, shotDir, "ai-list-unread")).toEqual([])
      // Opening it tells the server it was seen.
      const seen = page.waitForResponse((res) =>
        /\/ai\/chat-sessions\/[^/]+\/mark-seen$/.test(new URL(res.url()).pathname),
      )
      await row.click()
      await expect.poll(() => byTestId("chat-answer-text").last().textContent()).toContain("Paragraph 30")
      expect((await seen).status()).toBe(200)
      await page.goto(`${server.origin}/ai`)
      await byTestId("chat-session").first().waitFor()
      expect(await byTestId("chat-session-unread").count()).toBe(0)
    } finally {
      model.set({ turn })
    }
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
