// The sidebar's multi-selection: mod (⌘ / Ctrl) + click picks feeds one by one, shift + click a range in the
// order shown; a plain click opens the feed and ends the selection, as does Escape.
import type { FeedSubscription } from "@tidings/shared"
import { type MouseEvent, useEffect } from "react"
import { emptySelection, keepShown, selectRange, toggleOne } from "../../lib/selection.ts"
import { useSidebarStore } from "../../stores/sidebar-store.ts"

export function useSidebarSelection(order: string[]) {
  const stored = useSidebarStore((state) => state.selection)
  const setSelection = useSidebarStore((state) => state.setSelection)
  // Feeds that left the tree (unsubscribed, another view) leave the selection too.
  const selection = keepShown(stored, order)
  const clear = () => setSelection(emptySelection)

  useEffect(() => {
    if (!selection.ids.size) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSelection(emptySelection)
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [selection.ids.size, setSelection])

  const onRowClick = (sub: FeedSubscription, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey) {
      event.preventDefault()
      setSelection(toggleOne(selection, sub.feedId))
    } else if (event.shiftKey) {
      event.preventDefault()
      setSelection(selectRange(selection.anchor ? selection : toggleOne(selection, sub.feedId), order, sub.feedId))
    } else {
      setSelection({ ids: new Set(), anchor: sub.feedId })
    }
  }

  /** What a drag or a menu of this feed acts on: the selection when the feed is in it, else the feed alone. */
  const actingOn = (feedId: string): string[] =>
    selection.ids.has(feedId) && selection.ids.size > 1 ? order.filter((id) => selection.ids.has(id)) : [feedId]

  return { selection, clear, onRowClick, actingOn }
}
