// The action-rule language, pure and in one place: which conditions are valid, which rules match an entry, how their
// results merge. The server runs it on arriving entries, the web client on recent entries to test draft rules before
// saving. Only the regular-expression engine differs, so each passes its own to createRuleLanguage: the server's
// (apps/server/src/services/action-rules.ts) runs repeating patterns on RE2, the browser's
// (apps/web/src/features/actions/rule-language.ts) refuses by reading the pattern what RE2 could not run.

import {
  ACTION_CONDITION_FIELDS,
  ACTION_OPERATORS,
  type ActionCondition,
  type ActionRule,
  type ActionSettings,
  type Attachment,
} from "./models.ts"

export const CONDITION_FIELDS = ACTION_CONDITION_FIELDS
export const OPERATORS = ACTION_OPERATORS
export const NUMERIC_FIELDS: ReadonlySet<string> = new Set(["view", "entry_media_length", "entry_attachments_duration"])
const NUMERIC_OPERATORS: ReadonlySet<string> = new Set(["eq", "not_eq", "gt", "lt"])

export type ConditionField = ActionCondition["field"]
export type Operator = ActionCondition["operator"]

/** Regexes are user input: short patterns, a bounded subject. */
export const REGEX_MAX_LENGTH = 300
export const REGEX_INPUT_MAX = 10_000

/** A compiled pattern; matching ignores case. */
export interface RegexMatcher {
  find(text: string): boolean
}

/** An engine: the pattern compiled case-insensitively, or an Error (its message says why) when it may not be used. */
export type CompileRegex = (pattern: string) => RegexMatcher

/** What the rules see of one entry as one subscriber receives it. */
export interface RuleSubject {
  view: number
  category: string | null
  feed: { title: string | null; url: string | null; siteUrl: string | null }
  entry: {
    title: string | null
    url: string | null
    author: string | null
    /** HTML; conditions see its plain text. */
    content: string | null
    media: readonly unknown[] | null
    attachments: readonly Attachment[] | null
  }
  /** "read" or "unread", plus "collected" when starred. */
  statuses: readonly string[]
  /**
   * The ids of the user's saved searches the entry matches, for rules that name one (the server finds them with
   * the search itself); absent, no saved search matches.
   */
  savedSearches?: readonly string[]
}

interface CompiledCondition {
  field: ConditionField
  operator: Operator
  /** The value lower-cased: text comparisons ignore case. */
  text: string
  number?: number
  regex?: RegexMatcher
}

export interface CompiledRule {
  groups: CompiledCondition[][]
  result: ActionSettings
}

export interface RuleLanguage {
  /** Why a pattern is refused, or undefined when it may be used. */
  regexProblem(pattern: string): string | undefined
  /** Why a condition is refused (field, operator and value together), or undefined. */
  conditionProblem(c: ActionCondition): { path: "operator" | "value"; message: string } | undefined
  /** Rules ready to run on many entries: disabled ones left out, conditions as groups, patterns compiled once. */
  compileRules(rules: readonly ActionRule[]): CompiledRule[]
}

// ---- what a valid condition is, and compiling

