import { describe, expect, it } from "vitest"
import { iframeSandbox, sanitizeConfig } from "./sanitize.ts"

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

describe("iframeSandbox", () => {
  const app = "https://reader.example"
  const tokens = (src: string | null, origin = app) => iframeSandbox(src, origin).split(" ")

  it("never gives an ordinary frame both scripts and its own origin", () => {
    for (const src of [
      "https://evil.example/embed",
      "http://www.youtube.com/embed/abc",
      "/embed/local",
      "https://reader.example/entries/x",
      "not a url",
      null,
    ]) {
      expect(tokens(src), String(src)).toContain("allow-scripts")
      expect(tokens(src), String(src)).not.toContain("allow-same-origin")
    }
  })

  it("keeps the origin of the known video players, which do not play without it", () => {
    for (const src of ["https://www.youtube.com/embed/abc", "https://player.vimeo.com/video/1"]) {
      expect(tokens(src), src).toEqual(["allow-scripts", "allow-same-origin", "allow-popups", "allow-presentation"])
    }
  })

  it("does not keep it for a player host served from the app's own origin", () => {
    expect(tokens("https://www.youtube.com/embed/abc", "https://www.youtube.com")).not.toContain("allow-same-origin")
  })

  it("never allows forms or the top window", () => {
    for (const src of ["https://www.youtube.com/embed/abc", "https://evil.example/"]) {
      expect(tokens(src)).not.toContain("allow-forms")
      expect(tokens(src)).not.toContain("allow-top-navigation")
    }
  })
})
