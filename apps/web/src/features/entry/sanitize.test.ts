import { describe, expect, it } from "vitest"
import { sanitizeConfig } from "./sanitize.ts"

describe("sanitizeConfig", () => {
  it("drops inline styles unless readerRenderInlineStyle applies", () => {
    expect(sanitizeConfig({ allowMedia: true, keepInlineStyle: false }).FORBID_ATTR).toContain("style")
    expect(sanitizeConfig({ allowMedia: true, keepInlineStyle: true }).FORBID_ATTR).not.toContain("style")
  })

  it("never lets a <style> element through, with or without media", () => {
    expect(sanitizeConfig({ allowMedia: true, keepInlineStyle: true }).FORBID_TAGS).toContain("style")
    expect(sanitizeConfig({ allowMedia: false, keepInlineStyle: true }).FORBID_TAGS).toContain("style")
  })

  it("allows the media tags only when media is enabled", () => {
    expect(sanitizeConfig({ allowMedia: true, keepInlineStyle: true }).ADD_TAGS).toContain("iframe")
    expect(sanitizeConfig({ allowMedia: false, keepInlineStyle: true }).FORBID_TAGS).toContain("iframe")
  })
})
