// The AI reading helpers end to end (issue 13): a real server whose model is an OpenAI-compatible stand-in on
// loopback (the server tests' own stub), a second stand-in as the user's own provider, and Chromium. Settings › AI
// tests a connection and saves a provider whose key never comes back; the entry's summary appears, toggles off and
// on, and is written by the user's own model while one is saved; Listen reads it aloud with the user's own speech
// model (the server has none); translation shows bilingually, translation-only, and once from the More menu; the
// timeline translates its titles in a batch; the budget's error shows in place.
// Then a server with no model at all: nothing is asked for by itself, and the toggle shows the hint with its link.
// Run with: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/ai.e2e.test.ts
import path from "node:path"
import type { Browser, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type OpenAiStub, startOpenAiStub } from "../../server/test/support/openai-stub.ts"
import {
  ARTICLE_PARAGRAPHS,
  ARTICLE_TITLE,
  type FeedServer,
  modelReply,
  SHORT_TITLE,
  startAiFeed,
  summaryBy,
  TRANSLATION_MARK,
} from "./support/ai-kit.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { call, signUpThroughForm } from "./support/profiles-guide-kit.ts"
import { setSettings } from "./support/settings.ts"

const shotDir = process.env.AI_SHOTS ?? path.join(screenshotsRoot, "ai")
/** The server's daily budget, in tokens (the first user of a fresh server is its admin). */
const BUDGET = 20_000

let browser: Browser
let feed: FeedServer
const pageErrors: string[] = []

beforeAll(async () => {
  feed = await startAiFeed()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await feed?.close()
})

async function newReader(origin: string, name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUpThroughForm(page, origin, name, `${name.toLowerCase().replace(/\W/g, "")}-${Date.now()}@example.com`)
  await call(page, "POST", "/subscriptions", { url: feed.feedUrl, view: 0 })
  await page.reload()
  return page
}

async function openEntry(page: Page, title: string) {
  await page.getByTestId("entry-row").filter({ hasText: title }).first().click()
  await page.getByTestId("entry-content").waitFor()
}

/** The content's paragraphs as text, in order. */
const paragraphs = (page: Page) =>
  page.locator('[data-testid="entry-content"] p').evaluateAll((nodes) =>
    nodes.map((node) => ({
      text: node.textContent?.trim() ?? "",
      translated: node.hasAttribute("data-translation"),
    })),
  )

