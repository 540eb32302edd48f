// The main layout's column widths (feedColWidth, entryColWidth; aiColWidth for the AI column to come), set by dragging or with the arrow keys on the
// separator between columns. Pure, so the limits are unit-tested.

export type ResizableColumn = "feedColWidth" | "entryColWidth" | "aiColWidth"

/** Narrower and the sidebar's names or the entry titles no longer read; wider and the reading pane is squeezed. */
export const COLUMN_LIMITS: Record<ResizableColumn, { min: number; max: number }> = {
  feedColWidth: { min: 200, max: 400 },
  entryColWidth: { min: 280, max: 600 },
  aiColWidth: { min: 300, max: 600 },
}

/** One arrow key press; with Shift a larger step. */
export const KEY_STEP = 8
export const KEY_STEP_LARGE = 40

export function clampColumnWidth(column: ResizableColumn, width: number): number {
  const { min, max } = COLUMN_LIMITS[column]
  if (!Number.isFinite(width)) return min
  return Math.round(Math.min(max, Math.max(min, width)))
}

/** The width after a key on the separator, or undefined for a key it does not handle. */
export function widthAfterKey(column: ResizableColumn, width: number, key: string, shift: boolean): number | undefined {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP
  switch (key) {
    case "ArrowLeft":
      return clampColumnWidth(column, width - step)
    case "ArrowRight":
      return clampColumnWidth(column, width + step)
    case "Home":
      return COLUMN_LIMITS[column].min
    case "End":
      return COLUMN_LIMITS[column].max
    default:
      return undefined
  }
}
