// Multi-selection of feeds, shared by the sidebar (mod+click, shift+click) and the settings table (checkboxes):
// a set of ids plus the anchor a shift+click ranges from. Pure, so the range rules are tested once.

export interface Selection {
  ids: ReadonlySet<string>
  /** The last id picked on its own; a range runs from here. */
  anchor: string | null
}

export const emptySelection: Selection = { ids: new Set(), anchor: null }

export function toggleOne(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids)
  if (ids.has(id)) ids.delete(id)
  else ids.add(id)
  return { ids, anchor: id }
}

/**
 * Shift+click: everything between the anchor and `id` in the order shown, added to what is selected. With no
 * anchor (or one no longer shown) it picks `id` alone.
 */
export function selectRange(selection: Selection, order: readonly string[], id: string): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor)
  const to = order.indexOf(id)
  if (to < 0) return selection
  if (from < 0) return { ids: new Set([...selection.ids, id]), anchor: id }
  const [start, end] = from <= to ? [from, to] : [to, from]
  return { ids: new Set([...selection.ids, ...order.slice(start, end + 1)]), anchor: selection.anchor }
}

/** The header checkbox: all of `shown` selected (keeping selected ones not shown), or none of them. */
export function toggleAll(selection: Selection, shown: readonly string[]): Selection {
  const allShown = shown.length > 0 && shown.every((id) => selection.ids.has(id))
  const ids = new Set(selection.ids)
  for (const id of shown) {
    if (allShown) ids.delete(id)
    else ids.add(id)
  }
  return { ids, anchor: selection.anchor }
}

/** Only the ids still shown (after a filter, an unsubscribe); the anchor goes when its row does. */
export function keepShown(selection: Selection, shown: readonly string[]): Selection {
  const visible = new Set(shown)
  const ids = [...selection.ids].filter((id) => visible.has(id))
  if (ids.length === selection.ids.size && (selection.anchor === null || visible.has(selection.anchor)))
    return selection
  return { ids: new Set(ids), anchor: selection.anchor && visible.has(selection.anchor) ? selection.anchor : null }
}

export type HeaderState = "none" | "some" | "all"

export function headerState(selection: Selection, shown: readonly string[]): HeaderState {
  const picked = shown.filter((id) => selection.ids.has(id)).length
  if (picked === 0) return "none"
  return picked === shown.length ? "all" : "some"
}
