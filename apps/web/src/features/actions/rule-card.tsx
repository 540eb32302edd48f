// One rule in the editor: its name, on/off, place in the order, conditions, results, and what a test run found.
import type { EntryListItem } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { ConditionGroups, controlClass, ProblemText, useProblemText } from "./condition-groups.tsx"
import type { DraftProblems, DraftRule } from "./rule-draft.ts"
import { RuleResults } from "./rule-results.tsx"

const SHOWN_MATCHES = 8

export interface RuleCardProps {
  rule: DraftRule
  index: number
  count: number
  problems: DraftProblems
  /** Undefined until the rules are tested; a word when this rule could not be tested. */
  matches: EntryListItem[] | "off" | "invalid" | undefined
  onChange: (next: DraftRule) => void
  onMove: (to: number) => void
  onDelete: () => void
}

export function RuleCard({ rule, index, count, problems, matches, onChange, onMove, onDelete }: RuleCardProps) {
  const { t } = useTranslation("actions")
  const problemOf = useProblemText(problems)
  const nameProblem = problemOf(rule.key)
  const label = rule.name.trim() || t("rule_label", { number: index + 1 })
  const nameId = `${rule.key}-name`
  return (
    <li
      className={cx("rounded-lg border border-line bg-surface p-3 sm:p-4", !rule.enabled && "opacity-75")}
      aria-label={label}
      data-testid="rule-card"
      data-rule-key={rule.key}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="w-5 shrink-0 text-center text-xs font-semibold text-ink-faint tabular-nums" aria-hidden="true">
          {index + 1}
        </span>
        <label htmlFor={nameId} className="sr-only">
          {t("rule_name")}
        </label>
        <input
          id={nameId}
          className={cx(controlClass, "min-w-48 flex-1 font-medium")}
          value={rule.name}
          aria-invalid={Boolean(nameProblem)}
          aria-describedby={nameProblem ? `${nameId}-problem` : undefined}
          onChange={(event) => onChange({ ...rule, name: event.target.value })}
          maxLength={500}
          data-testid="rule-name"
        />
        <div className="ml-auto flex items-center gap-1">
          <label className="flex shrink-0 cursor-pointer items-center gap-1.5 px-1 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={rule.enabled}
              onChange={(event) => onChange({ ...rule, enabled: event.target.checked })}
              data-testid="rule-enabled"
            />
            {t("enabled")}
          </label>
          <IconButton
            icon="up"
            label={t("move_up", { name: label })}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            testId="rule-move-up"
          />
          <IconButton
            icon="down"
            label={t("move_down", { name: label })}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            testId="rule-move-down"
          />
          <IconButton icon="trash" label={t("delete_rule", { name: label })} onClick={onDelete} testId="rule-delete" />
        </div>
      </div>
      <div className="mt-1 pl-6.5 empty:hidden">
        <ProblemText id={`${nameId}-problem`} text={nameProblem} />
      </div>

      <section className="mt-3 sm:pl-6.5" aria-label={t("when")}>
        <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-ink-soft uppercase">
          {t("when")} <span className="font-normal normal-case">· {t("when_all")}</span>
        </h3>
        <ConditionGroups rule={rule} problems={problems} onChange={(groups) => onChange({ ...rule, groups })} />
      </section>

      <section className="mt-3 sm:pl-6.5" aria-label={t("then")}>
        <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-ink-soft uppercase">{t("then")}</h3>
        <RuleResults rule={rule} problems={problems} onChange={onChange} />
      </section>

      {matches !== undefined && <RuleMatches matches={matches} blocks={rule.flags.block} />}
    </li>
  )
}

function RuleMatches({ matches, blocks }: { matches: EntryListItem[] | "off" | "invalid"; blocks: boolean }) {
  const { t } = useTranslation("actions")
  return (
    <div className="mt-3 rounded-md bg-accent/8 px-3 py-2 text-sm sm:ml-6.5" data-testid="rule-matches">
      {matches === "off" || matches === "invalid" ? (
        <p className="text-ink-soft">{t(matches === "off" ? "disabled_not_tested" : "invalid_not_tested")}</p>
      ) : matches.length === 0 ? (
        <p className="text-ink-soft">{t("matches_none")}</p>
      ) : (
        <>
          <p className="font-medium">{t("matches", { count: matches.length })}</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {matches.slice(0, SHOWN_MATCHES).map((item) => (
              <li key={item.entries.id} className="flex min-w-0 items-baseline gap-2" data-testid="rule-match">
                <span className={cx("min-w-0 truncate", blocks && "text-ink-soft line-through")}>
                  {item.entries.title || t("untitled_entry")}
                </span>
                <span className="ml-auto max-w-[40%] shrink-0 truncate text-xs text-ink-faint">{item.feeds.title}</span>
              </li>
            ))}
          </ul>
          {matches.length > SHOWN_MATCHES && (
            <p className="mt-0.5 text-xs text-ink-soft">
              {t("matches_more", { count: matches.length - SHOWN_MATCHES })}
            </p>
          )}
        </>
      )}
    </div>
  )
}

function IconButton({
  icon,
  label,
  onClick,
  disabled,
  testId,
}: {
  icon: "up" | "down" | "trash"
  label: string
  onClick: () => void
  disabled?: boolean
  testId: string
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      <Icon
        name={icon === "trash" ? "trash" : "chevronRight"}
        className={cx("size-4", icon === "up" && "-rotate-90", icon === "down" && "rotate-90")}
      />
    </Button>
  )
}
