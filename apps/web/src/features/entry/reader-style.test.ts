import { describe, expect, it } from "vitest"
import { readerFontStack, scopeCustomCss } from "./reader-style.ts"

describe("scopeCustomCss", () => {
  it("is empty for the default empty setting", () => {
    expect(scopeCustomCss("")).toBe("")
    expect(scopeCustomCss("  \n")).toBe("")
  })

  it("wraps the rules in a scope on the entry content", () => {
    expect(scopeCustomCss("p { color: red }")).toBe("@scope ([data-entry-content]) {\np { color: red }\n}")
  })

  it("refuses CSS that would close the scope and style the app", () => {
    expect(scopeCustomCss("p { color: red } } body { display: none }")).toBe("")
    expect(scopeCustomCss("} body { display: none")).toBe("")
    expect(scopeCustomCss("p { color: red")).toBe("")
    expect(scopeCustomCss("p { color: red } /* open")).toBe("")
    expect(scopeCustomCss("</style><script>alert(1)</script>")).toBe("")
    expect(scopeCustomCss("@import url(https://evil.test/x.css);")).toBe("")
  })

  it("ignores braces inside strings and comments", () => {
    expect(scopeCustomCss('p::before { content: "}" }')).toContain('content: "}"')
    expect(scopeCustomCss("/* } */ p { color: red }")).toContain("p { color: red }")
  })
})

describe("readerFontStack", () => {
  it("keeps the app font for inherit", () => {
    expect(readerFontStack("inherit")).toBeUndefined()
  })

  it("puts the chosen font first, quoted when it has spaces", () => {
    expect(readerFontStack("Georgia")).toBe("Georgia, system-ui, sans-serif")
    expect(readerFontStack("Source Serif 4")).toBe('"Source Serif 4", system-ui, sans-serif')
  })
})
