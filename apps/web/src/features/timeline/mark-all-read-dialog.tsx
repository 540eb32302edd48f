// The confirmation of "mark all read" (see mark-all-read-button.tsx): the scope, and a visible countdown that
// confirms by itself (spec §5) unless cancelled.
import { useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { toast } from "../../lib/toast.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { type MarkAllReadRequest, useMarkAllRead } from "../../queries/reads.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { type MarkScope, markScopes, scopedMarkAllRead } from "./mark-scope.ts"
import { useCountdown } from "./use-countdown.ts"

/** Seconds before the confirmation goes ahead by itself. */
export const MARK_ALL_READ_COUNTDOWN_S = 3

export function MarkAllReadDialog({ request, onClose }: { request: MarkAllReadRequest; onClose: () => void }) {
  const { t } = useTranslation(["app", "common"])
  const markAllRead = useMarkAllRead()
  const { entryId } = useTimelineLocation()
  const items = useLayoutStore((state) => state.timeline?.items)
  const openEntry = items?.find((item) => item.entries.id === entryId)
  const [scope, setScope] = useState<MarkScope>("all")
  const name = useId()

  // Leaving the list (another feed, another view) cancels: the confirmation was about what was on screen.
  const listKey = JSON.stringify(request.input)
  const firstKey = useRef(listKey)
  useEffect(() => {
    if (listKey !== firstKey.current) onClose()
  }, [listKey, onClose])

  const confirm = () => {
    onClose()
    // The dialog is gone before the answer, and mutate's own callbacks skip unmounted callers: use the promise.
    markAllRead.mutateAsync(scopedMarkAllRead(request, scope, openEntry?.entries.publishedAt)).then(
      (marked) => {
        const count = Object.values(marked).reduce((sum, n) => sum + n, 0)
        toast.success(t("timeline.mark_all_read.done", { count }))
      },
      () => {}, // the request layer already showed the error
    )
  }
  const left = useCountdown(MARK_ALL_READ_COUNTDOWN_S, true, confirm, scope)
  const scopes = markScopes(Boolean(openEntry))

  return (
    <Dialog open onClose={onClose} title={t("timeline.mark_all_read.confirm_title")} testId="mark-all-read-confirm">
      <fieldset className="mb-4 grid gap-1.5">
        <legend className="sr-only">{t("timeline.mark_all_read.scope")}</legend>
        {scopes.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option}
              checked={scope === option}
              onChange={() => setScope(option)}
              className="accent-accent"
              data-testid={`mark-scope-${option}`}
            />
            {t(`timeline.mark_all_read.scope_${option}`)}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-ink-soft" aria-live="polite" data-testid="mark-all-read-countdown">
        {t("timeline.mark_all_read.countdown", { seconds: left })}
      </p>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-hover">
        <div
          className="h-full bg-accent transition-[width] duration-300 ease-linear"
          style={{ width: `${(left / MARK_ALL_READ_COUNTDOWN_S) * 100}%` }}
        />
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} data-testid="mark-all-read-cancel">
          {t("common:actions.cancel")}
        </Button>
        <Button variant="primary" onClick={confirm} data-testid="mark-all-read-go">
          {t("common:actions.confirm")}
        </Button>
      </div>
    </Dialog>
  )
}
