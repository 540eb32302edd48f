import { parseHTML } from "linkedom"
import { describe, expect, it } from "vitest"
import { htmlToMarkdown, type MarkdownNode } from "./html-to-markdown.ts"

const md = (html: string) =>
  htmlToMarkdown(parseHTML(`<html><body>${html}</body></html>`).document.body as unknown as MarkdownNode)

describe("htmlToMarkdown", () => {
  it("writes headings, paragraphs, emphasis, links and images", () => {
    expect(
      md('<h2>Title</h2><p>Some <strong>bold</strong> and <em>soft</em> <a href="https://x.example">link</a></p>'),
    ).toBe("## Title\n\nSome **bold** and _soft_ [link](https://x.example)")
    expect(md('<p><img src="https://x.example/a.png" alt="A"></p>')).toBe("![A](https://x.example/a.png)")
  })

  it("writes lists (numbered and nested), quotes and code", () => {
    expect(md("<ol><li>one</li><li>two<ul><li>sub</li></ul></li></ol>")).toBe("1. one\n2. two\n   - sub")
    expect(md("<blockquote><p>said</p><p>more</p></blockquote>")).toBe("> said\n>\n> more")
    expect(md("<p>run <code>npm test</code></p><pre><code>a\n  b\n</code></pre>")).toBe(
      "run `npm test`\n\n```\na\n  b\n```",
    )
  })

  it("drops scripts and keeps the text of other elements", () => {
    expect(md("<div><script>x()</script><span>kept</span></div>")).toBe("kept")
  })
})
