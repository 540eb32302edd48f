// Settings › data control › OPML import: a file (chosen or dropped) → the server's preview → import → a progress bar
// while the server fetches the new feeds → what was added, already followed, and what failed and why.
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { create } from "zustand"
import { importOpml, type OpmlImportResult, previewOpml } from "../../api/data-control.ts"
import { listSubscriptions } from "../../api/subscriptions.ts"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { cx } from "../../lib/cx.ts"
import { queryKeys } from "../../queries/keys.ts"
import { type FetchProgress, fetchProgress, type PreviewRow, previewRows } from "./opml-import.ts"

type Phase =
  | { step: "idle"; error?: string }
  | { step: "reading" }
  | { step: "preview"; file: File; rows: PreviewRow[]; remaining: number }
  | { step: "importing" }
  | { step: "fetching" | "done"; result: OpmlImportResult }

/** A feed the server cannot reach is retried by its own schedule; the bar stops waiting after this long. */
const MAX_WAIT_MS = 3 * 60_000

// Outside the component: the settings layout remounts its page when the window crosses the phone breakpoint, and
// leaving the page mid-import should not lose the bar or the summary either.
const useImportPhase = create<{ phase: Phase; setPhase: (phase: Phase) => void }>()((set) => ({
  phase: { step: "idle" },
  setPhase: (phase) => set({ phase }),
}))

export function OpmlImportPanel() {
  const { t } = useTranslation("settings")
  const queryClient = useQueryClient()
  const { phase, setPhase } = useImportPhase()

  async function choose(file: File | undefined) {
    if (!file) return
    setPhase({ step: "reading" })
    try {
      const [preview, subscriptions] = await Promise.all([previewOpml(file), listSubscriptions()])
      const rows = previewRows(
        preview,
        subscriptions.map((s) => s.feeds.url),
      )
      setPhase({ step: "preview", file, rows, remaining: preview.remaining })
    } catch (error) {
      setPhase({ step: "idle", error: errorMessage(error) })
    }
  }

  async function confirm(file: File, rows: PreviewRow[]) {
    setPhase({ step: "importing" })
    try {
      // Followed feeds go along so the server's answer counts them; past-quota ones stay out (spec).
      const urls = rows.filter((r) => r.status !== "over-quota").map((r) => r.url)
      const result = await importOpml(file, urls)
      setPhase({ step: result.successfulItems.length ? "fetching" : "done", result })
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions })
    } catch (error) {
      setPhase({ step: "idle", error: errorMessage(error) })
    }
  }

  if (phase.step === "preview")
    return (
      <ImportPreview
        rows={phase.rows}
        remaining={phase.remaining}
        onConfirm={() => confirm(phase.file, phase.rows)}
        onCancel={() => setPhase({ step: "idle" })}
      />
    )
  if (phase.step === "fetching" || phase.step === "done")
    return (
      <ImportProgress
        result={phase.result}
        finished={phase.step === "done"}
        onFinished={() => {
          setPhase({ step: "done", result: phase.result })
          void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions })
          void queryClient.invalidateQueries({ queryKey: queryKeys.unread })
          void queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot })
        }}
        onAgain={() => setPhase({ step: "idle" })}
      />
    )
  return (
    <DropZone
      busy={phase.step === "reading" || phase.step === "importing"}
      error={phase.step === "idle" ? phase.error : undefined}
      onFile={choose}
      label={t("data-control.opml.choose")}
    />
  )
}

function DropZone(props: { busy: boolean; error?: string; label: string; onFile: (file: File | undefined) => void }) {
  const { t } = useTranslation("settings")
  const [over, setOver] = useState(false)
  return (
    <div className="px-4 py-4">
      <label
        data-testid="opml-drop-zone"
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault()
          setOver(false)
          props.onFile(event.dataTransfer.files[0])
        }}
        className={cx(
          "flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center",
          "focus-within:outline-2 focus-within:outline-accent",
          over ? "border-accent bg-accent/5" : "border-line hover:bg-hover",
        )}
      >
        <span className="text-sm font-medium text-ink">
          {props.busy ? t("data-control.opml.reading") : props.label}
        </span>
        <span className="text-xs text-ink-soft">{t("data-control.opml.drop_hint")}</span>
        <input
          type="file"
          accept=".opml,.xml,text/xml,text/x-opml,application/xml"
          className="sr-only"
          disabled={props.busy}
          data-testid="opml-file-input"
          onChange={(event) => {
            props.onFile(event.target.files?.[0])
            event.target.value = ""
          }}
        />
      </label>
      {props.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  )
}

