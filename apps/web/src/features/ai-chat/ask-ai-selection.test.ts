import { describe, expect, it } from "vitest"
import { quoteOf } from "./ask-ai-selection.tsx"

describe("quoteOf", () => {
  it("quotes every line and leaves room for the question", () => {
    expect(quoteOf("  first line\n\nsecond line  ")).toBe("> first line\n> second line\n\n")
  })

  it("cuts a very long selection", () => {
    const quote = quoteOf("a".repeat(5000))
    expect(quote.length).toBeLessThan(2010)
    expect(quote.trimEnd().endsWith("…")).toBe(true)
  })
})
