// The action-rule language as the server runs it (apps/server/src/services/action-rules.ts), for testing draft rules
// against recent entries before saving. Keep the two in step: rule-language.test.ts repeats the server's cases.
// One difference by necessity: the server runs repeating patterns on RE2 and the browser has only its own engine,
// so here refusing what RE2 cannot run (look-around, back-references) is done by reading the pattern.
import {
  ACTION_CONDITION_FIELDS,
  ACTION_OPERATORS,
  type ActionCondition,
  type ActionRule,
  type ActionSettings,
  type Attachment,
  type EntryListItem,
} from "@tidings/shared"

export const CONDITION_FIELDS = ACTION_CONDITION_FIELDS
export const OPERATORS = ACTION_OPERATORS
export const NUMERIC_FIELDS: ReadonlySet<string> = new Set(["view", "entry_media_length", "entry_attachments_duration"])
const NUMERIC_OPERATORS: ReadonlySet<string> = new Set(["eq", "not_eq", "gt", "lt"])

export type ConditionField = ActionCondition["field"]
export type Operator = ActionCondition["operator"]
export type Condition = ActionCondition
export type RuleResult = ActionSettings
export type { ActionRule }

export const REGEX_MAX_LENGTH = 300
export const REGEX_INPUT_MAX = 10_000

/** The operators a field takes: numbers compare, text matches. */
export function operatorsFor(field: ConditionField): readonly Operator[] {
  return NUMERIC_FIELDS.has(field)
    ? ["eq", "not_eq", "gt", "lt"]
    : ["contains", "not_contains", "eq", "not_eq", "regex"]
}

// ---- what a valid condition is

/** Constructs RE2 refuses though JavaScript accepts them: look-around and back-references (numbered or named). */
const RE2_UNSUPPORTED = /\(\?<?[=!]|\\[1-9]|\\k</

export function regexProblem(pattern: string): string | undefined {
  if (pattern.length > REGEX_MAX_LENGTH) return `A regular expression may have at most ${REGEX_MAX_LENGTH} characters`
  try {
    new RegExp(pattern, "i")
  } catch (error) {
    return `Invalid regular expression: ${(error as Error).message}`
  }
  if (RE2_UNSUPPORTED.test(outsideClasses(pattern))) return "Invalid regular expression: look-around or back-reference"
  return undefined
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

export function parseDuration(value: number | string | null | undefined): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined
  const v = value?.trim()
  if (!v) return undefined
  if (/^\d+(?:\.\d+)?$/.test(v)) return Math.round(Number(v))
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\.\d+)?$/.exec(v)
  if (!m) return undefined
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3])
}

function numberOf(field: string, value: string): number | undefined {
  if (field === "entry_attachments_duration") return parseDuration(value)
  const n = value.trim() === "" ? Number.NaN : Number(value)
  return Number.isFinite(n) ? n : undefined
}

export function conditionProblem(c: Condition): { path: "operator" | "value"; message: string } | undefined {
  if (NUMERIC_FIELDS.has(c.field)) {
    if (!NUMERIC_OPERATORS.has(c.operator))
      return { path: "operator", message: `${c.field} takes only eq, not_eq, gt or lt` }
    if (numberOf(c.field, c.value) === undefined) return { path: "value", message: `${c.field} needs a number` }
    return undefined
  }
  if (c.operator === "gt" || c.operator === "lt")
    return { path: "operator", message: "gt and lt apply only to view, entry_media_length, entry_attachments_duration" }
  if (c.operator === "regex") {
    const problem = regexProblem(c.value)
    if (problem) return { path: "value", message: problem }
  }
  return undefined
}

// ---- evaluation

export interface RuleSubject {
  view: number
  category: string | null
  feed: { title: string | null; url: string | null; siteUrl: string | null }
  entry: {
    title: string | null
    url: string | null
    author: string | null
    content: string | null
    media: readonly unknown[] | null
    attachments: readonly Attachment[] | null
  }
  statuses: readonly string[]
}

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

interface CompiledCondition {
  field: ConditionField
  operator: Operator
  text: string
  number?: number
  regex?: RegExp
}

export interface CompiledRule {
  groups: CompiledCondition[][]
  result: RuleResult
}

export function compileRules(rules: readonly ActionRule[]): CompiledRule[] {
  const compiled: CompiledRule[] = []
  for (const rule of rules) {
    if (rule.disabled || rule.result?.disabled || !Array.isArray(rule.condition)) continue
    const list: (Condition | Condition[])[] = rule.condition
    const groups = list.some(Array.isArray) ? list.filter(Array.isArray) : [list as Condition[]]
    const { disabled: _disabled, ...result } = rule.result
    compiled.push({ groups: groups.map((group) => group.map(compileCondition)), result })
  }
  return compiled
}

function compileCondition(c: Condition): CompiledCondition {
  const value = String(c.value ?? "")
  const compiled: CompiledCondition = { field: c.field, operator: c.operator, text: value.toLowerCase() }
  if (NUMERIC_FIELDS.has(c.field)) compiled.number = numberOf(c.field, value)
  if (c.operator === "regex" && !regexProblem(value)) compiled.regex = new RegExp(value, "i")
  return compiled
}

export function fieldsUsed(rules: readonly CompiledRule[]): Set<ConditionField> {
  return new Set(rules.flatMap((rule) => rule.groups.flatMap((group) => group.map((c) => c.field))))
}

/** The rules whose condition holds for the subject; fields are read once for all of them (content is long). */
export function matchingRules(rules: readonly CompiledRule[], subject: RuleSubject): CompiledRule[] {
  const read = fieldReader(subject)
  return rules.filter((rule) => rule.groups.some((group) => group.every((c) => holds(c, read(c.field)))))
}

export function evaluateRules(rules: readonly CompiledRule[], subject: RuleSubject): RuleResult | undefined {
  const matched = matchingRules(rules, subject)
  return matched.length ? mergeResults(matched.map((rule) => rule.result)) : undefined
}

const FLAGS = ["summary", "readability", "sourceContent", "silence", "block", "star", "newEntryNotification"] as const

export function mergeResults(results: readonly RuleResult[]): RuleResult {
  const merged: RuleResult = {}
  for (const r of results) {
    for (const flag of FLAGS) if (r[flag] !== undefined) merged[flag] = merged[flag] === true || r[flag] === true
    if (r.translation !== undefined) merged.translation = r.translation
    if (r.rewriteRules?.length) merged.rewriteRules = [...(merged.rewriteRules ?? []), ...r.rewriteRules]
    if (r.blockRules?.length) merged.blockRules = [...(merged.blockRules ?? []), ...r.blockRules]
    if (r.webhooks?.length) merged.webhooks = [...new Set([...(merged.webhooks ?? []), ...r.webhooks])]
  }
  return merged
}

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
      return value.some((v) => c.regex?.test(v.slice(0, REGEX_INPUT_MAX)) ?? false)
    default:
      return false
  }
}

export function longestAttachment(attachments: readonly Attachment[] | null): number {
  let longest = 0
  for (const a of attachments ?? []) longest = Math.max(longest, parseDuration(a.duration_in_seconds) ?? 0)
  return longest
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }

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
