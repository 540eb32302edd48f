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

  it("uses only string values and flat keys", () => {
    for (const ns of ["app", "common", "errors"]) {
      for (const value of Object.values(readNamespace("en", ns))) expect(typeof value).toBe("string")
    }
  })
})
