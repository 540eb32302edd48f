import { readdirSync, readFileSync } from "node:fs"
import { errorCatalogue } from "@tidings/shared"
import { describe, expect, it } from "vitest"

const localesDir = new URL("./locales/", import.meta.url)

function readNamespace(lang: string, ns: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, localesDir), "utf8"))
}

describe("locale files", () => {
  it("give every catalogue code an English errors:<code> text equal to the catalogue's", () => {
    const errors = readNamespace("en", "errors")
    for (const [code, [, message]] of Object.entries(errorCatalogue)) expect(errors[code]).toBe(message)
    expect(Object.keys(errors).length).toBe(Object.keys(errorCatalogue).length)
  })

  it("keep every language's namespaces to the English keys", () => {
    const languages = readdirSync(localesDir)
    const namespaces = readdirSync(new URL("en/", localesDir)).map((file) => file.replace(/\.json$/, ""))
    for (const lang of languages) {
      for (const ns of namespaces) {
        const english = Object.keys(readNamespace("en", ns)).sort()
        expect(Object.keys(readNamespace(lang, ns)).sort(), `${lang}/${ns}`).toEqual(english)
      }
    }
  })

  it("ship exactly the spec's interface languages, each with every English namespace", () => {
    expect(readdirSync(localesDir).sort()).toEqual(["en", "ja", "zh-CN", "zh-TW"])
  })

  it("uses only non-empty string values and flat keys", () => {
    for (const lang of readdirSync(localesDir)) {
      for (const ns of ["app", "common", "errors"]) {
        for (const [key, value] of Object.entries(readNamespace(lang, ns))) {
          expect(typeof value, `${lang}/${ns}:${key}`).toBe("string")
          expect(value.trim(), `${lang}/${ns}:${key}`).not.toBe("")
        }
      }
    }
  })

  it("keep interpolation placeholders the same as English", () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()
    for (const lang of readdirSync(localesDir)) {
      for (const ns of ["app", "common"]) {
        const english = readNamespace("en", ns)
        for (const [key, value] of Object.entries(readNamespace(lang, ns))) {
          expect(placeholders(value), `${lang}/${ns}:${key}`).toEqual(placeholders(english[key] ?? ""))
        }
      }
    }
  })
})