/** The language on one regular-expression engine; everything that does not compile patterns needs none. */
export function createRuleLanguage(compileRegex: CompileRegex): RuleLanguage {
  function regexProblem(pattern: string): string | undefined {
    if (pattern.length > REGEX_MAX_LENGTH) return `A regular expression may have at most ${REGEX_MAX_LENGTH} characters`
    try {
      compileRegex(pattern)
    } catch (error) {
      return `Invalid regular expression: ${(error as Error).message}`
    }
    return undefined
  }

  function conditionProblem(c: ActionCondition): { path: "operator" | "value"; message: string } | undefined {
    if (NUMERIC_FIELDS.has(c.field)) {
      if (!NUMERIC_OPERATORS.has(c.operator))
        return { path: "operator", message: `${c.field} takes only eq, not_eq, gt or lt` }
      if (numberOf(c.field, c.value) === undefined) return { path: "value", message: `${c.field} needs a number` }
      return undefined
    }
    if (c.operator === "gt" || c.operator === "lt")
      return {
        path: "operator",
        message: "gt and lt apply only to view, entry_media_length, entry_attachments_duration",
      }
    if (c.operator === "regex") {
      const problem = regexProblem(c.value)
      if (problem) return { path: "value", message: problem }
    }
    return undefined
  }

  function compileRules(rules: readonly ActionRule[]): CompiledRule[] {
    const compiled: CompiledRule[] = []
    for (const rule of rules) {
      if (rule.disabled || rule.result?.disabled || !Array.isArray(rule.condition)) continue
      const list: (ActionCondition | ActionCondition[])[] = rule.condition
      // No condition at all means the rule applies to every entry.
      const groups = list.some(Array.isArray) ? list.filter(Array.isArray) : [list as ActionCondition[]]
      const { disabled: _disabled, ...result } = rule.result
      compiled.push({ groups: groups.map((group) => group.map(compileCondition)), result })
    }
    return compiled
  }

  function compileCondition(c: ActionCondition): CompiledCondition {
    const value = String(c.value ?? "")
    const compiled: CompiledCondition = { field: c.field, operator: c.operator, text: value.toLowerCase() }
    if (NUMERIC_FIELDS.has(c.field)) compiled.number = numberOf(c.field, value)
    // A stored pattern that is now refused (broken or too complex) never matches rather than running.
    if (c.operator === "regex") compiled.regex = matcherOf(value)
    return compiled
  }

  /** The pattern compiled once, or undefined when regexProblem would refuse it. */
  function matcherOf(pattern: string): RegexMatcher | undefined {
    if (pattern.length > REGEX_MAX_LENGTH) return undefined
    try {
      return compileRegex(pattern)
    } catch {
      return undefined
    }
  }

  return { regexProblem, conditionProblem, compileRules }
}

/** A numeric condition's value: seconds for durations (number or time text), a plain number otherwise. */
function numberOf(field: string, value: string): number | undefined {
  if (field === "entry_attachments_duration") return parseDuration(value)
  const n = value.trim() === "" ? Number.NaN : Number(value)
  return Number.isFinite(n) ? n : undefined
}

// ---- evaluation

/** The saved searches the rules name (saved_search conditions' values), which the caller must match entries to. */
export function savedSearchesUsed(rules: readonly CompiledRule[]): Set<string> {
  const ids = rules.flatMap((rule) =>
    rule.groups.flatMap((group) => group.filter((c) => c.field === "saved_search").map((c) => c.text)),
  )
  return new Set(ids)
}

/** The fields the rules read, so callers load only what is needed (content, categories). */
export function fieldsUsed(rules: readonly CompiledRule[]): Set<ConditionField> {
  return new Set(rules.flatMap((rule) => rule.groups.flatMap((group) => group.map((c) => c.field))))
}

/** The rules whose condition holds for the subject; fields are read once for all of them (content is long). */
export function matchingRules(rules: readonly CompiledRule[], subject: RuleSubject): CompiledRule[] {
  const read = fieldReader(subject)
  return rules.filter((rule) => rule.groups.some((group) => group.every((c) => holds(c, read(c.field)))))
}

/** The merged result of every rule whose condition holds, or undefined when none does. */
export function evaluateRules(rules: readonly CompiledRule[], subject: RuleSubject): ActionSettings | undefined {
  const matched = matchingRules(rules, subject)
  return matched.length ? mergeResults(matched.map((rule) => rule.result)) : undefined
}

const FLAGS = ["summary", "readability", "sourceContent", "silence", "block", "star", "newEntryNotification"] as const

