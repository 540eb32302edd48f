import { describe, expect, it } from "vitest"
import { keyScrollsArticle } from "./focus-scope.ts"
import type { KeyInput } from "./hotkeys.ts"

const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
})

describe("keyScrollsArticle", () => {
  it("leaves ↑/↓ to the article in entry-render", () => {
    expect(keyScrollsArticle("entry-render", press("ArrowDown"))).toBe(true)
    expect(keyScrollsArticle("entry-render", press("ArrowUp"))).toBe(true)
  })

  it("keeps j/k, modified arrows and every other area's arrows for the shortcuts", () => {
    expect(keyScrollsArticle("entry-render", press("j"))).toBe(false)
    expect(keyScrollsArticle("entry-render", press("ArrowDown", { shiftKey: true }))).toBe(false)
    for (const scope of ["home", "timeline", "subscription-list"] as const) {
      expect(keyScrollsArticle(scope, press("ArrowDown"))).toBe(false)
    }
  })
})
