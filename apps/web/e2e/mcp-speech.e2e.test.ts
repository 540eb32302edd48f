// Settings › AI › MCP services and "Listen" end to end (issue 13): a real server, the server tests' MCP stand-in on
// loopback (tools add / fail / slow; /secure needs a bearer token; /oauth sits behind its small OAuth authorization
// server) and the OpenAI-compatible stand-in with its speech endpoint, and Chromium. The MCP form says the spec's
// messages first; a service with a bearer header connects and shows its tools; refresh reaches the service again;
// delete asks first; a service behind OAuth opens its sign-in in a new tab and shows connected once done. Then an
// entry is read aloud by the server (the audio element gets the stand-in's audio as a blob), paused and stopped;
// with the speech endpoint failing, the browser's speech synthesis reads it instead (a recording stand-in for
// speechSynthesis: headless Chromium has no voices).
// Run with: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/mcp-speech.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MCP_TOKEN, type McpTestServer, startMcpServer } from "../../server/test/support/mcp-server.ts"
import { type OpenAiStub, SPEECH_AUDIO, startOpenAiStub } from "../../server/test/support/openai-stub.ts"
import { ARTICLE_TITLE, type FeedServer, startAiFeed } from "./support/ai-kit.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { PHONE_WIDTH, screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { call, signUpThroughForm } from "./support/profiles-guide-kit.ts"

const shotDir = process.env.MCP_SHOTS ?? path.join(screenshotsRoot, "mcp-speech")

let browser: Browser
let feed: FeedServer
let mcp: McpTestServer
let model: OpenAiStub
let server: AppServer
let page: Page
const pageErrors: string[] = []
/** Adding a service connects to it first: seconds on this shared machine. */
const WAIT = { timeout: 20_000 }
const byTestId = (id: string) => page.getByTestId(id)

