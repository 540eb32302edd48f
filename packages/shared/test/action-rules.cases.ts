// The action-rule language's cases, once for both engines: apps/server/test/action-rules.test.ts runs them on the
// server's RE2-backed matcher, apps/web/src/features/actions/rule-language.test.ts on the browser's RegExp one. Cases
// about one engine alone (RE2's linear time, the browser's reading of patterns) stay in those files.
import { describe, expect, it } from "vitest"
import {
  type ActionCondition,
  type ActionRule,
  evaluateRules,
  fieldsUsed,
  htmlText,
  longestAttachment,
  mergeResults,
  REGEX_INPUT_MAX,
  type RuleLanguage,
  type RuleSubject,
} from "../src/index.ts"

type Condition = ActionCondition

export function subject(overrides: Partial<RuleSubject["entry"]> = {}, more: Partial<RuleSubject> = {}): RuleSubject {
  return {
    view: 0,
    category: "Tech",
    feed: { title: "Example Feed", url: "https://example.com/feed.xml", siteUrl: "https://example.com/" },
    entry: {
      title: "Hello World",
      url: "https://example.com/posts/1",
      author: "Ada",
      content: "<p>First <b>paragraph</b></p><p>Second&nbsp;one &amp; more</p>",
      media: null,
      attachments: null,
      ...overrides,
    },
    statuses: ["unread"],
    ...more,
  }
}

export const cond = (field: Condition["field"], operator: Condition["operator"], value: string): Condition => ({
  field,
  operator,
  value,
})
export const rule = (
  condition: ActionRule["condition"],
  result: ActionRule["result"],
  disabled?: boolean,
): ActionRule => ({
  name: "r",
  condition,
  result,
  ...(disabled === undefined ? {} : { disabled }),
})

