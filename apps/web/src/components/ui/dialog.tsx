// A modal on the native <dialog> element: focus trap, Escape and the top layer come from the browser.
import { type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { effectiveUi } from "../../stores/settings-gate.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { Button } from "./button.tsx"
import { Icon } from "./icons.tsx"

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: string
  description?: string
  children: ReactNode
  testId?: string
  /** Wider box for lists and pickers (shortcuts, the add-source results). */
  wide?: boolean
}

export function Dialog({ open, onClose, title, description, children, testId, wide }: DialogProps) {
  const { t } = useTranslation("common")
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // modalOverlay (behind the enhanced gate) darkens the page behind; modalDraggable lets the header move the box.
  const overlay = useSettingsStore((state) => effectiveUi(state.ui, state.general.enhancedSettings, "modalOverlay"))
  const draggable = useSettingsStore((state) => state.ui.modalDraggable)
  const drag = useDrag(open)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handler only catches backdrop clicks; Escape closes the dialog natively (onCancel).
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose()
      }}
      className={`m-auto ${wide ? "w-[min(44rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]"} rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl ${overlay ? "backdrop:bg-black/40 backdrop:backdrop-blur-[2px]" : "backdrop:bg-transparent"}`}
      style={drag.style}
      data-overlay={overlay}
    >
      {open && (
        <div className="p-5">
          <div
            className={`mb-4 flex items-start justify-between gap-4 ${draggable ? "cursor-move select-none" : ""}`}
            onPointerDown={draggable ? drag.start : undefined}
            onPointerMove={draggable ? drag.move : undefined}
            onPointerUp={drag.end}
            onPointerCancel={drag.end}
          >
            <div>
              <h2 id={titleId} className="text-base font-semibold">
                {title}
              </h2>
              {description && <p className="mt-1 text-sm text-ink-soft">{description}</p>}
            </div>
            <Button
              variant="ghost"
              size="icon"
              onClick={onClose}
              aria-label={t("actions.close")}
              title={t("actions.close")}
            >
              <Icon name="x" />
            </Button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}

/** Moves the dialog by its header; a reopened dialog starts centred again. */
function useDrag(open: boolean) {
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const from = useRef<{ x: number; y: number } | null>(null)
  useEffect(() => {
    if (!open) setOffset({ x: 0, y: 0 })
  }, [open])
  return {
    style: offset.x || offset.y ? { translate: `${offset.x}px ${offset.y}px` } : undefined,
    start: (event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0 || (event.target as Element).closest("button")) return
      event.currentTarget.setPointerCapture(event.pointerId)
      from.current = { x: event.clientX - offset.x, y: event.clientY - offset.y }
    },
    move: (event: PointerEvent<HTMLDivElement>) => {
      if (from.current) setOffset({ x: event.clientX - from.current.x, y: event.clientY - from.current.y })
    },
    end: () => {
      from.current = null
    },
  }
}
