// The editor's working copy of the rule list: rules as the server stores them (PUT /actions) turned into rows the
// form can key and edit, back again, and what is wrong with a draft before it is sent.
import {
  type ActionRule,
  type ActionCondition as Condition,
  type ConditionField,
  NUMERIC_FIELDS,
  type Operator,
  type ActionSettings as RuleResult,
} from "@tidings/shared"
import { conditionProblem, operatorsFor } from "./rule-language.ts"

export const TRANSLATION_LANGUAGES = ["en", "ja", "zh-CN", "zh-TW"] as const
/** Result switches, in the order the editor shows them. */
export const RESULT_FLAGS = [
  "block",
  "silence",
  "star",
  "newEntryNotification",
  "summary",
  "readability",
  "sourceContent",
] as const
export type ResultFlag = (typeof RESULT_FLAGS)[number]

export interface DraftCondition extends Condition {
  key: string
}

export interface DraftRule {
  key: string
  name: string
  enabled: boolean
  /** Any group may match; within a group every condition must hold. */
  groups: DraftCondition[][]
  flags: Record<ResultFlag, boolean>
  /** "" off, "auto" the reader's own language (the wire's `true`), or a language code. */
  translation: string
  rewriteRules: { key: string; from: string; to: string }[]
  webhooks: { key: string; url: string }[]
  /** The official client's older block form: kept as it came, not edited here. */
  blockRules?: RuleResult["blockRules"]
}

let counter = 0
export const newKey = () => `k${++counter}`

export function newCondition(field: ConditionField = "entry_title"): DraftCondition {
  return { key: newKey(), field, operator: operatorsFor(field)[0] ?? "contains", value: "" }
}

export function newRule(name = ""): DraftRule {
  return {
    key: newKey(),
    name,
    enabled: true,
    groups: [[newCondition()]],
    flags: Object.fromEntries(RESULT_FLAGS.map((flag) => [flag, false])) as Record<ResultFlag, boolean>,
    translation: "",
    rewriteRules: [],
    webhooks: [],
  }
}

export function toDraft(rule: ActionRule): DraftRule {
  const list: (Condition | Condition[])[] = Array.isArray(rule.condition) ? rule.condition : []
  const groups = list.some(Array.isArray) ? list.filter(Array.isArray) : [list as Condition[]]
  const result = rule.result ?? {}
  const draft = newRule(rule.name ?? "")
  draft.enabled = !(rule.disabled || result.disabled)
  draft.groups = groups
    .map((group) => group.map((c) => ({ key: newKey(), field: c.field, operator: c.operator, value: String(c.value) })))
    .filter((group) => group.length)
  for (const flag of RESULT_FLAGS) draft.flags[flag] = result[flag] === true
  draft.translation =
    result.translation === true ? "auto" : typeof result.translation === "string" ? result.translation : ""
  draft.rewriteRules = (result.rewriteRules ?? []).map((r) => ({ key: newKey(), from: r.from, to: r.to }))
  draft.webhooks = (result.webhooks ?? []).map((url) => ({ key: newKey(), url }))
  if (result.blockRules?.length) draft.blockRules = result.blockRules
  return draft
}

/** The wire form: one group is sent flat (`Cond[]`), several as `Cond[][]`; a disabled rule says so in its result,
 * where the official client looks. */
export function toRule(draft: DraftRule): ActionRule {
  const groups = draft.groups
    .map((group) => group.map(({ field, operator, value }) => ({ field, operator, value: value.trim() })))
    .filter((group) => group.length)
  const result: RuleResult = {}
  for (const flag of RESULT_FLAGS) if (draft.flags[flag]) result[flag] = true
  if (draft.translation) result.translation = draft.translation === "auto" ? true : (draft.translation as "en")
  if (draft.rewriteRules.length) result.rewriteRules = draft.rewriteRules.map(({ from, to }) => ({ from, to }))
  const webhooks = draft.webhooks.map((w) => w.url.trim()).filter(Boolean)
  if (webhooks.length) result.webhooks = webhooks
  if (draft.blockRules) result.blockRules = draft.blockRules
  if (!draft.enabled) result.disabled = true
  return { name: draft.name.trim(), condition: groups.length === 1 ? (groups[0] ?? []) : groups, result }
}

export type ProblemCode = "name" | "value_empty" | "number" | "regex" | "operator" | "rewrite_from" | "webhook"

/** What is wrong, keyed by the row it belongs to (a rule's key for its name, a condition's, a webhook's…). */
export type DraftProblems = Map<string, { code: ProblemCode; detail?: string }>

export function draftProblems(rules: readonly DraftRule[]): DraftProblems {
  const problems: DraftProblems = new Map()
  for (const rule of rules) {
    if (!rule.name.trim()) problems.set(rule.key, { code: "name" })
    for (const c of rule.groups.flat()) {
      const problem = conditionRowProblem(c)
      if (problem) problems.set(c.key, problem)
    }
    for (const r of rule.rewriteRules) if (!r.from) problems.set(r.key, { code: "rewrite_from" })
    for (const w of rule.webhooks) if (w.url.trim() && !isWebUrl(w.url.trim())) problems.set(w.key, { code: "webhook" })
  }
  return problems
}

function conditionRowProblem(c: Condition): { code: ProblemCode; detail?: string } | undefined {
  if (!c.value.trim()) return { code: "value_empty" }
  const problem = conditionProblem({ ...c, value: c.value.trim() })
  if (!problem) return undefined
  if (problem.path === "operator") return { code: "operator" }
  if (NUMERIC_FIELDS.has(c.field)) return { code: "number" }
  return { code: "regex", detail: problem.message.replace(/^Invalid regular expression: /, "") }
}

function isWebUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)
}

/** A field change keeps the operator when the new field takes it, else the field's first one. */
export function withField(c: DraftCondition, field: ConditionField): DraftCondition {
  const operators = operatorsFor(field)
  const operator: Operator = operators.includes(c.operator) ? c.operator : (operators[0] ?? "contains")
  // A saved search's value is its id, picked from a list: typed text means nothing there, nor an id elsewhere.
  const picked = field === "saved_search" || c.field === "saved_search"
  return { ...c, field, operator, ...(picked && field !== c.field ? { value: "" } : {}) }
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}
