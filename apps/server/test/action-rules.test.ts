// The action-rule language on the server's engine: the language's cases (shared with the web client's engine, in
// packages/shared/test/action-rules.cases.ts), then what only RE2 promises.
import { type ActionRule, evaluateRules } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { cond, describeRuleLanguage, rule, subject } from "../../../packages/shared/test/action-rules.cases.ts"
import { compileRules, conditionProblem, regexProblem } from "../src/services/action-rules.ts"

const run = (rules: ActionRule[], s = subject()) => evaluateRules(compileRules(rules), s)

describeRuleLanguage("the server's engine (RE2 for repeating patterns)", {
  regexProblem,
  conditionProblem,
  compileRules,
})

describe("the server's engine", () => {
  it("runs patterns that would backtrack catastrophically in linear time", () => {
    const long = `${"a".repeat(9_000)}!`
    for (const evil of ["(a+)+$", "(a*)*b", ".*.*.*.*z", "(a|aa)+c", "(.*a){12}x", "a*b"]) {
      const started = performance.now()
      expect(
        run([rule([cond("entry_title", "regex", evil)], { star: true })], subject({ title: long })),
        evil,
      ).toBeUndefined()
      expect(performance.now() - started, evil).toBeLessThan(500)
    }
    expect(run([rule([cond("entry_title", "regex", "^(a+)+$")], { star: true })], subject({ title: "aaaa" }))).toEqual({
      star: true,
    })
  })
})
