// The action-rule language as the server runs it: the language itself lives in packages/shared (action-rules.ts),
// shared with the web client; here are its regular-expression engine and the subject of a stored row.

import { createRuleLanguage, type RegexMatcher, type RuleSubject } from "@tidings/shared"
import { RE2JS } from "re2js"

/**
 * Regexes are user input run on the server, so never a backtracking engine on a pattern that could backtrack badly.
 * Both engines must accept a pattern: RE2 has no look-around or back-references, and those are refused here.
 * Patterns without unbounded or counted repetition cannot backtrack much, so they run on the fast built-in engine;
 * any other pattern runs on RE2 (re2js), whose time grows linearly with the text whatever the pattern, so even
 * `.*.*.*z` or `(a+)+` costs microseconds per kilobyte instead of seconds.
 */
function compileMatcher(pattern: string): RegexMatcher {
  const re2 = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)
  const native = new RegExp(pattern, "i")
  if (!repeats(pattern)) return { find: (text) => native.test(text) }
  return { find: (text) => re2.matcher(text).find() }
}

/** Whether the pattern has *, + or {…} outside character classes and escapes. */
function repeats(pattern: string): boolean {
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]
    if (ch === "\\") i++
    else if (inClass) inClass = ch !== "]"
    else if (ch === "[") inClass = true
    else if (ch === "*" || ch === "+" || ch === "{") return true
  }
  return false
}

export const { regexProblem, conditionProblem, compileRules } = createRuleLanguage(compileMatcher)

/** The same view of an entry for every caller: a stored row as it arrives, a list item on entry pages. */
export function subjectOf(
  entry: Pick<RuleSubject["entry"], "title" | "url" | "author" | "media" | "attachments">,
  feed: RuleSubject["feed"],
  view: number,
  category: string | null,
  content: string | null,
  statuses: string[],
): RuleSubject {
  const { title, url, author, media, attachments } = entry
  return {
    view,
    category,
    feed: { title: feed.title, url: feed.url, siteUrl: feed.siteUrl },
    entry: { title, url, author, content, media, attachments },
    statuses,
  }
}
