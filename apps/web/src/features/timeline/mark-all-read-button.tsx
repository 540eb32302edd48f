// Mark everything in the current feed, folder or view read — or only what lies above or below the open entry.
// The confirmation is a modal dialog with a visible countdown that confirms by itself (spec §5) unless
// cancelled; it counts only while the page is visible and starts again when the reader changes the scope.
import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import type { MarkAllReadRequest } from "../../queries/reads.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"

// The confirmation loads when first asked for, not with the timeline.
const MarkAllReadDialog = lazy(() =>
  import("./mark-all-read-dialog.tsx").then((module) => ({ default: module.MarkAllReadDialog })),
)

export function MarkAllReadButton({
  request,
  disabled,
}: {
  request: MarkAllReadRequest | undefined
  disabled: boolean
}) {
  const { t } = useTranslation(["app", "common"])
  const [confirming, setConfirming] = useState(false)
  // Shift+mod+A asks for the same confirmation as the button.
  const requests = useLayoutStore((state) => state.markAllReadRequests)
  const seen = useRef(requests)
  useEffect(() => {
    if (requests === seen.current) return
    seen.current = requests
    if (!disabled && request) setConfirming(true)
  }, [requests, disabled, request])

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        disabled={disabled || !request}
        onClick={() => setConfirming(true)}
        aria-label={t("timeline.mark_all_read")}
        title={t("timeline.mark_all_read")}
        data-testid="mark-all-read"
      >
        <Icon name="checkAll" />
      </Button>
      {confirming && request && (
        <Suspense fallback={null}>
          <MarkAllReadDialog request={request} onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </>
  )
}
