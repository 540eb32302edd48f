// Mark everything in the current feed, folder or view read. The confirmation confirms itself after a countdown
// (spec §5) unless cancelled.
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { toast } from "sonner"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { type MarkAllReadRequest, useMarkAllRead } from "../../queries/reads.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useCountdown } from "./use-countdown.ts"

/** Seconds before the confirmation goes ahead by itself. */
export const MARK_ALL_READ_COUNTDOWN_S = 3

export function MarkAllReadButton({
  request,
  disabled,
}: {
  request: MarkAllReadRequest | undefined
  disabled: boolean
}) {
  const { t } = useTranslation(["app", "common"])
  const [confirming, setConfirming] = useState(false)
  const markAllRead = useMarkAllRead()

  const confirm = () => {
    setConfirming(false)
    if (!request) return
    markAllRead.mutate(request, {
      onSuccess: (marked) => {
        const count = Object.values(marked).reduce((sum, n) => sum + n, 0)
        toast.success(t("timeline.mark_all_read.done", { count }))
      },
    })
  }
  // Shift+mod+A asks for the same confirmation as the button.
  const requests = useLayoutStore((state) => state.markAllReadRequests)
  const seen = useRef(requests)
  useEffect(() => {
    if (requests === seen.current) return
    seen.current = requests
    if (!disabled && request) setConfirming(true)
  }, [requests, disabled, request])
  const left = useCountdown(MARK_ALL_READ_COUNTDOWN_S, confirming, confirm)

  return (
    <div className="relative">
      <Button
        variant="ghost"
        size="icon"
        disabled={disabled || !request}
        onClick={() => setConfirming((open) => !open)}
        aria-label={t("timeline.mark_all_read")}
        title={t("timeline.mark_all_read")}
        data-testid="mark-all-read"
      >
        <Icon name="checkAll" />
      </Button>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={t("timeline.mark_all_read.confirm_title")}
          data-testid="mark-all-read-confirm"
          className="absolute top-full right-0 z-30 mt-2 w-64 rounded-xl border border-line bg-surface p-3 shadow-xl dark:bg-surface-raised"
        >
          <p className="text-sm font-medium">{t("timeline.mark_all_read.confirm_title")}</p>
          <p className="mt-1 text-xs text-ink-soft" aria-live="polite">
            {t("timeline.mark_all_read.countdown", { seconds: left })}
          </p>
          <div className="mt-3 h-1 overflow-hidden rounded-full bg-hover">
            <div
              className="h-full bg-accent transition-[width] duration-300 ease-linear"
              style={{ width: `${(left / MARK_ALL_READ_COUNTDOWN_S) * 100}%` }}
            />
          </div>
          <div className="mt-3 flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button size="sm" variant="primary" onClick={confirm}>
              {t("common:actions.confirm")}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
