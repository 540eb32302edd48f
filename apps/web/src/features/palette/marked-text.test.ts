import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { MarkedText } from "./marked-text.tsx"

describe("MarkedText", () => {
  it("makes the marks elements and everything else text", () => {
    const html = renderToStaticMarkup(
      createElement(MarkedText, { html: "A &lt;script&gt; and <mark>running</mark> &amp; more" }),
    )
    expect(html).toBe(
      'A &lt;script&gt; and <mark class="rounded-sm bg-accent/20 px-0.5 text-inherit">running</mark> &amp; more',
    )
  })
  it("never turns other tags into markup", () => {
    const html = renderToStaticMarkup(
      createElement(MarkedText, { html: '<img src=x onerror="alert(1)"><mark><b>x</b></mark>' }),
    )
    expect(html).not.toContain("<img")
    expect(html).not.toContain("<b>")
  })
})
