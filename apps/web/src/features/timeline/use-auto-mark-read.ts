// Marks entries read as the general settings ask (spec general settings): scrollMarkUnread — rows scrolled past
// the top of the list; hoverMarkUnread — the row under the pointer; renderMarkUnread — every row rendered.
// All three feed one batcher, so the server hears one POST /reads per burst.

import type { Virtualizer } from "@tanstack/react-virtual"
import type { EntryListItem } from "@tidings/shared"
import { type UIEvent, useCallback, useEffect, useRef } from "react"
import { useMarkEntriesRead } from "../../queries/reads.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import type { EntryRow } from "./date-groups.ts"
import { ReadBatcher, type RowSpan, scrolledPastIds } from "./read-batcher.ts"

function itemOf(row: EntryRow | undefined): EntryListItem | undefined {
  return row?.type === "entry" ? row.item : undefined
}

export function useAutoMarkRead(rows: readonly EntryRow[], virtualizer: Virtualizer<HTMLDivElement, Element>) {
  const { scrollMarkUnread, hoverMarkUnread, renderMarkUnread } = useSettingsStore((state) => state.general)
  const { mutate } = useMarkEntriesRead()
  const send = useRef(mutate)
  send.current = mutate
  const batcher = useRef<ReadBatcher | null>(null)
  batcher.current ??= new ReadBatcher((ids) => send.current(ids))
  const queue = useCallback((items: (EntryListItem | undefined)[]) => {
    batcher.current?.add(items.filter((item) => item && !item.read).map((item) => item?.entries.id ?? ""))
  }, [])
  // What is waiting goes out when the list leaves (another feed, another view), not lost.
  useEffect(() => () => batcher.current?.flush(), [])

  const rowsRef = useRef(rows)
  rowsRef.current = rows
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      if (!scrollMarkUnread) return
      const spans: RowSpan[] = virtualizer.measurementsCache.map((measure) => {
        const item = itemOf(rowsRef.current[measure.index])
        return { entryId: item?.entries.id, read: item?.read ?? true, end: measure.end }
      })
      // The element's own offset: the virtualizer's may not have seen this scroll event yet.
      batcher.current?.add(scrolledPastIds(spans, event.currentTarget.scrollTop))
    },
    [scrollMarkUnread, virtualizer],
  )

  const onHover = useCallback(
    (item: EntryListItem) => {
      if (hoverMarkUnread) queue([item])
    },
    [hoverMarkUnread, queue],
  )

  const rendered = virtualizer.getVirtualItems().map((virtualRow) => itemOf(rows[virtualRow.index]))
  const renderedKey = rendered.map((item) => (item && !item.read ? item.entries.id : "")).join(",")
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the rendered unread rows.
  useEffect(() => {
    if (renderMarkUnread) queue(rendered)
  }, [renderMarkUnread, renderedKey, queue])

  return { onScroll, onHover }
}
