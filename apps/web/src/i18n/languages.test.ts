import { describe, expect, it } from "vitest"
import { detectLanguage, matchLanguage } from "./languages.ts"

const supported = ["en", "ja", "zh-CN", "zh-TW"]

describe("matchLanguage", () => {
  it("matches exact tags, base languages and Chinese scripts", () => {
    expect(matchLanguage("JA", supported)).toBe("ja")
    expect(matchLanguage("ja-JP", supported)).toBe("ja")
    expect(matchLanguage("en-GB", supported)).toBe("en")
    expect(matchLanguage("zh", supported)).toBe("zh-CN")
    expect(matchLanguage("zh-HK", supported)).toBe("zh-TW")
    expect(matchLanguage("zh-Hant-TW", supported)).toBe("zh-TW")
    expect(matchLanguage("de", supported)).toBeUndefined()
    expect(matchLanguage("zh", ["en"])).toBeUndefined()
  })
})

describe("detectLanguage", () => {
  it("takes the query string first, then storage, then the browser, then en", () => {
    const base = { search: "", stored: null, browser: [] as string[], supported }
    expect(detectLanguage({ ...base, search: "?lng=ja", stored: "zh-CN", browser: ["en"] })).toBe("ja")
    expect(detectLanguage({ ...base, search: "?lng=xx", stored: "zh-CN" })).toBe("zh-CN")
    expect(detectLanguage({ ...base, browser: ["de-DE", "zh-TW"] })).toBe("zh-TW")
    expect(detectLanguage(base)).toBe("en")
  })
})
