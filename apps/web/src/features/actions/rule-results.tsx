// A rule's "then": the switches, a translation language, text rewrites and webhooks.
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { controlClass, ProblemText, useProblemText } from "./condition-groups.tsx"
import { type DraftProblems, type DraftRule, newKey, RESULT_FLAGS, TRANSLATION_LANGUAGES } from "./rule-draft.ts"

const LANGUAGE_NAMES: Record<string, string> = { en: "English", ja: "日本語", "zh-CN": "简体中文", "zh-TW": "繁體中文" }

export function RuleResults({
  rule,
  problems,
  onChange,
}: {
  rule: DraftRule
  problems: DraftProblems
  onChange: (next: DraftRule) => void
}) {
  const { t } = useTranslation("actions")
  const problemOf = useProblemText(problems)
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-x-3 gap-y-1.5 sm:grid-cols-4">
        {RESULT_FLAGS.map((flag) => (
          <label key={flag} className="flex min-w-0 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-accent"
              checked={rule.flags[flag]}
              onChange={(event) => onChange({ ...rule, flags: { ...rule.flags, [flag]: event.target.checked } })}
              data-testid={`rule-result-${flag}`}
            />
            <span className="truncate">{t(`result.${flag}`)}</span>
          </label>
        ))}
      </div>
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-ink-soft">{t("translation")}</span>
        <select
          className={controlClass}
          value={rule.translation}
          onChange={(event) => onChange({ ...rule, translation: event.target.value })}
          data-testid="rule-translation"
        >
          <option value="">{t("translation_off")}</option>
          <option value="auto">{t("translation_auto")}</option>
          {TRANSLATION_LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </select>
      </label>

      <ListSection
        title={t("rewrite")}
        addLabel={t("add_rewrite")}
        onAdd={() => onChange({ ...rule, rewriteRules: [...rule.rewriteRules, { key: newKey(), from: "", to: "" }] })}
        testId="rule-add-rewrite"
      >
        {rule.rewriteRules.map((r, i) => {
          const set = (patch: Partial<typeof r> | null) =>
            onChange({
              ...rule,
              rewriteRules: patch
                ? rule.rewriteRules.map((x, j) => (j === i ? { ...x, ...patch } : x))
                : rule.rewriteRules.filter((_, j) => j !== i),
            })
          const problem = problemOf(r.key)
          return (
            <li key={r.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-1.5">
              <input
                aria-label={t("rewrite_from")}
                placeholder={t("rewrite_from")}
                className={controlClass}
                value={r.from}
                aria-invalid={Boolean(problem)}
                onChange={(event) => set({ from: event.target.value })}
              />
              <input
                aria-label={t("rewrite_to")}
                placeholder={t("rewrite_to")}
                className={controlClass}
                value={r.to}
                onChange={(event) => set({ to: event.target.value })}
              />
              <RemoveButton label={t("remove_rewrite")} onClick={() => set(null)} />
              <div className={cx("col-span-3", !problem && "hidden")}>
                <ProblemText id={`${r.key}-problem`} text={problem} />
              </div>
            </li>
          )
        })}
      </ListSection>

      <ListSection
        title={t("webhooks")}
        addLabel={t("add_webhook")}
        onAdd={() => onChange({ ...rule, webhooks: [...rule.webhooks, { key: newKey(), url: "" }] })}
        testId="rule-add-webhook"
      >
        {rule.webhooks.map((w, i) => {
          const problem = problemOf(w.key)
          return (
            <li key={w.key} className="grid grid-cols-[minmax(0,1fr)_auto] gap-1.5">
              <input
                type="url"
                aria-label={t("webhook_url")}
                placeholder="https://"
                className={controlClass}
                value={w.url}
                aria-invalid={Boolean(problem)}
                aria-describedby={problem ? `${w.key}-problem` : undefined}
                onChange={(event) =>
                  onChange({
                    ...rule,
                    webhooks: rule.webhooks.map((x, j) => (j === i ? { ...x, url: event.target.value } : x)),
                  })
                }
                data-testid="rule-webhook"
              />
              <RemoveButton
                label={t("remove_webhook")}
                onClick={() => onChange({ ...rule, webhooks: rule.webhooks.filter((_, j) => j !== i) })}
              />
              <div className={cx("col-span-2", !problem && "hidden")}>
                <ProblemText id={`${w.key}-problem`} text={problem} />
              </div>
            </li>
          )
        })}
      </ListSection>
    </div>
  )
}

function ListSection({
  title,
  addLabel,
  onAdd,
  testId,
  children,
}: {
  title: string
  addLabel: string
  onAdd: () => void
  testId: string
  children: React.ReactNode[]
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-ink-soft">{title}</span>
        <Button size="sm" variant="ghost" onClick={onAdd} data-testid={testId}>
          <Icon name="plus" className="size-3.5" />
          {addLabel}
        </Button>
      </div>
      {children.length > 0 && <ul className="flex flex-col gap-1.5">{children}</ul>}
    </div>
  )
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="icon" variant="ghost" aria-label={label} title={label} onClick={onClick}>
      <Icon name="x" />
    </Button>
  )
}
