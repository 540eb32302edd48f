// The draggable edge of a main-layout column: drag it, or focus it and use the arrow keys (Shift for larger steps,
// Home and End for the limits). A drag shows the width live and saves the setting once, on release.
import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { COLUMN_LIMITS, clampColumnWidth, type ResizableColumn, widthAfterKey } from "../settings/column-width.ts"

/** The column's width while dragged (live), else the saved setting. */
export function useColumnWidth(column: ResizableColumn) {
  const saved = useSettingsStore((state) => state.ui[column])
  const [dragging, setDragging] = useState<number | null>(null)
  return { width: dragging ?? saved, saved, setDragging }
}

interface Props {
  column: ResizableColumn
  width: number
  onDrag: (width: number | null) => void
}

export function ColumnSeparator({ column, width, onDrag }: Props) {
  const { t } = useTranslation()
  const setUi = useSettingsStore((state) => state.setUi)
  const start = useRef<{ x: number; width: number; last: number } | null>(null)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    start.current = { x: event.clientX, width, last: width }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return
    const next = clampColumnWidth(column, start.current.width + event.clientX - start.current.x)
    start.current.last = next
    onDrag(next)
  }
  const finish = () => {
    if (!start.current) return
    const { last, width: before } = start.current
    start.current = null
    if (last !== before) setUi({ [column]: last })
    onDrag(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthAfterKey(column, width, event.key, event.shiftKey)
    if (next === undefined) return
    event.preventDefault()
    if (next !== width) setUi({ [column]: next })
  }

  return (
    // A focusable separator is an interactive widget (WAI-ARIA window splitter), so it takes keys and a tab stop.
    // biome-ignore lint/a11y/useSemanticElements: <hr> cannot be focused, dragged or hold a value
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t(`layout.resize_${column}`)}
      aria-valuenow={width}
      aria-valuemin={COLUMN_LIMITS[column].min}
      aria-valuemax={COLUMN_LIMITS[column].max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={finish}
      onPointerCancel={finish}
      onLostPointerCapture={finish}
      onKeyDown={onKeyDown}
      data-testid={`separator-${column}`}
      className="absolute top-0 -right-[4px] z-20 h-full w-[8px] cursor-col-resize touch-none outline-none after:absolute after:inset-y-0 after:left-[3px] after:w-[2px] hover:after:bg-accent/40 focus-visible:after:bg-accent"
    />
  )
}
