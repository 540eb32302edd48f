import { describe, expect, it } from "vitest"
import { handleProblem, inboxAddress, inboxWebhookUrl } from "./inbox-handle.ts"

describe("handleProblem", () => {
  it("accepts what the server accepts", () => {
    for (const ok of ["news", "my.news-2", "a_b", "ABC", "x9z", "a".repeat(32)])
      expect(handleProblem(ok), ok).toBe(null)
  })

  it("names the first broken rule", () => {
    expect(handleProblem("ab")).toBe("length")
    expect(handleProblem("a".repeat(33))).toBe("length")
    expect(handleProblem("hello world")).toBe("characters")
    expect(handleProblem("hé-llo")).toBe("characters")
    expect(handleProblem(".news")).toBe("edges")
    expect(handleProblem("-news")).toBe("edges")
    expect(handleProblem("news.")).toBe("edges")
    expect(handleProblem("my..news")).toBe("dots")
    expect(handleProblem("12345")).toBe("digits")
  })
})

describe("inbox addresses", () => {
  it("builds the e-mail address and the webhook URL with the handle as a query parameter", () => {
    expect(inboxAddress("news", "inbox.example.org")).toBe("news@inbox.example.org")
    expect(inboxWebhookUrl("https://reader.example.org", "my.news")).toBe(
      "https://reader.example.org/inboxes/webhook?handle=my.news",
    )
  })
})