/** Booleans OR-ed, lists concatenated (webhooks once each), the last translation wins. */
export function mergeResults(results: readonly ActionSettings[]): ActionSettings {
  const merged: ActionSettings = {}
  for (const r of results) {
    for (const flag of FLAGS) if (r[flag] !== undefined) merged[flag] = merged[flag] === true || r[flag] === true
    if (r.translation !== undefined) merged.translation = r.translation
    if (r.rewriteRules?.length) merged.rewriteRules = [...(merged.rewriteRules ?? []), ...r.rewriteRules]
    if (r.blockRules?.length) merged.blockRules = [...(merged.blockRules ?? []), ...r.blockRules]
    if (r.webhooks?.length) merged.webhooks = [...new Set([...(merged.webhooks ?? []), ...r.webhooks])]
  }
  return merged
}

/** Text fields as lower-cased lists (status can hold several words), numeric fields as numbers. */
type FieldValue = number | readonly string[]

function fieldReader(subject: RuleSubject): (field: ConditionField) => FieldValue {
  const memo = new Map<ConditionField, FieldValue>()
  return (field) => {
    const known = memo.get(field)
    if (known !== undefined) return known
    const value = fieldValue(subject, field)
    memo.set(field, value)
    return value
  }
}

const TEXT_FIELDS: Partial<Record<ConditionField, (s: RuleSubject) => string | null>> = {
  title: (s) => s.feed.title,
  site_url: (s) => s.feed.siteUrl,
  feed_url: (s) => s.feed.url,
  category: (s) => s.category,
  entry_title: (s) => s.entry.title,
  entry_url: (s) => s.entry.url,
  entry_author: (s) => s.entry.author,
  entry_content: (s) => htmlText(s.entry.content),
}

function fieldValue(s: RuleSubject, field: ConditionField): FieldValue {
  if (field === "view") return s.view
  if (field === "entry_media_length") return s.entry.media?.length ?? 0
  if (field === "entry_attachments_duration") return longestAttachment(s.entry.attachments)
  if (field === "status") return s.statuses.map((word) => word.toLowerCase())
  if (field === "saved_search") return s.savedSearches ?? []
  return [(TEXT_FIELDS[field]?.(s) ?? "").toLowerCase()]
}

function holds(c: CompiledCondition, value: FieldValue): boolean {
  if (typeof value === "number") {
    if (c.number === undefined) return false
    if (c.operator === "eq") return value === c.number
    if (c.operator === "not_eq") return value !== c.number
    if (c.operator === "gt") return value > c.number
    return c.operator === "lt" && value < c.number
  }
  switch (c.operator) {
    case "contains":
      return value.some((v) => v.includes(c.text))
    case "not_contains":
      return !value.some((v) => v.includes(c.text))
    case "eq":
      return value.some((v) => v === c.text)
    case "not_eq":
      return !value.some((v) => v === c.text)
    case "regex":
      return value.some((v) => c.regex?.find(v.slice(0, REGEX_INPUT_MAX)) ?? false)
    default:
      return false
  }
}

/** Seconds of the longest attachment; durations are numbers or "h:mm:ss" / "mm:ss" / "m:ss" text. */
export function longestAttachment(attachments: readonly Attachment[] | null): number {
  let longest = 0
  for (const a of attachments ?? []) longest = Math.max(longest, parseDuration(a.duration_in_seconds) ?? 0)
  return longest
}

/** itunes:duration: "h:mm:ss", "mm:ss", "m:ss" or plain seconds; undefined when unreadable. */
export function parseDuration(value: number | string | null | undefined): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined
  const v = value?.trim()
  if (!v) return undefined
  if (/^\d+(?:\.\d+)?$/.test(v)) return Math.round(Number(v))
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\.\d+)?$/.exec(v)
  if (!m) return undefined
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3])
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }

/** Plain text of stored (sanitised) HTML, cheaply: tags become spaces, common entities are decoded. */
export function htmlText(html: string | null): string {
  if (!html) return ""
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    })
    .replace(/\s+/g, " ")
    .trim()
}
