import { readdirSync, readFileSync } from "node:fs"
import { errorCatalogue } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { namespaces } from "./resources.ts"

const localesDir = new URL("./locales/", import.meta.url)

/** Every namespace English has (app, common, errors, views, …): the checks below cover each one. */
const allNamespaces = () => readdirSync(new URL("en/", localesDir)).map((file) => file.replace(/\.json$/, ""))

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
    for (const lang of languages) {
      for (const ns of allNamespaces()) {
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
      for (const ns of allNamespaces()) {
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
      for (const ns of allNamespaces()) {
        const english = readNamespace("en", ns)
        for (const [key, value] of Object.entries(readNamespace(lang, ns))) {
          expect(placeholders(value), `${lang}/${ns}:${key}`).toEqual(placeholders(english[key] ?? ""))
        }
      }
    }
  })
})

describe("the namespaces checked", () => {
  it("include views and every namespace the client loads", () => {
    expect(allNamespaces()).toContain("views")
    for (const ns of namespaces) expect(allNamespaces()).toContain(ns)
  })
})
