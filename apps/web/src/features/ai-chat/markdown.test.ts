import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { Markdown, parseBlocks, safeHref } from "./markdown.tsx"

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }))

describe("Markdown", () => {
  it("draws paragraphs, headings, lists, quotes and code", () => {
    expect(
      parseBlocks("# Title\n\nOne\ntwo\n\n- a\n- b\n\n1. x\n2. y\n\n> said\n\n```\ncode <b>\n```").map((b) => b.kind),
    ).toEqual(["h", "p", "ul", "ol", "quote", "code"])
    expect(html("**bold** and *em* and `x<y`")).toBe(
      "<p><strong>bold</strong> and <em>em</em> and <code>x&lt;y</code></p>",
    )
    expect(html("- one\n- two")).toBe("<ul><li>one</li><li>two</li></ul>")
  })

  it("shows markup a model writes as text, never as elements", () => {
    const out = html('<img src=x onerror="alert(1)"><script>alert(1)</script>')
    expect(out).not.toContain("<img")
    expect(out).not.toContain("<script")
    expect(out).toContain("&lt;script&gt;")
  })

  it("links only to the web and to the app's own pages", () => {
    expect(html("[site](https://example.com/a)")).toBe(
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">site</a></p>',
    )
    expect(html("[bad](javascript:alert(1))")).not.toContain("href")
    expect(safeHref("/timeline/view-0/all/e1")).toBe("/timeline/view-0/all/e1")
    expect(safeHref("//evil.example")).toBeUndefined()
    expect(safeHref("data:text/html,x")).toBeUndefined()
    expect(html("see https://example.com/x.")).toContain('href="https://example.com/x"')
  })
})
