import { describe, expect, it } from "vitest"
import { defaultIntegrationSettings, newCustomIntegration } from "./integration-settings.ts"
import { parseHeaderLines } from "./template.ts"
import { customErrors, fieldError, isKindReady } from "./validation.ts"

describe("integration fields", () => {
  it("needs every field, URLs as http(s) URLs and the Zotero user id as digits", () => {
    expect(fieldError("text", " ")).toBe("required")
    expect(fieldError("url", "readeck.local")).toBe("url")
    expect(fieldError("url", "ftp://x.example.com")).toBe("url")
    expect(fieldError("url", "http://127.0.0.1:8000")).toBeUndefined()
    expect(fieldError("digits", "12a")).toBe("digits")
    expect(isKindReady("eagle", defaultIntegrationSettings)).toBe(true)
    expect(isKindReady("readeck", defaultIntegrationSettings)).toBe(false)
    const readeck = { ...defaultIntegrationSettings, readeckEndpoint: "https://r.example.com", readeckToken: "t" }
    expect(isKindReady("readeck", readeck)).toBe(true)
  })

  it("checks a custom integration's name, URL (placeholders standing for values) and header lines", () => {
    const fresh = newCustomIntegration("a")
    expect(customErrors(fresh)).toEqual(["name", "url"])
    expect(customErrors({ ...fresh, name: "X", url: "https://{{title}}.example.com/{{url}}" })).toEqual([])
    expect(customErrors({ ...fresh, name: "X", url: "https://x.example.com", headers: "no colon" })).toEqual([
      "headers",
    ])
    expect(parseHeaderLines("A: 1\n\nB:2:3\n bad")).toEqual({ headers: { A: "1", B: "2:3" }, bad: ["bad"] })
  })
})
