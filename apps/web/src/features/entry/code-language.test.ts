import { describe, expect, it } from "vitest"
import { blockLanguage, declaredLanguage, guessLanguage } from "./code-language.ts"

describe("declaredLanguage", () => {
  it("reads language-x and lang-x classes, with aliases", () => {
    expect(declaredLanguage("language-ts")).toBe("typescript")
    expect(declaredLanguage("hljs lang-python")).toBe("python")
    expect(declaredLanguage("language-brainfuck")).toBeNull()
    expect(declaredLanguage("")).toBeNull()
  })
})

describe("guessLanguage", () => {
  it("recognises common languages", () => {
    expect(guessLanguage('{ "name": "tidings", "private": true }')).toBe("json")
    expect(guessLanguage("def greet(name):\n    print(name)")).toBe("python")
    expect(guessLanguage("const total = items.reduce((a, b) => a + b, 0)")).toBe("javascript")
    expect(guessLanguage("interface Entry {\n  id: string\n}")).toBe("typescript")
    expect(guessLanguage("fn main() {\n    let mut x = 1;\n}")).toBe("rust")
    expect(guessLanguage("package main\n\nfunc main() {}")).toBe("go")
    expect(guessLanguage("SELECT id FROM entries WHERE read = false")).toBe("sql")
    expect(guessLanguage("$ npm install tidings")).toBe("bash")
  })

  it("leaves prose alone", () => {
    expect(guessLanguage("Just a quoted sentence, nothing more.")).toBeNull()
  })
})

describe("blockLanguage", () => {
  it("guesses only when guessCodeLanguage is on, and a declared language wins", () => {
    expect(blockLanguage("", "const a = 1", true)).toBe("javascript")
    expect(blockLanguage("", "const a = 1", false)).toBeNull()
    expect(blockLanguage("language-python", "const a = 1", true)).toBe("python")
  })
})
