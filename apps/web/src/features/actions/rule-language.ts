// The action-rule language as the browser runs it, for testing draft rules against recent entries before saving.
// The language itself lives in packages/shared (action-rules.ts), shared with the server; here is the browser's
// regular-expression engine and what only the editor needs. One difference by necessity: the server runs repeating
// patterns on RE2 and the browser has only its own engine, so here refusing what RE2 cannot run (look-around,
// back-references) is done by reading the pattern.
import {
  type ConditionField,
  createRuleLanguage,
  type EntryListItem,
  NUMERIC_FIELDS,
  type Operator,
  type RegexMatcher,
  type RuleSubject,
} from "@tidings/shared"

/** The operators a field takes: numbers compare, text matches, a saved search is matched or not. */
export function operatorsFor(field: ConditionField): readonly Operator[] {
  if (field === "saved_search") return ["eq", "not_eq"]
  return NUMERIC_FIELDS.has(field)
    ? ["eq", "not_eq", "gt", "lt"]
    : ["contains", "not_contains", "eq", "not_eq", "regex"]
}

// ---- the browser's engine

/** Constructs RE2 refuses though JavaScript accepts them: look-around and back-references (numbered or named). */
const RE2_UNSUPPORTED = /\(\?<?[=!]|\\[1-9]|\\k</

function compileMatcher(pattern: string): RegexMatcher {
  const regex = new RegExp(pattern, "i")
  if (RE2_UNSUPPORTED.test(outsideClasses(pattern))) throw new Error("look-around or back-reference")
  return { find: (text) => regex.test(text) }
}

/** The pattern with character classes blanked, so `[(?=]` is not taken for look-ahead; escapes are kept. */
function outsideClasses(pattern: string): string {
  let out = ""
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]
    if (ch === "\\") {
      // Only escapes that are back-references matter; any other one must not look like a group opening.
      if (!inClass) out += /[1-9k]/.test(pattern[i + 1] ?? "") ? pattern.slice(i, i + 2) : "__"
      i++
    } else if (inClass) inClass = ch !== "]"
    else if (ch === "[") inClass = true
    else out += ch
  }
  return out
}

export const { regexProblem, conditionProblem, compileRules } = createRuleLanguage(compileMatcher)

/** An entry list item as the server's addEntrySettings sees it. */
export function subjectOfItem(item: EntryListItem, category: string | null): RuleSubject {
  const { title, url, author, media, attachments, content } = item.entries
  return {
    view: item.view,
    category,
    feed: { title: item.feeds.title, url: item.feeds.url, siteUrl: item.feeds.siteUrl },
    entry: { title, url, author, content: content ?? null, media, attachments },
    statuses: [item.read ? "read" : "unread", ...(item.collections ? ["collected"] : [])],
  }
}
