// mod+K: one box to find a loaded entry, a feed, a folder or a command, and entries the server finds. Arrow keys
// move, Enter opens, Escape closes (native <dialog>).
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { Icon, type IconName } from "../../components/ui/icons.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { cx } from "../../lib/cx.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useListSubscriptions } from "../../queries/list-subscriptions.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import type { CommandId } from "../keyboard/commands.ts"
import { useCommandRunner } from "../keyboard/use-app-hotkeys.ts"
import { MarkedText } from "./marked-text.tsx"
import { type PaletteCandidate, type PaletteKind, searchCandidates } from "./palette-search.ts"
import { usePaletteCandidates } from "./use-palette-candidates.ts"

// Loaded when a search is first saved.
const SaveSearchDialog = lazy(() =>
  import("../subscriptions/saved-search-dialogs.tsx").then((module) => ({ default: module.SaveSearchDialog })),
)

const KIND_ICON: Record<PaletteKind, IconName> = {
  command: "keyboard",
  feed: "rss",
  list: "fileText",
  folder: "folder",
  entry: "articles",
  server: "search",
}

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const [query, setQuery] = useState("")
  const [active, setActive] = useState(0)
  const { candidates, entries, serverPending } = usePaletteCandidates(query)
  const results = useMemo(() => searchCandidates(candidates, query), [candidates, query])
  const open = useOpenCandidate(entries)
  const listId = useId()
  const view = useTimelineLocation().view
  // "Save this search": the palette gives way to the dialog that names it.
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    ref.current?.showModal()
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text starts at the first result again.
  useEffect(() => setActive(0), [query])

  const choose = (candidate: PaletteCandidate | undefined) => {
    if (!candidate) return
    onClose()
    open(candidate)
  }

  if (saving) {
    return (
      <Suspense fallback={null}>
        <SaveSearchDialog query={query} view={view} onClose={onClose} />
      </Suspense>
    )
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; Escape closes natively (onCancel).
    <dialog
      ref={ref}
      aria-label={t("palette.title")}
      data-testid="command-palette"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className="mx-auto mt-[12vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-hidden rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex items-center gap-2 border-b border-line px-4">
        <Icon name="search" className="size-4 text-ink-faint" />
        <input
          autoFocus
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
          aria-label={t("palette.title")}
          placeholder={t("palette.placeholder")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault()
              const step = event.key === "ArrowDown" ? 1 : -1
              setActive((at) => (results.length ? (at + step + results.length) % results.length : 0))
            } else if (event.key === "Enter") {
              event.preventDefault()
              choose(results[active])
            }
          }}
          className="h-12 min-w-0 flex-1 bg-transparent text-[0.9375rem] outline-none placeholder:text-ink-faint"
          data-testid="palette-input"
        />
        {serverPending && <Spinner className="size-4" label={t("palette.searching_server")} />}
        {query.trim() && (
          <button
            type="button"
            onClick={() => setSaving(true)}
            className="flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-accent outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent"
            data-testid="palette-save-search"
          >
            <Icon name="plus" className="size-3.5" />
            {t("saved_search.save_this")}
          </button>
        )}
      </div>
      <div id={listId} role="listbox" aria-label={t("palette.results")} className="max-h-[60vh] overflow-y-auto p-1.5">
        {results.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-ink-soft">
            {query.trim() ? t("palette.no_results") : t("palette.hint")}
          </p>
        )}
        {!query.trim() && (
          <p className="px-3 pb-4 text-center text-xs text-ink-soft" data-testid="palette-syntax">
            {t("palette.syntax")}
          </p>
        )}
        {results.map((candidate, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the combobox's arrows and Enter.
          <div
            key={`${candidate.kind}:${candidate.id}`}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(candidate)}
            data-testid="palette-result"
            data-kind={candidate.kind}
            className={cx(
              "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2",
              index === active && "bg-hover",
            )}
          >
            <Icon name={KIND_ICON[candidate.kind]} className="size-4 shrink-0 text-ink-soft" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm">
                {candidate.found ? <MarkedText html={candidate.found.title || candidate.title} /> : candidate.title}
              </span>
              {candidate.found?.snippet && (
                <span className="line-clamp-2 text-xs text-ink-soft" data-testid="palette-snippet">
                  <MarkedText html={candidate.found.snippet} />
                </span>
              )}
              {candidate.subtitle && <span className="block truncate text-xs text-ink-soft">{candidate.subtitle}</span>}
            </span>
            <span className="shrink-0 text-[0.6875rem] text-ink-soft">{t(`palette.kind.${candidate.kind}`)}</span>
          </div>
        ))}
      </div>
    </dialog>
  )
}

function useOpenCandidate(entries: Map<string, { view: number; feeds: { id: string } }>) {
  const navigate = useNavigate()
  const location = useTimelineLocation()
  const subs = useSubscriptions().data ?? []
  const lists = useListSubscriptions().data ?? []
  const run = useCommandRunner()
  return (candidate: PaletteCandidate) => {
    if (candidate.kind === "command") {
      if (candidate.id.startsWith("view:")) {
        navigate(timelinePath({ view: Number(candidate.id.slice(5)), feed: { kind: "all" } }))
      } else run(candidate.id as CommandId)
      return
    }
    if (candidate.kind === "feed") {
      const view = subs.find((sub) => sub.feedId === candidate.id)?.view ?? location.view
      navigate(timelinePath({ view, feed: { kind: "feed", feedId: candidate.id } }))
      return
    }
    if (candidate.kind === "list") {
      const view = lists.find((sub) => sub.listId === candidate.id)?.view ?? location.view
      navigate(timelinePath({ view, feed: { kind: "list", listId: candidate.id } }))
      return
    }
    if (candidate.kind === "folder") {
      navigate(timelinePath({ view: location.view, feed: { kind: "folder", category: candidate.id } }))
      return
    }
    const item = entries.get(candidate.id)
    if (!item) return
    navigate(timelinePath({ view: item.view, feed: { kind: "feed", feedId: item.feeds.id }, entryId: candidate.id }))
  }
}
