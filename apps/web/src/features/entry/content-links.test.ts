import { describe, expect, it } from "vitest"
import { externalHref } from "./content-links.ts"

const APP = "https://reader.example"

describe("externalHref", () => {
  it("returns the absolute address of a link to another site", () => {
    expect(externalHref("https://blog.example/post?a=1", APP)).toBe("https://blog.example/post?a=1")
    expect(externalHref("http://127.0.0.1:9/x", APP)).toBe("http://127.0.0.1:9/x")
  })

  it("does not warn for links that stay in the app or are not web pages", () => {
    expect(externalHref("#section", APP)).toBeNull()
    expect(externalHref("/timeline", APP)).toBeNull()
    expect(externalHref("mailto:a@b.example", APP)).toBeNull()
    expect(externalHref(null, APP)).toBeNull()
    expect(externalHref("http://[bad", APP)).toBeNull()
  })
})
