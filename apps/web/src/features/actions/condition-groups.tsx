// A rule's "when": groups of conditions, every condition of a group needed, any group enough.
import { CONDITION_FIELDS, type ConditionField, type Operator, viewNameKeys } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { useSavedSearches } from "../../queries/saved-searches.ts"
import { type DraftCondition, type DraftProblems, type DraftRule, newCondition, withField } from "./rule-draft.ts"
import { operatorsFor } from "./rule-language.ts"

export const controlClass =
  "h-8 min-w-0 rounded-md border border-line bg-surface px-2 text-sm text-ink outline-none focus:border-accent focus:ring-3 focus:ring-accent/20 aria-invalid:border-red-500 dark:bg-surface-raised"

export function ProblemText({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null
  return (
    <p id={id} className="text-xs text-red-700 dark:text-red-300" data-testid="rule-problem">
      {text}
    </p>
  )
}

export function useProblemText(problems: DraftProblems) {
  const { t } = useTranslation("actions")
  return (key: string) => {
    const problem = problems.get(key)
    return problem ? t(`problem.${problem.code}`, { detail: problem.detail ?? "" }) : undefined
  }
}

export function ConditionGroups({
  rule,
  problems,
  onChange,
}: {
  rule: DraftRule
  problems: DraftProblems
  onChange: (groups: DraftCondition[][]) => void
}) {
  const { t } = useTranslation("actions")
  const setGroup = (index: number, group: DraftCondition[]) =>
    onChange(rule.groups.map((g, i) => (i === index ? group : g)).filter((g) => g.length))

  return (
    <div className="flex flex-col gap-2">
      {rule.groups.length === 0 && <p className="text-xs text-ink-soft">{t("every_entry")}</p>}
      {rule.groups.map((group, gi) => (
        <div key={group[0]?.key ?? gi} className="flex flex-col gap-2">
          {gi > 0 && <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{t("or")}</p>}
          <ul
            className="flex flex-col gap-2 rounded-md border border-line/70 bg-canvas/60 p-2"
            data-testid="rule-group"
          >
            {group.map((c, ci) => (
              <ConditionRow
                key={c.key}
                condition={c}
                problems={problems}
                onChange={(next) =>
                  setGroup(gi, next ? group.map((x, i) => (i === ci ? next : x)) : group.filter((_, i) => i !== ci))
                }
              />
            ))}
            <li>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setGroup(gi, [...group, newCondition()])}
                data-testid="rule-add-condition"
              >
                <Icon name="plus" className="size-3.5" />
                {t("add_condition")}
              </Button>
            </li>
          </ul>
        </div>
      ))}
      <div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange([...rule.groups, [newCondition()]])}
          data-testid="rule-add-group"
        >
          <Icon name="plus" className="size-3.5" />
          {t("add_group")}
        </Button>
      </div>
    </div>
  )
}

function ConditionRow({
  condition: c,
  problems,
  onChange,
}: {
  condition: DraftCondition
  problems: DraftProblems
  onChange: (next: DraftCondition | null) => void
}) {
  const { t } = useTranslation(["actions", "app"])
  const problemOf = useProblemText(problems)
  const problem = problemOf(c.key)
  const problemId = `${c.key}-problem`
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-1.5 sm:grid-cols-[10.5rem_9rem_minmax(0,1fr)_auto]"
      data-testid="rule-condition"
    >
      <select
        aria-label={t("condition_field")}
        className={controlClass}
        value={c.field}
        onChange={(event) => onChange(withField(c, event.target.value as ConditionField))}
        data-testid="condition-field"
      >
        {CONDITION_FIELDS.map((field) => (
          <option key={field} value={field}>
            {t(`field.${field}`)}
          </option>
        ))}
      </select>
      <select
        aria-label={t("condition_operator")}
        className={controlClass}
        value={c.operator}
        onChange={(event) => onChange({ ...c, operator: event.target.value as Operator })}
        data-testid="condition-operator"
      >
        {operatorsFor(c.field).map((op) => (
          <option key={op} value={op}>
            {c.field === "saved_search"
              ? t(op === "eq" ? "operator.search_eq" : "operator.search_not_eq")
              : t(`operator.${op}`)}
          </option>
        ))}
      </select>
      <div className="col-span-3 row-start-2 sm:col-span-1 sm:row-start-auto">
        <ValueControl
          condition={c}
          invalid={Boolean(problem)}
          describedBy={problem ? problemId : undefined}
          onChange={(value) => onChange({ ...c, value })}
        />
      </div>
      <Button
        size="icon"
        variant="ghost"
        className="col-start-3 row-start-1 size-8 sm:col-start-auto sm:row-start-auto"
        aria-label={t("remove_condition")}
        title={t("remove_condition")}
        onClick={() => onChange(null)}
      >
        <Icon name="x" />
      </Button>
      <div className={cx("col-span-3 sm:col-span-4", !problem && "hidden")}>
        <ProblemText id={problemId} text={problem} />
      </div>
    </li>
  )
}

/** Views, statuses and saved searches are picked from their values; everything else is typed. */
function ValueControl({
  condition: c,
  invalid,
  describedBy,
  onChange,
}: {
  condition: DraftCondition
  invalid: boolean
  describedBy: string | undefined
  onChange: (value: string) => void
}) {
  const { t } = useTranslation(["actions", "app"])
  const searches = useSavedSearches(c.field === "saved_search").data
  const common = {
    "aria-label": t("condition_value"),
    "aria-invalid": invalid,
    "aria-describedby": describedBy,
    className: cx(controlClass, "w-full"),
    value: c.value,
    "data-testid": "condition-value",
  }
  const choices: [string, string][] | null =
    c.field === "view"
      ? Object.entries(viewNameKeys).map(([view, key]) => [view, t(`app:${key}` as "app:feed_view_type.articles")])
      : c.field === "status"
        ? (["unread", "read", "collected"] as const).map((s) => [s, t(`status.${s}`)])
        : c.field === "saved_search"
          ? (searches ?? []).map((search) => [search.id, search.title])
          : null
  if (choices)
    return (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("choose")}</option>
        {choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    )
  return <input {...common} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
}
