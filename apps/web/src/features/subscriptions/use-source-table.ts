// State of settings › feeds: the rows (feeds from the shared subscription cache, so every optimistic change shows
// here and in the sidebar alike; lists and inboxes beside them), the filter, the sort and the checkbox selection.
import { type MouseEvent, useState } from "react"
import {
  emptySelection,
  headerState,
  keepShown,
  type Selection,
  selectRange,
  toggleAll,
  toggleOne,
} from "../../lib/selection.ts"
import { useOtherSubscriptions, useSubscriptions } from "../../queries/subscriptions.ts"
import { useUnreadCounts } from "../../queries/unread.ts"
import {
  DEFAULT_SORT,
  filterRows,
  nextSort,
  type SortKey,
  type SortOrder,
  sortRows,
  sourceRows,
} from "./source-rows.ts"

export function useSourceTable() {
  const feeds = useSubscriptions()
  const others = useOtherSubscriptions()
  const counts = useUnreadCounts().data
  const [query, setQuery] = useState("")
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT)
  const [stored, setSelection] = useState<Selection>(emptySelection)

  const rows = sortRows(filterRows(sourceRows(feeds.data ?? [], others.data, counts), query), sort)
  // Only feeds take part in the bulk actions; lists and inboxes are managed on their own pages.
  const selectable = rows.filter((row) => row.kind === "feed").map((row) => row.id)
  const selection = keepShown(stored, selectable)
  const selectedSubs = rows.flatMap((row) => (row.sub && selection.ids.has(row.id) ? [row.sub] : []))

  return {
    loading: feeds.isPending,
    rows,
    query,
    setQuery,
    sort,
    sortBy: (key: SortKey) => setSort((current) => nextSort(current, key)),
    setSort,
    selection,
    selectedSubs,
    header: headerState(selection, selectable),
    isSelected: (id: string) => selection.ids.has(id),
    /** A checkbox click (or Space on it): shift ranges from the last one picked. */
    toggle: (id: string, event?: MouseEvent | { shiftKey: boolean }) =>
      setSelection(event?.shiftKey ? selectRange(selection, selectable, id) : toggleOne(selection, id)),
    toggleAll: () => setSelection(toggleAll(selection, selectable)),
    clear: () => setSelection(emptySelection),
  }
}

export type SourceTable = ReturnType<typeof useSourceTable>