describe("with the server's model and a provider of one's own", () => {
  let server: AppServer
  let serverModel: OpenAiStub
  let ownModel: OpenAiStub
  let page: Page
  const byTestId = (id: string) => page.getByTestId(id)

  beforeAll(async () => {
    serverModel = await startOpenAiStub({ reply: modelReply("server") })
    ownModel = await startOpenAiStub({ reply: modelReply("own") })
    server = await startAppServer({
      AI_BASE_URL: serverModel.baseUrl,
      AI_MODEL: "stub-model",
      AI_DAILY_TOKENS: `admin=${BUDGET},trial=${BUDGET}`,
    })
    page = await newReader(server.origin, "Aino Reader")
  })

  afterAll(async () => {
    await page?.close()
    await server?.stop()
    await serverModel?.close()
    await ownModel?.close()
  })

  it("shows which model answers, tests a connection and saves a provider whose key never comes back", async () => {
    await page.goto(`${server.origin}/settings/ai`)
    await expect.poll(() => byTestId("ai-model-status").textContent()).toBe("The server's model answers: stub-model.")
    const form = byTestId("ai-provider-form")
    // An address nothing listens on: the error is said in place.
    await byTestId("ai-provider-base-url").fill("http://127.0.0.1:1/v1")
    await byTestId("ai-provider-model").fill("own-model")
    await byTestId("ai-provider-test").click()
    await expect
      .poll(() => byTestId("ai-provider-error").textContent())
      .toMatch(/^The connection failed: The AI provider cannot be reached/)
    // A model name is needed before anything is sent.
    await byTestId("ai-provider-base-url").fill(ownModel.baseUrl)
    await byTestId("ai-provider-model").fill("")
    await byTestId("ai-provider-test").click()
    expect(await form.getByRole("alert").textContent()).toBe("Enter the model's name")

    await byTestId("ai-provider-model").fill("own-model")
    await byTestId("ai-provider-key").fill("sk-own-secret")
    await byTestId("ai-provider-test").click()
    await expect
      .poll(() => byTestId("ai-provider-test-ok").textContent())
      .toMatch(/^Connected: own-model answered in \d+ ms\.$/)
    expect(ownModel.calls()).toBe(1)
    expect(ownModel.requests[0].authorization).toBe("Bearer sk-own-secret")
    expect(serverModel.calls()).toBe(0)

    // Listen through the same endpoint: a voice alone is refused before anything is sent.
    await byTestId("ai-provider-speech-voice").fill("nova")
    await byTestId("ai-provider-save").click()
    expect(await form.getByRole("alert").textContent()).toBe(
      "Enter the speech model this voice is for, or leave the voice empty",
    )
    await byTestId("ai-provider-speech-model").fill("own-tts")
    await byTestId("ai-provider-save").click()
    await byTestId("ai-provider-key-saved").waitFor()
    expect(await byTestId("ai-provider-key").inputValue()).toBe("")
    await expect
      .poll(() => byTestId("ai-model-status").textContent())
      .toBe("Your own provider answers, with own-model.")
    const stored = await call<{ data: { baseUrl: string; model: string; hasApiKey: boolean } }>(
      page,
      "GET",
      "/ai/provider",
    )
    expect(stored.data).toMatchObject({
      baseUrl: ownModel.baseUrl,
      model: "own-model",
      speechModel: "own-tts",
      speechVoice: "nova",
      hasApiKey: true,
    })
    expect(JSON.stringify(stored)).not.toContain("sk-own-secret")
    // Reloaded, the page shows the saved provider and still never the key.
    await page.reload()
    await byTestId("ai-provider-key-saved").waitFor()
    expect(await byTestId("ai-provider-base-url").inputValue()).toBe(ownModel.baseUrl)
    expect(await byTestId("ai-provider-speech-model").inputValue()).toBe("own-tts")
    expect(await byTestId("ai-provider-speech-voice").inputValue()).toBe("nova")
    expect(await page.content()).not.toContain("sk-own-secret")
    // Today's usage: the connection tests on the user's own model.
    await expect.poll(() => byTestId("ai-usage-row").count()).toBe(1)
    // Operation and model, then tokens in, tokens out and calls: the failed test cost nothing.
    expect(await byTestId("ai-usage-row").textContent()).toBe("Connection testsown-model · yours1051")
    expect(await byTestId("ai-budget").textContent()).toContain(`0 of ${BUDGET.toLocaleString("en")} tokens used`)
    expect(await shootBothSizes(page, shotDir, "settings-ai")).toEqual([])
  })

  it("summarises an opened entry with the user's own model, with a skeleton first, and toggles it off and on", async () => {
    ownModel.set({ reply: modelReply("own"), delayMs: 1500 })
    await page.goto(server.origin)
    await openEntry(page, ARTICLE_TITLE)
    await byTestId("ai-summary-loading").waitFor()
    await expect.poll(() => byTestId("ai-summary-text").textContent(), { timeout: 15_000 }).toBe(summaryBy("own"))
    expect(serverModel.calls()).toBe(0)
    const toggle = byTestId("entry-action-aiSummary")
    expect(await toggle.getAttribute("aria-pressed")).toBe("true")
    const calls = ownModel.calls()
    const asked: string[] = []
    const onRequest = (request: Request) => {
      if (request.url().includes("/ai/summary")) asked.push(request.url())
    }
    page.on("request", onRequest)
    await toggle.click()
    await byTestId("ai-summary").waitFor({ state: "detached" })
    expect(await toggle.getAttribute("aria-pressed")).toBe("false")
    await toggle.click()
    await expect.poll(() => byTestId("ai-summary-text").textContent()).toBe(summaryBy("own"))
    // Shown again from memory: no second model call, and no second request at all.
    page.off("request", onRequest)
    expect(asked).toEqual([])
    expect(ownModel.calls()).toBe(calls)
    ownModel.set({ reply: modelReply("own") })
  })

  it("reads the entry aloud with the user's own speech model, where the server has none", async () => {
    ownModel.reset()
    await byTestId("listen-start").click()
    const audio = byTestId("listen-audio")
    await expect.poll(() => audio.getAttribute("src"), { timeout: 15_000 }).toMatch(/^blob:/)
    expect(ownModel.speech).toHaveLength(1)
    expect(ownModel.speech[0]).toMatchObject({
      authorization: "Bearer sk-own-secret",
      body: { model: "own-tts", voice: "nova" },
    })
    expect(ownModel.speech[0]?.body.input).toContain(ARTICLE_TITLE)
    expect(serverModel.speech).toHaveLength(0)
    await expect.poll(() => byTestId("listen-control").getAttribute("data-phase")).toBe("playing")
    expect(await byTestId("listen-status").textContent()).toBe("Read aloud by the AI speech model.")
    await byTestId("listen-stop").click()
    expect(await byTestId("listen-control").getAttribute("data-phase")).toBe("idle")
  })

  it("shows nothing for a text too short to summarise", async () => {
    const answered = page.waitForResponse((res) => res.url().includes("/ai/summary?"))
    await openEntry(page, SHORT_TITLE)
    const body = await (await answered).json()
    expect(body).toEqual({ code: 0, data: null })
    await page.waitForTimeout(300)
    expect(await byTestId("ai-summary").count()).toBe(0)
  })

  it("goes back to the server's model when the own provider is removed", async () => {
    await page.goto(`${server.origin}/settings/ai`)
    await byTestId("ai-provider-remove").click()
    await expect.poll(() => byTestId("ai-model-status").textContent()).toBe("The server's model answers: stub-model.")
    await expect.poll(() => byTestId("ai-provider-remove").count()).toBe(0)
  })

  it("translates the timeline's titles in a batch and the entry bilingually, with the summary in the same language", async () => {
    const batches: string[] = []
    const onRequest = (request: Request) => {
      if (request.url().endsWith("/ai/translation/batch")) batches.push(request.postData() ?? "")
    }
    page.on("request", onRequest)
    await page.goto(server.origin)
    // Both entries were read by now: the timeline shows read ones too.
    await setSettings(page, {
      general: { translation: true, translationMode: "bilingual", actionLanguage: "ja", unreadOnly: false },
    })
    const row = byTestId("entry-row").filter({ hasText: ARTICLE_TITLE })
    await expect
      .poll(() => row.getByTestId("entry-row-translation").textContent(), { timeout: 15_000 })
      .toBe(`${TRANSLATION_MARK}${ARTICLE_TITLE}`)
    page.off("request", onRequest)
    expect(batches.length).toBeGreaterThanOrEqual(1)
    expect(JSON.parse(batches[0])).toMatchObject({ language: "ja", fields: ["title", "description"] })

    await openEntry(page, ARTICLE_TITLE)
    await expect
      .poll(() => byTestId("entry-title-translation").textContent(), { timeout: 15_000 })
      .toBe(`${TRANSLATION_MARK}${ARTICLE_TITLE}`)
    expect(await byTestId("entry-title").textContent()).toBe(ARTICLE_TITLE)
    await expect
      .poll(() => paragraphs(page), { timeout: 15_000 })
      .toEqual(
        ARTICLE_PARAGRAPHS.flatMap((text) => [
          { text, translated: false },
          { text: `${TRANSLATION_MARK}${text}`, translated: true },
        ]),
      )
    expect(await page.locator('[data-testid="entry-content"] [data-translation]').first().getAttribute("lang")).toBe(
      "ja",
    )
    // The summary follows actionLanguage: a new one, by the server's model now.
    await expect.poll(() => byTestId("ai-summary-text").textContent(), { timeout: 15_000 }).toBe(summaryBy("server"))
    expect(await byTestId("ai-summary-text").getAttribute("lang")).toBe("ja")
    expect(await shootBothSizes(page, shotDir, "entry-summary-bilingual")).toEqual([])
  })

  it("replaces the original in translation-only mode", async () => {
    await setSettings(page, { general: { translationMode: "translation-only" } })
    await expect
      .poll(() => byTestId("entry-title").textContent(), { timeout: 15_000 })
      .toBe(`${TRANSLATION_MARK}${ARTICLE_TITLE}`)
    expect(await byTestId("entry-title-translation").count()).toBe(0)
    await expect
      .poll(() => paragraphs(page))
      .toEqual(ARTICLE_PARAGRAPHS.map((text) => ({ text: `${TRANSLATION_MARK}${text}`, translated: false })))
    expect(await byTestId("entry-content").getAttribute("lang")).toBe("ja")
    // The timeline row shows the translated title alone too.
    const row = byTestId("entry-row").filter({ hasText: `${TRANSLATION_MARK}${ARTICLE_TITLE}` })
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it("translates one entry from the More menu while translation is off, and shows the original again", async () => {
    await setSettings(page, { general: { translation: false, translationMode: "bilingual" } })
    await byTestId("entry-title").waitFor()
    await page.waitForTimeout(500)
    expect(await byTestId("entry-title-translation").count()).toBe(0)
    expect((await paragraphs(page)).every((p) => !p.translated)).toBe(true)
    await byTestId("entry-more").click()
    await page.getByRole("menuitem", { name: "Translate" }).click()
    await expect
      .poll(() => byTestId("entry-title-translation").textContent())
      .toBe(`${TRANSLATION_MARK}${ARTICLE_TITLE}`)
    await expect.poll(async () => (await paragraphs(page)).filter((p) => p.translated).length).toBe(3)
    await byTestId("entry-more").click()
    await page.getByRole("menuitem", { name: "Show original" }).click()
    await byTestId("entry-title-translation").waitFor({ state: "detached" })
    expect((await paragraphs(page)).every((p) => !p.translated)).toBe(true)
  })

  it("says in place when the day's budget is used up, and Settings › AI shows it spent", async () => {
    // One call that crosses the budget completes; the next is refused with 15000.
    serverModel.set({ reply: modelReply("server"), usage: { prompt_tokens: BUDGET, completion_tokens: 10 } })
    await setSettings(page, { general: { actionLanguage: "zh-CN" } })
    await expect.poll(() => byTestId("ai-summary-text").textContent(), { timeout: 15_000 }).toBe(summaryBy("server"))
    serverModel.set({ reply: modelReply("server") })
    const calls = serverModel.calls()
    await setSettings(page, { general: { actionLanguage: "zh-TW" } })
    const problem = byTestId("ai-summary").getByTestId("ai-error")
    await expect
      .poll(() => problem.textContent(), { timeout: 15_000 })
      .toBe("AI token limit exceeded. Please try again later.")
    expect(await problem.getByRole("alert").getAttribute("data-code")).toBe("15000")
    expect(serverModel.calls()).toBe(calls)
    await page.goto(`${server.origin}/settings/ai`)
    await expect.poll(() => byTestId("ai-budget").textContent()).toMatch(/tokens used, 0 left/)
    expect(await byTestId("ai-usage").textContent()).toContain("Summaries")
  })
})

describe("with no model configured anywhere", () => {
  let server: AppServer
  let page: Page
  const aiRequests: string[] = []
  const byTestId = (id: string) => page.getByTestId(id)

  beforeAll(async () => {
    server = await startAppServer()
    page = await newReader(server.origin, "Noa Nomodel")
    page.on("request", (request) => {
      if (/\/ai\/(summary|translation)/.test(request.url())) aiRequests.push(request.url())
    })
  })

  afterAll(async () => {
    await page?.close()
    await server?.stop()
  })

  it("asks for nothing by itself, although summary and translation are on", async () => {
    await setSettings(page, { general: { summary: true, translation: true } })
    await openEntry(page, ARTICLE_TITLE)
    await page.waitForLoadState("networkidle")
    await page.waitForTimeout(1000)
    expect(await byTestId("ai-summary").count()).toBe(0)
    expect(await byTestId("entry-title-translation").count()).toBe(0)
    expect(aiRequests).toEqual([])
  })

  it("shows the hint naming what to set, with its link, when the summary is asked for", async () => {
    await byTestId("entry-action-aiSummary").click()
    const hint = byTestId("ai-summary").getByTestId("ai-no-model")
    await hint.waitFor()
    expect(await hint.textContent()).toContain("AI_BASE_URL and AI_MODEL")
    expect(aiRequests).toEqual([])
    expect(await shootBothSizes(page, shotDir, "entry-no-model")).toEqual([])
    await hint.getByRole("link", { name: "Open Settings › AI" }).click()
    await page.waitForURL(/\/settings\/ai$/)
    await expect.poll(() => byTestId("ai-model-status").textContent()).toMatch(/^No AI model answers yet\./)
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
