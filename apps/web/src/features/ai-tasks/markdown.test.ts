import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { MemoryRouter } from "react-router"
import { describe, expect, it } from "vitest"
import { Markdown, parseBlocks, safeHref } from "./markdown.tsx"

const html = (text: string) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markdown, { text })))

describe("Markdown from the model", () => {
  it("renders headings, lists, emphasis and links to entries", () => {
    const out = html("### Space\n\n- A **comet** was seen [[1]](/timeline/view-0/all/e1)\n- *Quiet* night")
    expect(out).toContain("<h3")
    expect(out).toContain("<strong>comet</strong>")
    expect(out).toContain('href="/timeline/view-0/all/e1"')
    expect(out).toContain(">[1]</a>")
    expect(out).toContain("<em>Quiet</em>")
  })

  it("never lets markup or unsafe links through", () => {
    const out = html('<img src=x onerror="alert(1)"> [click](javascript:alert(1)) [far](//evil.example/x)')
    expect(out).not.toContain("<img")
    expect(out).toContain("&lt;img")
    expect(out).not.toContain("javascript:")
    expect(out).not.toContain('href="//evil.example')
    expect(safeHref("https://example.com/a")).toEqual({ internal: false, href: "https://example.com/a" })
  })

  it("splits blocks: code fences, ordered lists and paragraphs", () => {
    expect(parseBlocks("1. one\n2. two\n\n```\nx < y\n```\ntext\nmore").map((b) => b.kind)).toEqual([
      "list",
      "code",
      "paragraph",
    ])
  })
})
