import { describe, expect, it } from "vitest"
import { sourceKind } from "./source-input.ts"

describe("sourceKind", () => {
  it("tells routes, addresses and words apart", () => {
    expect(sourceKind("rsshub://github/issue/x/y")).toBe("rsshub")
    expect(sourceKind("https://example.com/feed.xml")).toBe("url")
    expect(sourceKind("  example.com/blog  ")).toBe("url")
    expect(sourceKind("http://127.0.0.1:8080/")).toBe("url")
    expect(sourceKind("slow web")).toBe("keyword")
    expect(sourceKind("typography")).toBe("keyword")
  })
})
