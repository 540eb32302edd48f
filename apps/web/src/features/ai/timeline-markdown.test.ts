import { describe, expect, it } from "vitest"
import { parseBlocks, parseInline, safeHref } from "./timeline-markdown.tsx"

describe("timeline summary markdown", () => {
  it("splits paragraphs and bullet lists, dropping heading marks", () => {
    expect(parseBlocks("## Today\nOne line\ncontinued.\n\n- first\n* second\n1. third\n\nAfter.")).toEqual([
      { kind: "paragraph", text: "Today One line continued." },
      { kind: "list", items: ["first", "second", "third"] },
      { kind: "paragraph", text: "After." },
    ])
  })

  it("keeps links to entries in the app and drops any other link to its text", () => {
    expect(parseInline("See [[1]](/timeline/view-0/f1/e1) and **this**.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "[1]", href: "/timeline/view-0/f1/e1", internal: true },
      { kind: "text", text: " and " },
      { kind: "strong", text: "this" },
      { kind: "text", text: "." },
    ])
    expect(parseInline("[x](javascript:alert(1))")[0]).toEqual({ kind: "text", text: "x" })
    expect(safeHref("data:text/html,hi")).toBeUndefined()
    expect(safeHref("//evil.example/x")).toBeUndefined()
    // A link the model wrote itself (an entry may have asked it to) is not followed.
    expect(safeHref("https://example.com/a")).toBeUndefined()
    expect(parseInline("[win](https://evil.example/)")).toEqual([{ kind: "text", text: "win" }])
  })

  it("never turns markup into elements: HTML stays text", () => {
    expect(parseInline("<img src=x onerror=alert(1)> *ok*")).toEqual([
      { kind: "text", text: "<img src=x onerror=alert(1)> " },
      { kind: "em", text: "ok" },
    ])
  })
})
