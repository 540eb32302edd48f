// What the client draws where an AI result would be, for each way the server says no: the configuration hint for
// code 5 (with the server's own words when they say more than "no model"), the budget's refusal without a retry, a
// failure's detail, and the offline text; in English and Japanese.
import i18next from "i18next"
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { initReactI18next } from "react-i18next"
import { MemoryRouter } from "react-router"
import { beforeAll, describe, expect, it } from "vitest"
import { ApiError } from "../../api/api-error.ts"
import { CORE_NAMESPACES, englishResources, loadNamespace } from "../../i18n/resources.ts"
import { AiProblem } from "./ai-problem.tsx"

const failure = (code: number | undefined, message: string, kind: ApiError["kind"] = "http", status = 400) =>
  new ApiError({ kind, status, message, code, method: "GET", path: "/ai/summary" })

const draw = (error: unknown, onRetry?: () => void) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(AiProblem, { error, onRetry })))

/** The text a reader sees, tags gone. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim()

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    ns: [...CORE_NAMESPACES, "ai"],
    resources: {
      en: { ...englishResources, ai: await loadNamespace("en", "ai") },
      ja: { ai: await loadNamespace("ja", "ai"), errors: await loadNamespace("ja", "errors") },
    },
    keySeparator: false,
    interpolation: { escapeValue: false },
  })
})

describe("AiProblem", () => {
  it("answers code 5 with the hint naming what to set and a link to Settings › AI, not the error's text", async () => {
    await i18next.changeLanguage("en")
    const html = draw(failure(5, "No AI model is configured: set AI_BASE_URL and AI_MODEL"), () => {})
    expect(html).toContain('data-testid="ai-no-model"')
    expect(text(html)).toBe(
      "No AI model is configured. The server's administrator can set AI_BASE_URL and AI_MODEL, or you can add " +
        "your own provider in Settings › AI. Open Settings › AI",
    )
    expect(html).toContain('href="/settings/ai"')
    expect(html).not.toContain("Missing configuration")
    expect(html).not.toContain("Try again")
  })

  it("adds the server's words under the hint when they say which part is refused", () => {
    const said = "Your AI key was saved under another server secret: enter it again in Settings › AI"
    const html = draw(failure(5, said))
    expect(html).toContain('data-testid="ai-no-model"')
    expect(text(html)).toContain(said)
  })

  it("says the daily budget is spent, with no retry; other failures keep their detail and a retry", () => {
    const budget = draw(failure(15000, "AI token limit exceeded", "http", 429), () => {})
    expect(text(budget)).toBe("AI token limit exceeded. Please try again later.")
    expect(budget).toContain('data-code="15000"')
    expect(budget).not.toContain("<button")

    const failed = draw(failure(1005, "The model server did not answer within 60 s", "http", 502), () => {})
    expect(text(failed)).toBe("Internal error The model server did not answer within 60 s Try again")
    expect(failed).toContain("<button")
  })

  it("says the network is needed when no answer came", () => {
    const html = draw(failure(undefined, "Failed to fetch", "network", 0), () => {})
    expect(text(html)).toBe("This needs the network. Try again once you are back online. Try again")
  })

  it("speaks the reader's language", async () => {
    await i18next.changeLanguage("ja")
    try {
      const html = draw(failure(5, "No AI model is configured"))
      expect(text(html)).toContain("AI モデルが設定されていません。")
      expect(text(html)).toContain("「設定 › AI」を開く")
      expect(text(draw(failure(15000, "AI token limit exceeded", "http", 429)))).not.toContain("exceeded")
    } finally {
      await i18next.changeLanguage("en")
    }
  })
})