function ImportPreview(props: { rows: PreviewRow[]; remaining: number; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation("settings")
  const count = (status: PreviewRow["status"]) => props.rows.filter((r) => r.status === status).length
  const fresh = count("new")
  return (
    <div data-testid="opml-preview" className="px-4 py-3">
      <p className="text-sm text-ink" data-testid="opml-preview-summary">
        {t("data-control.opml.preview_summary", { count: props.rows.length, fresh, followed: count("followed") })}
      </p>
      {count("over-quota") > 0 && (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
          {t("data-control.opml.over_quota", { count: count("over-quota"), remaining: props.remaining })}
        </p>
      )}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list needs the focus for a keyboard to scroll it (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label={t("data-control.opml.preview_list")}
        className="mt-3 max-h-80 divide-y divide-line overflow-y-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-accent"
      >
        {props.rows.map((row) => (
          <li key={row.url} className="flex items-center gap-3 px-3 py-2 text-sm" data-status={row.status}>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink">{row.title ?? row.url}</p>
              <p className="truncate text-xs text-ink-soft">
                {row.category ? `${row.category} · ` : ""}
                {row.url}
              </p>
            </div>
            <span
              className={cx(
                "shrink-0 rounded-full px-2 py-0.5 text-xs",
                row.status === "new" && "bg-accent/10 text-accent-strong",
                row.status === "followed" && "bg-hover text-ink-soft",
                row.status === "over-quota" && "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
              )}
            >
              {t(`data-control.opml.status.${row.status}`)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button onClick={props.onCancel}>{t("data-control.opml.cancel")}</Button>
        <Button variant="primary" disabled={fresh === 0} onClick={props.onConfirm} data-testid="opml-import-confirm">
          {t("data-control.opml.import", { count: fresh })}
        </Button>
      </div>
    </div>
  )
}

function ImportProgress(props: {
  result: OpmlImportResult
  finished: boolean
  onFinished: () => void
  onAgain: () => void
}) {
  const { t } = useTranslation("settings")
  const ids = props.result.successfulItems.flatMap((item) => (item.id ? [item.id] : []))
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), MAX_WAIT_MS)
    return () => clearTimeout(timer)
  }, [])
  const progress = useQuery({
    queryKey: ["opml-import-progress", ids],
    queryFn: async () => fetchProgress(ids, await listSubscriptions()),
    refetchInterval: (query) => (props.finished || isComplete(query.state.data) ? false : 1000),
    enabled: !props.finished,
  })
  const state: FetchProgress = progress.data ?? { done: 0, total: ids.length, failed: [] }
  const complete = isComplete(progress.data) || timedOut
  const { finished, onFinished } = props
  useEffect(() => {
    if (complete && !finished) onFinished()
  }, [complete, finished, onFinished])
  const percent = state.total ? Math.round((state.done / state.total) * 100) : 100
  return (
    <div className="px-4 py-3" data-testid="opml-import-progress">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id="opml-progress-label" className="font-medium text-ink">
          {props.finished ? t("data-control.opml.finished") : t("data-control.opml.fetching")}
        </span>
        <span className="text-xs text-ink-soft tabular-nums" data-testid="opml-progress-count">
          {state.done} / {state.total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="opml-progress-label"
        aria-valuemin={0}
        aria-valuemax={state.total}
        aria-valuenow={state.done}
        className="mt-2 h-2 overflow-hidden rounded-full bg-hover"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {props.finished && <ImportSummary result={props.result} progress={state} />}
      {props.finished && (
        <div className="mt-3 flex justify-end">
          <Button onClick={props.onAgain} data-testid="opml-import-again">
            {t("data-control.opml.again")}
          </Button>
        </div>
      )}
    </div>
  )
}

const isComplete = (state: FetchProgress | undefined) => !!state && state.done >= state.total

function ImportSummary({ result, progress }: { result: OpmlImportResult; progress: FetchProgress }) {
  const { t } = useTranslation("settings")
  const failed = [
    ...result.parsedErrorItems.map((item) => ({
      title: item.title ?? item.url ?? "",
      reason: t("data-control.opml.invalid_url"),
    })),
    ...progress.failed,
  ]
  return (
    <div className="mt-3 text-sm" data-testid="opml-import-summary">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        <li data-testid="opml-summary-added">
          {t("data-control.opml.added", { count: result.successfulItems.length })}
        </li>
        <li data-testid="opml-summary-followed">
          {t("data-control.opml.already", { count: result.conflictItems.length })}
        </li>
        <li data-testid="opml-summary-failed">{t("data-control.opml.failed", { count: failed.length })}</li>
      </ul>
      {failed.length > 0 && (
        <ul className="mt-2 divide-y divide-line rounded-lg border border-line">
          {failed.map((item) => (
            <li key={item.title} className="px-3 py-2">
              <p className="truncate font-medium text-ink">{item.title}</p>
              <p className="text-xs break-words text-red-700 dark:text-red-400">{item.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
