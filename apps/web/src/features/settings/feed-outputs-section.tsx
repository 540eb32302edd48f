// Settings › feeds, "Published feeds": any view, category, followed list, the starred items, an inbox or a saved search as RSS,
// Atom and JSON Feed at a private address for another reader or a script; each can be revoked (its address then
// stops answering for good).
import { viewNameKeys } from "@tidings/shared"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { FeedOutput, FeedOutputKind } from "../../api/feed-outputs.ts"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { copyText } from "../../lib/clipboard.ts"
import { useCreateFeedOutput, useFeedOutputs, useRevokeFeedOutput } from "../../queries/feed-outputs.ts"
import { useInboxes } from "../../queries/inboxes.ts"
import { useListSubscriptions } from "../../queries/list-subscriptions.ts"
import { useSavedSearches } from "../../queries/saved-searches.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { SettingsSection } from "./setting-controls.tsx"

const buttonClass =
  "inline-flex items-center gap-1.5 rounded-md border border-line px-2.5 py-1 text-sm font-medium text-accent-strong hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60"

interface Target {
  kind: FeedOutputKind
  target: string
  label: string
}

/** Everything the user can publish, labelled as the sidebar names it. */
function useTargets(): Target[] {
  const { t } = useTranslation(["subscriptions", "app"])
  const subs = useSubscriptions().data ?? []
  const lists = useListSubscriptions().data ?? []
  const inboxes = useInboxes().data ?? []
  const searches = useSavedSearches().data ?? []
  const categories = [...new Set(subs.map((s) => s.category).filter((c): c is string => Boolean(c)))].sort()
  return [
    ...Object.entries(viewNameKeys).map(([view, key]) => ({
      kind: "view" as const,
      target: view,
      label: t(`app:${key}` as "app:feed_view_type.articles"),
    })),
    { kind: "starred", target: "", label: t("outputs.starred") },
    ...categories.map((c) => ({ kind: "category" as const, target: c, label: t("outputs.category", { name: c }) })),
    ...lists.map((l) => ({
      kind: "list" as const,
      target: l.listId,
      label: t("outputs.list", { name: l.title ?? l.lists.title ?? l.listId }),
    })),
    ...inboxes.map((i) => ({
      kind: "inbox" as const,
      target: i.id,
      label: t("outputs.inbox", { name: i.title ?? i.id }),
    })),
    ...searches.map((s) => ({
      kind: "search" as const,
      target: s.id,
      label: t("outputs.search", { name: s.title }),
    })),
  ]
}

const keyOf = (t: Pick<Target, "kind" | "target">) => `${t.kind}:${t.target}`

export function FeedOutputsSection() {
  const { t } = useTranslation("subscriptions")
  const targets = useTargets()
  const outputs = useFeedOutputs()
  const create = useCreateFeedOutput()
  const [picked, setPicked] = useState("view:0")
  const selectId = useId()
  const labels = new Map(targets.map((target) => [keyOf(target), target.label]))
  const choice = targets.find((target) => keyOf(target) === picked)

  return (
    <SettingsSection title={t("outputs.title")}>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2 px-4 py-3">
        <div className="min-w-0 flex-[1_1_14rem]">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t("outputs.what")}
          </label>
          <p className="mt-0.5 text-xs text-ink-soft">{t("outputs.hint")}</p>
          <select
            id={selectId}
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            className="mt-2 h-9 w-full max-w-sm rounded-lg border border-line bg-surface px-2 text-sm dark:bg-surface-raised"
            data-testid="output-target"
          >
            {targets.map((target) => (
              <option key={keyOf(target)} value={keyOf(target)}>
                {target.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={buttonClass}
          disabled={!choice || create.isPending}
          onClick={() => choice && create.mutate({ kind: choice.kind, target: choice.target })}
          data-testid="output-create"
        >
          <Icon name="plus" />
          {t("outputs.create")}
        </button>
      </div>
      {create.isError && (
        <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
          {errorMessage(create.error)}
        </p>
      )}
      {outputs.data?.length ? (
        <ul className="divide-y divide-line" data-testid="output-list">
          {outputs.data.map((output) => (
            <OutputRow key={output.id} output={output} label={labels.get(keyOf(output)) ?? output.target} />
          ))}
        </ul>
      ) : (
        outputs.isSuccess && <p className="px-4 py-3 text-sm text-ink-soft">{t("outputs.empty")}</p>
      )}
    </SettingsSection>
  )
}

function OutputRow({ output, label }: { output: FeedOutput; label: string }) {
  const { t } = useTranslation(["subscriptions", "common"])
  const revoke = useRevokeFeedOutput()
  const [confirming, setConfirming] = useState(false)
  const formats = [
    ["rss", "RSS"],
    ["atom", "Atom"],
    ["json", "JSON Feed"],
  ] as const
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
      data-testid="output-row"
      data-kind={output.kind}
    >
      <div className="min-w-0 flex-[1_1_14rem]">
        <p className="truncate text-sm font-medium">{label}</p>
        <a
          href={output.urls.rss}
          className="block truncate font-mono text-xs text-ink-soft hover:underline"
          data-testid="output-url"
        >
          {output.urls.rss}
        </a>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {formats.map(([format, name]) => (
          <button
            key={format}
            type="button"
            className={buttonClass}
            aria-label={t("outputs.copy_label", { format: name, name: label })}
            onClick={() => void copyText(output.urls[format], "link")}
            data-testid={`output-copy-${format}`}
          >
            <Icon name="copy" />
            {name}
          </button>
        ))}
        <button
          type="button"
          className={`${buttonClass} text-red-700 dark:text-red-400`}
          onClick={() => setConfirming(true)}
          data-testid="output-revoke"
        >
          <Icon name="trash" />
          {t("outputs.revoke")}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("outputs.revoke_title", { name: label })}
        description={t("outputs.revoke_description")}
        confirmLabel={t("outputs.revoke")}
        danger
        onConfirm={() => revoke.mutate(output.id)}
        onClose={() => setConfirming(false)}
      />
    </li>
  )
}
