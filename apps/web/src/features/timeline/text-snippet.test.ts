import { describe, expect, it } from "vitest"
import { textSnippet } from "./text-snippet.ts"

describe("textSnippet", () => {
  it("strips tags, scripts and decodes entities", () => {
    expect(textSnippet("<p>Hello <b>world</b> &amp; friends&#33;</p><script>x()</script>")).toBe(
      "Hello world & friends!",
    )
    expect(textSnippet("a&nbsp;b &#x263A; &unknown;")).toBe("a b ☺ &unknown;")
    expect(textSnippet(null)).toBe("")
  })

  it("shortens long text", () => {
    expect(textSnippet("word ".repeat(100), 20)).toBe("word word word word…")
  })
})