beforeAll(async () => {
  ;[feed, mcp, model, browser] = await Promise.all([
    startAiFeed(),
    startMcpServer(),
    startOpenAiStub(),
    launchBrowser(),
  ])
  server = await startAppServer({
    AI_BASE_URL: model.baseUrl,
    AI_MODEL: "stub-model",
    AI_TTS_MODEL: "stub-tts",
    AI_ALLOW_PRIVATE_NETWORK: "true",
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUpThroughForm(page, server.origin, "Mika Tools", `mika-${Date.now()}@example.com`)
  await call(page, "POST", "/subscriptions", { url: feed.feedUrl, view: 0 })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await Promise.all([feed?.close(), mcp?.close(), model?.close()])
})

const service = (name: string) => page.getByTestId("mcp-service").filter({ has: page.getByText(name, { exact: true }) })

describe("MCP services", () => {
  it("says the spec's messages before anything is sent", async () => {
    await page.goto(`${server.origin}/settings/ai`)
    await byTestId("mcp-empty").waitFor()
    await byTestId("mcp-add").click()
    const form = byTestId("mcp-form")
    const problem = form.getByTestId("mcp-form-problem")
    const before = mcp.headers.length
    await form.getByTestId("mcp-save").click()
    expect(await problem.textContent()).toBe("Service name is required")
    await form.getByLabel("Service name").fill("Calculator")
    await form.getByTestId("mcp-save").click()
    expect(await problem.textContent()).toBe("Base URL is required")
    await form.getByLabel("Base URL").fill("calc.example")
    await form.getByTestId("mcp-save").click()
    expect(await problem.textContent()).toBe("Please enter a valid URL")
    expect(mcp.headers.length).toBe(before)
  })

  it("connects a service with a bearer header and shows its tools", async () => {
    const form = byTestId("mcp-form")
    await form.getByLabel("Base URL").fill(`${mcp.origin}/secure/mcp`)
    // Without the token the service refuses: the error is said in place and nothing is kept.
    await form.getByTestId("mcp-save").click()
    await expect.poll(() => form.getByTestId("mcp-form-problem").textContent(), WAIT).toMatch(/^MCP OAuth error/)
    await form.getByTestId("mcp-add-header").click()
    await form.getByLabel("Header 1 name").fill("Authorization")
    await form.getByLabel("Header 1 value").fill(`Bearer ${MCP_TOKEN}`)
    await form.getByTestId("mcp-save").click()
    const row = service("Calculator")
    await row.waitFor()
    expect(await row.getByTestId("mcp-status").textContent()).toBe("Connected")
    expect(await row.getByTestId("mcp-tool-count").textContent()).toBe("3 tools")
    expect(await row.textContent()).toContain(`Streamable HTTP · ${mcp.origin}/secure/mcp`)
    expect(mcp.headers.at(-1)?.authorization).toBe(`Bearer ${MCP_TOKEN}`)
    await row.getByTestId("mcp-toggle-tools").click()
    await expect.poll(() => row.getByTestId("mcp-tool").count(), WAIT).toBe(3)
    expect(await row.getByTestId("mcp-tools").textContent()).toContain("add — Add two numbers")
    // The token never comes back to the page.
    expect(await page.content()).not.toContain(MCP_TOKEN)
    expect(await shootBothSizes(page, shotDir, "mcp-services")).toEqual([])
  })

  it("refreshes the tools by reaching the service again", async () => {
    const row = service("Calculator")
    const before = mcp.headers.length
    await row.getByTestId("mcp-refresh").click()
    await expect.poll(() => mcp.headers.length, WAIT).toBeGreaterThan(before)
    await expect.poll(() => row.getByTestId("mcp-refresh").isEnabled(), WAIT).toBe(true)
    expect(await row.getByTestId("mcp-tool-count").textContent()).toBe("3 tools")
  })

  it("edits a service: the stored header stays masked and kept", async () => {
    const row = service("Calculator")
    await row.getByTestId("mcp-edit").click()
    const form = row.getByTestId("mcp-form")
    expect(await form.getByLabel("Header 1 value").inputValue()).toBe("********")
    await form.getByLabel("Service name").fill("Calc")
    await form.getByTestId("mcp-save").click()
    await service("Calc").waitFor()
    expect(await service("Calc").getByTestId("mcp-status").textContent()).toBe("Connected")
  })

  it("connects a service behind OAuth: its sign-in opens in a new tab, and the list shows it connected", async () => {
    await byTestId("mcp-add").click()
    const form = byTestId("mcp-form")
    await form.getByLabel("Service name").fill("Notes")
    await form.getByLabel("Transport").selectOption("streamable-http")
    await form.getByLabel("Base URL").fill(`${mcp.origin}/oauth/mcp`)
    const popup = page.context().waitForEvent("page")
    await form.getByTestId("mcp-save").click()
    const signIn = await popup
    // The stand-in approves at once: the tab ends on Settings › AI after the server's callback.
    await signIn.waitForURL(/\/settings\/ai/)
    await signIn.close()
    const row = service("Notes")
    await expect.poll(() => row.getByTestId("mcp-status").textContent(), WAIT).toBe("Connected")
    expect(await row.getByTestId("mcp-tool-count").textContent()).toBe("3 tools · Signed in with OAuth")
    expect(await byTestId("mcp-oauth-pending").count()).toBe(0)
    expect(mcp.tokens.authorization_code).toBe(1)
    expect(await shootBothSizes(page, shotDir, "mcp-services-oauth")).toEqual([])
  })

  it("deletes a service after asking", async () => {
    await service("Calc").getByTestId("mcp-delete").click()
    await page.getByRole("dialog").waitFor()
    expect(await page.getByRole("dialog").textContent()).toContain("Delete Calc?")
    await page.getByTestId("confirm-dialog-confirm").click()
    await expect.poll(() => service("Calc").count(), WAIT).toBe(0)
    const left = await call<{ data: { name: string }[] }>(page, "GET", "/mcp/connections")
    expect(left.data.map((c) => c.name)).toEqual(["Notes"])
  })
})

describe("Listen", () => {
  let articleUrl = ""
  /** The article from the timeline the first time; then by its address (read, it leaves the unread timeline). */
  async function openArticle() {
    if (articleUrl) await page.goto(articleUrl)
    else {
      await page.goto(`${server.origin}/`)
      await page.getByTestId("entry-row").filter({ hasText: ARTICLE_TITLE }).first().click()
    }
    await page.getByTestId("entry-content").waitFor()
    articleUrl = page.url()
  }

  it("reads the entry with the server's voice: the audio element plays the speech endpoint's audio", async () => {
    await openArticle()
    model.reset()
    await byTestId("listen-start").click()
    const audio = byTestId("listen-audio")
    await expect.poll(() => audio.getAttribute("src"), WAIT).toMatch(/^blob:/)
    expect(model.speech).toHaveLength(1)
    expect(model.speech[0]?.body.input).toContain(ARTICLE_TITLE)
    // The element decoded the stand-in's three-second tone (a blob: URL is not fetchable under the page's CSP).
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => Math.round(el.duration)), WAIT).toBe(3)
    expect(SPEECH_AUDIO.length).toBeGreaterThan(24_000)
    // The three-second tone plays through to the end, and the control goes back to "Listen".
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0), WAIT).toBe(true)
    await expect.poll(() => byTestId("listen-control").getAttribute("data-phase"), WAIT).toBe("idle")
    expect(await audio.evaluate((el: HTMLAudioElement) => el.ended)).toBe(true)
  })

  it("pauses, resumes and stops", async () => {
    const control = byTestId("listen-control")
    const audio = byTestId("listen-audio")
    await byTestId("listen-start").click()
    await expect.poll(() => control.getAttribute("data-phase"), WAIT).toBe("playing")
    await byTestId("listen-toggle").click()
    expect(await control.getAttribute("data-phase")).toBe("paused")
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true)
    expect(await byTestId("listen-toggle").textContent()).toBe("Resume")
    expect(await byTestId("listen-status").textContent()).toBe("Read aloud by the AI speech model.")
    await page.screenshot({ path: path.join(shotDir, "entry-listen-paused-1280.png") })
    expect(await seriousViolations(page)).toEqual([])
    await byTestId("listen-toggle").click()
    expect(await control.getAttribute("data-phase")).toBe("playing")
    const element = await audio.elementHandle()
    await byTestId("listen-stop").click()
    expect(await control.getAttribute("data-phase")).toBe("idle")
    // Stopped: the element that played is paused and gone with its blob, so nothing can go on reading.
    expect(await element?.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true)
    await audio.waitFor({ state: "detached" })
    expect(await byTestId("listen-start").isVisible()).toBe(true)
  })

  it("falls back to the browser's speech synthesis, with the voice setting, when the server's speech fails", async () => {
    await page.addInitScript(() => {
      const spoken: { text: string; lang: string }[] = []
      ;(window as unknown as { spokenTexts: typeof spoken }).spokenTexts = spoken
      const synth = {
        speaking: false,
        paused: false,
        getVoices: () => [],
        speak: (utterance: SpeechSynthesisUtterance) => {
          spoken.push({ text: utterance.text, lang: utterance.lang })
          setTimeout(() => utterance.onend?.(new Event("end") as SpeechSynthesisEvent), 1500)
        },
        cancel: () => {},
        pause: () => {},
        resume: () => {},
      }
      Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true })
    })
    // At phone width from the start: crossing the breakpoint remounts the entry view, which stops the reading.
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 })
    await openArticle()
    model.set({ failStatus: 500 })
    await byTestId("listen-start").click()
    await expect
      .poll(() => byTestId("listen-status").textContent(), WAIT)
      .toBe("Read aloud by your browser (en-US-AndrewMultilingualNeural).")
    const spoken = await page.evaluate(
      () => (window as unknown as { spokenTexts: { text: string; lang: string }[] }).spokenTexts,
    )
    expect(spoken.length).toBeGreaterThan(0)
    expect(spoken[0]?.text).toContain(ARTICLE_TITLE)
    expect(spoken[0]?.lang).toBe("en-us")
    await page.screenshot({ path: path.join(shotDir, `entry-listen-browser-${PHONE_WIDTH}.png`) })
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect.poll(() => byTestId("listen-control").getAttribute("data-phase"), WAIT).toBe("idle")
    model.reset()
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
