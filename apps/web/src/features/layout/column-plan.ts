// How the desktop reader shares its width when the fixed AI panel is a column (decision 0009). The panel opens by
// itself from 1024 px, where sidebar, entry list and a panel at their set widths leave the article too little: the
// sidebar then folds away (the user can bring it back), and if that is not enough the panel and the list give up
// width down to their limits. Pure, so the widths at each breakpoint are unit-tested.
import { COLUMN_LIMITS } from "../settings/column-width.ts"

/** The narrowest article (or picture list) that still reads as one: some 60 characters of body text a line. */
export const READABLE_WIDTH = 480

export interface ColumnInput {
  window: number
  feed: number
  /** The entry list's set width; null when the list itself takes the rest (pictures, videos, wide mode). */
  entry: number | null
  ai: number
  /** Whether the AI panel is a column on screen now. */
  panel: boolean
  /** The user's last word on the sidebar (mod+B, its button); null: the layout decides. */
  sidebar: boolean | null
}

export interface ColumnPlan {
  sidebar: boolean
  entry: number | null
  ai: number
}

export function planColumns(input: ColumnInput): ColumnPlan {
  const { window, feed, entry, ai, panel } = input
  if (!panel) return { sidebar: input.sidebar ?? true, entry, ai }
  const rest = (withSidebar: boolean) => window - (withSidebar ? feed : 0) - (entry ?? 0) - ai
  const sidebar = input.sidebar ?? rest(true) >= READABLE_WIDTH
  let short = READABLE_WIDTH - rest(sidebar)
  const aiWidth = shrink(ai, COLUMN_LIMITS.aiColWidth.min, short)
  short -= ai - aiWidth
  const entryWidth = entry === null ? null : shrink(entry, COLUMN_LIMITS.entryColWidth.min, short)
  return { sidebar, entry: entryWidth, ai: aiWidth }
}

/** The width less what is short, not below the limit (nor above the width when that is already under it). */
function shrink(width: number, min: number, short: number): number {
  if (short <= 0) return width
  return Math.min(width, Math.max(min, width - short))
}
