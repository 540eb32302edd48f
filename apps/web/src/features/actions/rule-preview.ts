// "Test against recent entries": which of the user's recent entries each draft rule matches, and so what would
// happen to them, judged in the browser exactly as the server judges (rule-language.ts).
import { type CompiledRule, type EntryListItem, fieldsUsed, matchingRules } from "@tidings/shared"
import { type DraftProblems, type DraftRule, toRule } from "./rule-draft.ts"
import { compileRules, subjectOfItem } from "./rule-language.ts"

export interface RulePreview {
  /** Matching entries per rule key; rules that are off or have problems have no entry. */
  matches: Map<string, EntryListItem[]>
  /** Entries some enabled rule blocks. */
  blocked: Set<string>
  tested: number
}

/** The category each item reaches the user through: its feed's subscription, else a followed list's (as the
 * server's addEntrySettings reads it). */
export function categoryFinder(
  feedCategories: ReadonlyMap<string, string | null>,
  listCategories: ReadonlyMap<string, string | null>,
) {
  return (item: EntryListItem): string | null => {
    const direct = feedCategories.get(item.feeds.id)
    if (direct !== undefined) return direct
    const list = item.from.find((source) => listCategories.has(source))
    return list ? (listCategories.get(list) ?? null) : null
  }
}

export function previewRules(
  drafts: readonly DraftRule[],
  items: readonly EntryListItem[],
  categoryOf: (item: EntryListItem) => string | null,
  problems: DraftProblems,
): RulePreview {
  const compiled = new Map<CompiledRule, DraftRule>()
  for (const draft of drafts) {
    // A half-written condition (an empty "contains" matches everything) would show matches the rule will not have.
    if (hasProblem(draft, problems)) continue
    const [rule] = compileRules([toRule(draft)])
    if (rule) compiled.set(rule, draft)
  }
  const matches = new Map<string, EntryListItem[]>([...compiled.values()].map((d) => [d.key, []]))
  const blocked = new Set<string>()
  const rules = [...compiled.keys()]
  for (const item of items) {
    for (const rule of matchingRules(rules, subjectOfItem(item, categoryOf(item)))) {
      matches.get(compiled.get(rule)?.key ?? "")?.push(item)
      if (rule.result.block) blocked.add(item.entries.id)
    }
  }
  return { matches, blocked, tested: items.length }
}

/** Entry pages leave content out unless asked; it is asked for only when a rule reads it. */
export function needsContent(drafts: readonly DraftRule[]): boolean {
  return fieldsUsed(compileRules(drafts.map(toRule))).has("entry_content")
}

function hasProblem(draft: DraftRule, problems: DraftProblems): boolean {
  const keys = [draft.key, ...draft.groups.flat().map((c) => c.key), ...draft.rewriteRules.map((r) => r.key)]
  return [...keys, ...draft.webhooks.map((w) => w.key)].some((key) => problems.has(key))
}
