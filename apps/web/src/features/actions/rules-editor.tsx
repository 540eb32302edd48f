// The rule list being edited: add, change, reorder and delete rules, test the draft on recent entries, save it
// whole. Problems are named beside their field before anything is sent; the server's refusals in words after.
import type { ActionRule } from "@tidings/shared"
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useBlocker } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { EmptyState } from "../../components/ui/empty-state.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useSaveActionRules } from "../../queries/actions.ts"
import { RecentEntries, useRecentEntries } from "./recent-entries.tsx"
import { RuleCard } from "./rule-card.tsx"
import { type DraftProblems, type DraftRule, draftProblems, moveItem, newRule, toDraft, toRule } from "./rule-draft.ts"
import { needsContent, previewRules } from "./rule-preview.ts"

const NO_PROBLEMS: DraftProblems = new Map()

export function RulesEditor({ stored }: { stored: ActionRule[] }) {
  const { t } = useTranslation("actions")
  const [drafts, setDrafts] = useState(() => stored.map(toDraft))
  const [status, setStatus] = useState<{ kind: "saved" | "dirty" | "error"; lines: string[] } | null>(null)
  const [checked, setChecked] = useState(false)
  const [dirty, setDirty] = useState(false)
  const blocker = useUnsavedGuard(dirty)
  const save = useSaveActionRules()
  const recent = useRecentEntries()
  const problems = useMemo(() => draftProblems(drafts), [drafts])
  const shownProblems = checked ? problems : NO_PROBLEMS

  const update = (next: DraftRule[]) => {
    setDrafts(next)
    setDirty(true)
    setStatus({ kind: "dirty", lines: [t("unsaved")] })
  }
  const preview = useMemo(
    () => (recent.items ? previewRules(drafts, recent.items, recent.categoryOf, problems) : undefined),
    [drafts, recent.items, recent.categoryOf, problems],
  )

  const submit = () => {
    setChecked(true)
    if (problems.size) return setStatus({ kind: "error", lines: [t("fix_problems", { count: problems.size })] })
    const rules = drafts.map(toRule)
    save.mutate(rules, {
      onSuccess: () => {
        setDirty(false)
        setStatus({ kind: "saved", lines: [t("saved")] })
      },
      onError: (error) => setStatus({ kind: "error", lines: [errorMessage(error), ...serverIssues(error, t)] }),
    })
  }

  const test = () => {
    setChecked(true)
    void recent.load(needsContent(drafts))
  }

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={() => update([...drafts, newRule(t("new_rule_name", { number: drafts.length + 1 }))])}
          data-testid="rule-add"
        >
          <Icon name="plus" />
          {t("add_rule")}
        </Button>
        <Button onClick={test} disabled={recent.loading || !drafts.length} data-testid="rules-test">
          <Icon name="filter" />
          {recent.loading ? t("testing") : t("test")}
        </Button>
        <Button
          variant="primary"
          className="ml-auto"
          onClick={submit}
          disabled={save.isPending}
          data-testid="rules-save"
        >
          {save.isPending ? t("saving") : t("save")}
        </Button>
        <div role="status" className="w-full text-sm empty:hidden" data-testid="rules-status">
          {status?.lines.map((line) => (
            <p key={line} className={status.kind === "error" ? "text-red-700 dark:text-red-300" : "text-ink-soft"}>
              {line}
            </p>
          ))}
        </div>
      </div>

      <RecentEntries state={recent} preview={preview} contentNeeded={needsContent(drafts)} />

      {drafts.length ? (
        <ol className="flex flex-col gap-3" data-testid="rules">
          {drafts.map((rule, index) => (
            <RuleCard
              key={rule.key}
              rule={rule}
              index={index}
              count={drafts.length}
              problems={shownProblems}
              matches={preview ? (preview.matches.get(rule.key) ?? (rule.enabled ? "invalid" : "off")) : undefined}
              onChange={(next) => update(drafts.map((d) => (d.key === rule.key ? next : d)))}
              onMove={(to) => {
                update(moveItem(drafts, index, to))
                keepFocusOnMove(rule.key, to > index ? "down" : "up")
              }}
              onDelete={() => update(drafts.filter((d) => d.key !== rule.key))}
            />
          ))}
        </ol>
      ) : (
        <EmptyState icon="filter" title={t("none_yet")} />
      )}
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title={t("leave_title")}
        description={t("leave_description")}
        confirmLabel={t("leave_confirm")}
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </div>
  )
}

/** Edits live only on this page until saved: leaving it, in the app or the browser, asks first. */
function useUnsavedGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener("beforeunload", warn)
    return () => window.removeEventListener("beforeunload", warn)
  }, [dirty])
  return useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
}

/**
 * Reordering moves the card's element, which drops the focus of the button just pressed; it goes back to the same
 * button on the moved card, or its twin once the card reaches the end, so the keyboard can keep moving it.
 */
function keepFocusOnMove(key: string, direction: "up" | "down") {
  requestAnimationFrame(() => {
    const card = document.querySelector(`[data-rule-key="${key}"]`)
    const other = direction === "up" ? "down" : "up"
    const button =
      card?.querySelector<HTMLButtonElement>(`[data-testid="rule-move-${direction}"]:not(:disabled)`) ??
      card?.querySelector<HTMLButtonElement>(`[data-testid="rule-move-${other}"]`)
    button?.focus()
  })
}

/** A refusal listing issues (code 4) names the rule each concerns, as "rules.<index>.…" paths tell. */
function serverIssues(error: unknown, t: (key: "server_issue", values: { number: number; message: string }) => string) {
  const data = (error as { data?: unknown }).data
  if (!Array.isArray(data)) return []
  return data.flatMap((issue: { path?: unknown; message?: unknown }) => {
    const match = /^rules\.(\d+)/.exec(String(issue.path ?? ""))
    return match ? [t("server_issue", { number: Number(match[1]) + 1, message: String(issue.message) })] : []
  })
}