/** Every case of the language, on the engine `language` was created with. */
export function describeRuleLanguage(engine: string, language: RuleLanguage): void {
  const { compileRules, conditionProblem, regexProblem } = language
  const run = (rules: ActionRule[], s = subject()) => evaluateRules(compileRules(rules), s)

  describe(`the rule language on ${engine}`, () => {
    describe("regular expressions on save", () => {
      it("accepts ordinary patterns", () => {
        for (const ok of ["^hello", "(foo)+", "a+b+c*", "[(a+)]+", "\\(a+\\)+", "(ab)?", "(a+)?", "(a+){1}", "(?:x|y)"])
          expect(regexProblem(ok), ok).toBeUndefined()
      })

      it("refuses broken and long patterns, and ones RE2 cannot run (look-around, back-references)", () => {
        expect(regexProblem("(unclosed")).toMatch(/Invalid regular expression/)
        expect(regexProblem("a".repeat(301))).toMatch(/at most 300/)
        expect(regexProblem("(?<=a)b")).toMatch(/Invalid regular expression/)
        expect(regexProblem("(a)\\1")).toMatch(/Invalid regular expression/)
        expect(regexProblem("(foo|bar)+ baz")).toBeUndefined()
      })

      it("matches repeating patterns", () => {
        expect(
          run([rule([cond("entry_title", "regex", "^(a+)+$")], { star: true })], subject({ title: "aaaa" })),
        ).toEqual({
          star: true,
        })
        expect(
          run([rule([cond("entry_title", "regex", "(a+)+$")], { star: true })], subject({ title: "b!" })),
        ).toBeUndefined()
      })

      it("judges a condition's field, operator and value together", () => {
        expect(conditionProblem(cond("entry_title", "gt", "3"))?.path).toBe("operator")
        expect(conditionProblem(cond("view", "contains", "1"))?.path).toBe("operator")
        expect(conditionProblem(cond("entry_media_length", "gt", "many"))?.path).toBe("value")
        expect(conditionProblem(cond("entry_attachments_duration", "gt", "1:30"))).toBeUndefined()
        expect(conditionProblem(cond("entry_title", "regex", "(?=a)"))?.path).toBe("value")
        expect(conditionProblem(cond("status", "eq", "collected"))).toBeUndefined()
      })
    })

    describe("matching", () => {
      it("Cond[] needs every condition; Cond[][] needs any group", () => {
        const all = [cond("entry_title", "contains", "hello"), cond("entry_author", "eq", "bob")]
        expect(run([rule(all, { star: true })])).toBeUndefined()
        expect(run([rule([all, [cond("category", "eq", "tech")]], { star: true })])).toEqual({ star: true })
        expect(run([rule([all], { star: true })])).toBeUndefined()
      })

      it("an empty condition matches every entry; disabled rules never match", () => {
        expect(run([rule([], { summary: true })])).toEqual({ summary: true })
        expect(run([rule([], { summary: true }, true)])).toBeUndefined()
        expect(run([rule([], { summary: true, disabled: true })])).toBeUndefined()
      })

      it("compares text without regard to case", () => {
        expect(run([rule([cond("entry_title", "eq", "HELLO world")], { star: true })])).toBeDefined()
        expect(run([rule([cond("entry_title", "not_eq", "hello WORLD")], { star: true })])).toBeUndefined()
        expect(run([rule([cond("title", "contains", "example")], { star: true })])).toBeDefined()
        expect(run([rule([cond("entry_author", "not_contains", "ADA")], { star: true })])).toBeUndefined()
        expect(run([rule([cond("feed_url", "regex", "FEED\\.xml$")], { star: true })])).toBeDefined()
        expect(run([rule([cond("site_url", "eq", "https://example.com/")], { star: true })])).toBeDefined()
        expect(run([rule([cond("entry_url", "contains", "/posts/")], { star: true })])).toBeDefined()
      })

      it("reads entry_content as plain text", () => {
        expect(htmlText("<p>First <b>paragraph</b></p><p>Second&nbsp;one &amp; more &#233;&#x4e2d;</p>")).toBe(
          "First paragraph Second one & more é中",
        )
        expect(run([rule([cond("entry_content", "contains", "first paragraph")], { star: true })])).toBeDefined()
        expect(run([rule([cond("entry_content", "contains", "<b>")], { star: true })])).toBeUndefined()
        expect(run([rule([cond("entry_content", "contains", "one & more")], { star: true })])).toBeDefined()
      })

      it("runs patterns on the first 10,000 characters only", () => {
        const long = subject({ title: `${"x".repeat(REGEX_INPUT_MAX)}needle` })
        expect(run([rule([cond("entry_title", "regex", "needle")], { star: true })], long)).toBeUndefined()
        expect(run([rule([cond("entry_title", "contains", "needle")], { star: true })], long)).toBeDefined()
      })

      it("compares numbers: view, media count, the longest attachment in seconds", () => {
        const media = [
          { url: "a", type: "photo" as const },
          { url: "b", type: "photo" as const },
        ]
        const attachments = [
          { url: "x", duration_in_seconds: "1:02:03" },
          { url: "y", duration_in_seconds: 90 },
          { url: "z", duration_in_seconds: "4:05" },
        ]
        expect(longestAttachment(attachments)).toBe(3723)
        expect(longestAttachment([{ url: "m", duration_in_seconds: "9:05" }])).toBe(545)
        const s = subject({ media, attachments }, { view: 3 })
        expect(run([rule([cond("entry_media_length", "gt", "1")], { star: true })], s)).toBeDefined()
        expect(run([rule([cond("entry_media_length", "lt", "2")], { star: true })], s)).toBeUndefined()
        expect(run([rule([cond("entry_attachments_duration", "gt", "1:00:00")], { star: true })], s)).toBeDefined()
        expect(run([rule([cond("entry_attachments_duration", "lt", "3600")], { star: true })], s)).toBeUndefined()
        expect(run([rule([cond("view", "eq", "3")], { star: true })], s)).toBeDefined()
        expect(run([rule([cond("view", "not_eq", "3")], { star: true })], s)).toBeUndefined()
        expect(run([rule([cond("entry_media_length", "eq", "0")], { star: true })])).toBeDefined()
      })

      it("status holds read or unread, and collected for starred entries", () => {
        const starred = subject({}, { statuses: ["read", "collected"] })
        expect(run([rule([cond("status", "eq", "collected")], { star: true })], starred)).toBeDefined()
        expect(run([rule([cond("status", "eq", "collected")], { star: true })])).toBeUndefined()
        expect(run([rule([cond("status", "not_eq", "read")], { star: true })])).toBeDefined()
      })

      it("a stored pattern that is now refused never matches instead of running", () => {
        expect(run([rule([cond("entry_title", "regex", "(?=h)")], { star: true })])).toBeUndefined()
      })

      it("names the fields the rules read", () => {
        const rules = compileRules([
          rule([[cond("category", "eq", "x")], [cond("entry_content", "contains", "y")]], {}),
        ])
        expect([...fieldsUsed(rules)].sort()).toEqual(["category", "entry_content"])
      })
    })

    describe("merging results", () => {
      it("ORs booleans, concatenates lists, keeps the last translation", () => {
        const merged = mergeResults([
          { summary: true, silence: false, translation: "ja", webhooks: ["https://a.example/"], rewriteRules: [] },
          { silence: true, summary: false, translation: "en", webhooks: ["https://a.example/", "https://b.example/"] },
          { rewriteRules: [{ from: "x", to: "y" }], readability: false },
        ])
        expect(merged).toEqual({
          summary: true,
          silence: true,
          readability: false,
          translation: "en",
          webhooks: ["https://a.example/", "https://b.example/"],
          rewriteRules: [{ from: "x", to: "y" }],
        })
      })

      it("merges every matching rule and leaves `disabled` out", () => {
        const result = run([
          rule([cond("entry_title", "contains", "hello")], { block: true, disabled: false }),
          rule([cond("entry_title", "contains", "nothing")], { star: true }),
          rule([], { translation: "zh-CN" }),
        ])
        expect(result).toEqual({ block: true, translation: "zh-CN" })
      })

      it("is fast: 100 rules on 1,000 entries with long content", () => {
        const rules = compileRules(
          Array.from({ length: 100 }, (_, i) =>
            rule([[cond("entry_content", "regex", `word${i}\\b`)], [cond("entry_title", "contains", `t${i}`)]], {
              star: true,
            }),
          ),
        )
        const body = `<p>${"lorem ipsum dolor ".repeat(600)}</p>`
        // CPU time, not the clock: the suites run in parallel on two cores, and a clock shared with another file
        // measures that file too (2.3 s once, for 0.7 s of work). The best of up to three runs all the same.
        const cpuMs = () => {
          const { user, system } = process.cpuUsage()
          return (user + system) / 1000
        }
        let best = Number.POSITIVE_INFINITY
        for (let run = 0; run < 3 && best >= 2000; run++) {
          const started = cpuMs()
          for (let i = 0; i < 1000; i++) evaluateRules(rules, subject({ title: `entry ${i}`, content: body }))
          best = Math.min(best, cpuMs() - started)
        }
        expect(best).toBeLessThan(2000)
      })
    })
  })
}
