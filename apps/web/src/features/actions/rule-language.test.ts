// The action-rule language on the browser's engine: the language's cases (shared with the server's engine, in
// packages/shared/test/action-rules.cases.ts), then what only the browser's copy does.
import type { EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { describeRuleLanguage } from "../../../../../packages/shared/test/action-rules.cases.ts"
import { compileRules, conditionProblem, regexProblem, subjectOfItem } from "./rule-language.ts"

describeRuleLanguage("the browser's engine (RegExp, refusing what RE2 cannot run)", {
  regexProblem,
  conditionProblem,
  compileRules,
})

describe("the browser's own parts", () => {
  it("reads look-around and back-references from the pattern, not from character classes or escapes", () => {
    for (const refused of ["(?!a)b", "(?<!a)b", "(?<name>a)\\k<name>", "(a)(b)\\2"])
      expect(regexProblem(refused), refused).toMatch(/Invalid regular expression/)
    for (const ok of ["[(?=]x", "\\(?=", "a\\\\1", "(?<year>\\d{4})", "[\\1]"])
      expect(regexProblem(ok), ok).toBeUndefined()
  })

  it("sees a list item's read and starred state as statuses", () => {
    const item = {
      entries: { title: "T", url: null, author: null, media: null, attachments: null, content: "<p>body</p>" },
      feeds: { title: "F", url: "https://f.example/rss", siteUrl: null },
      read: true,
      view: 2,
      from: ["feed"],
      collections: { createdAt: "2026-01-01T00:00:00.000Z" },
    } as unknown as EntryListItem
    expect(subjectOfItem(item, "News")).toMatchObject({
      view: 2,
      category: "News",
      statuses: ["read", "collected"],
      entry: { content: "<p>body</p>" },
    })
  })
})
