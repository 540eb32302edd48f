// Sanitiser: allowlist, dangerous URLs, URL resolution, safe links, embeds, and plain-text extraction.
import { describe, expect, it } from "vitest"
import { htmlToText, sanitizeFragment, sanitizeHtml } from "../../src/reader/sanitize.ts"

const BASE = "https://example.com/blog/post.html"
const clean = (html: string) => sanitizeHtml(html, BASE)

describe("sanitizeHtml", () => {
  it("removes scripts, styles, embeds, forms and event handlers", () => {
    const out = clean(
      `<p onclick="steal()" onmouseover="x">Hi<script>alert(1)</script><style>p{}</style></p>` +
        `<object data="x.swf"></object><embed src="x.swf"><form action="/login"><input name="pw"></form>`,
    )
    expect(out).toBe("<p>Hi</p>")
  })

  it("drops unknown attributes but keeps harmless ones and safe inline styles", () => {
    expect(clean(`<span style="color:red" title="t" data-x="1" id="i" class="c">x</span>`)).toBe(
      `<span style="color: red;" title="t">x</span>`,
    )
  })

  it("keeps only presentational style declarations without URLs or script", () => {
    const styled = (style: string) => clean(`<p style='${style}'>x</p>`)
    expect(styled("float: left; position: fixed; top: 0")).toBe(`<p style="float: left;">x</p>`)
    expect(styled("background-color: url(javascript:alert(1))")).toBe("<p>x</p>")
    expect(styled("width: expression(alert(1))")).toBe("<p>x</p>")
    expect(styled("color: red; background-image: url(https://t.example/pixel.gif)")).toBe(
      `<p style="color: red;">x</p>`,
    )
    expect(styled("font-family: \\61 bc")).toBe("<p>x</p>")
  })

  it("removes javascript:, vbscript: and data: URLs, except data:image in img src", () => {
    const out = clean(
      `<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="java&#x0A;script:x">c</a>` +
        `<a href=" vbscript:msgbox">d</a><a href="data:text/html,<script>">e</a>` +
        `<img src="data:image/png;base64,iVBORw0KGgo="><img src="data:text/html;base64,PHNjcmlwdD4=" alt="x">`,
    )
    expect(out).not.toMatch(/javascript|vbscript|data:text/i)
    expect(out).toContain(`src="data:image/png;base64,iVBORw0KGgo="`)
  })

  it("resolves relative URLs in href, src, srcset, poster and cite", () => {
    const out = clean(
      `<a href="../about">a</a><img src="img/a.png" srcset="img/a.png 1x, /b.png 2x">` +
        `<video poster="p.jpg" src="//cdn.example.net/v.mp4" controls></video><blockquote cite="/q">q</blockquote>`,
    )
    expect(out).toContain(`href="https://example.com/about"`)
    expect(out).toContain(`src="https://example.com/blog/img/a.png"`)
    expect(out).toContain(`srcset="https://example.com/blog/img/a.png 1x, https://example.com/b.png 2x"`)
    expect(out).toContain(`poster="https://example.com/blog/p.jpg"`)
    expect(out).toContain(`src="https://cdn.example.net/v.mp4"`)
    expect(out).toContain(`cite="https://example.com/q"`)
  })

  it("makes links open safely in a new tab", () => {
    expect(clean(`<a href="https://x.org/" target="_self" rel="opener">x</a>`)).toBe(
      `<a href="https://x.org/" rel="noopener noreferrer" target="_blank">x</a>`,
    )
  })

  it("keeps iframes only from known video hosts", () => {
    const out = clean(
      `<iframe src="https://www.youtube.com/embed/abc" width="560" allowfullscreen></iframe>` +
        `<iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="https://evil.example/x"></iframe>`,
    )
    expect(out).toContain("youtube.com/embed/abc")
    expect(out).toContain("player.vimeo.com/video/1")
    expect(out).not.toContain("evil.example")
    expect(out.match(/<iframe/g)).toHaveLength(2)
  })

  it("keeps article markup, tables, figures, media and SVG", () => {
    const html =
      `<figure><img src="a.png" alt="A" width="10" height="20"><figcaption>Cap</figcaption></figure>` +
      `<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>` +
      `<pre><code>x &lt; y</code></pre><audio controls src="a.mp3"><track src="t.vtt" kind="captions"></audio>` +
      `<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red" onload="x()"/></svg>`
    const out = clean(html)
    for (const tag of [
      "figure",
      "figcaption",
      "table",
      "thead",
      "td",
      "pre",
      "code",
      "audio",
      "track",
      "svg",
      "circle",
    ]) {
      expect(out, tag).toContain(`<${tag}`)
    }
    expect(out).toContain("x &lt; y")
    expect(out).not.toContain("onload")
    expect(out).toContain(`xmlns="http://www.w3.org/2000/svg"`)
  })

  it("writes attributes in a stable order", () => {
    expect(clean(`<img width="1" alt="a" src="/x.png">`)).toBe(clean(`<img src="/x.png" alt="a" width="1">`))
  })
})

describe("sanitizeFragment", () => {
  it("finds content images and text in the same pass, skipping tracking pixels", () => {
    const out = sanitizeFragment(
      `<p>Hello &amp; <b>welcome</b></p><img src="/a.jpg" width="640" height="480"><img src="/px.gif" width="1" height="1">`,
      BASE,
      { withText: true },
    )
    expect(out.text).toBe("Hello & welcome")
    expect(out.images).toEqual([{ url: "https://example.com/a.jpg", type: "photo", width: 640, height: 480 }])
  })
})

describe("htmlToText", () => {
  it("decodes entities, drops scripts and collapses whitespace", () => {
    expect(htmlToText("<p>Fish &amp; chips&nbsp;&eacute;&#8217;s</p>\n\n<p>two</p><script>x()</script>")).toBe(
      "Fish & chips é’s two",
    )
    expect(htmlToText("plain   text")).toBe("plain text")
  })
})

describe("lazy-loaded images", () => {
  it("promote data-src and data-srcset over placeholders", () => {
    expect(clean(`<img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg" data-srcset="/r2.jpg 2x">`)).toBe(
      `<img src="https://example.com/real.jpg" srcset="https://example.com/r2.jpg 2x" />`,
    )
  })
})
