// Marks entries read in the entry list and the picture / video grids as the general settings ask (spec general
// settings): scrollMarkUnread — rows scrolled past the top of the list; hoverMarkUnread — the row under the pointer;
// renderMarkUnread — every row shown on screen.
// All three feed one batcher, so the server hears one POST /reads per burst.

import type { Virtualizer } from "@tanstack/react-virtual"
import type { EntryListItem } from "@tidings/shared"
import { type SyntheticEvent, type UIEvent, useCallback, useEffect, useRef } from "react"
import { useMarkEntriesRead } from "../../queries/reads.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { ReadBatcher, scrolledPastIds } from "./read-batcher.ts"

/**
 * itemAt: the entry in a virtual slot (undefined for a date heading or the loader); virtualizer: the list's or the
 * grid's, whose measurements say where each slot ends.
 */
const INTENT_MS = 1000
/** How long the rows on screen stay put before renderMarkUnread marks them. */
const RENDER_SETTLE_MS = 300

/** The virtual rows (or grid slots) that overlap the scroller's visible box. */
function shownItems(virtualizer: Virtualizer<HTMLDivElement, Element>) {
  const top = virtualizer.scrollOffset ?? 0
  const bottom = top + (virtualizer.scrollRect?.height ?? 0)
  return virtualizer.getVirtualItems().filter((virtualRow) => virtualRow.end > top && virtualRow.start < bottom)
}

// A row that slides under a resting pointer (the list scrolled by keys or by itself) is not one the reader hovered:
// browsers then send an enter and a synthetic move at the same place. So hovering is a pointer move on a row to a
// place where the pointer was not before, wherever that was (tracked on the window, which hears it first).
let pointerAt = ""
let pointerMoved = false
if (typeof window !== "undefined") {
  window.addEventListener(
    "pointermove",
    (event) => {
      const at = `${event.clientX},${event.clientY}`
      pointerMoved = at !== pointerAt
      pointerAt = at
    },
    { capture: true, passive: true },
  )
}

export function useAutoMarkRead(
  itemAt: (index: number) => EntryListItem | undefined,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
) {
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

  // Only the reader's own scrolling marks: the list also scrolls by itself (keeping the open entry in sight,
  // re-measuring rows), and such a jump must not mark what the reader never saw. Wheel, touch, keys and the
  // scrollbar count; a scroll within INTENT_MS of one of them (or of a counted scroll: momentum) is the reader's.
  const intentAt = useRef(Number.NEGATIVE_INFINITY)
  const onIntent = useCallback((event: SyntheticEvent<HTMLDivElement>) => {
    // A press on the list itself, not on a row, is the scrollbar.
    if (event.type === "pointerdown" && event.target !== event.currentTarget) return
    intentAt.current = event.timeStamp
  }, [])
  const itemAtRef = useRef(itemAt)
  itemAtRef.current = itemAt
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      if (!scrollMarkUnread || event.timeStamp - intentAt.current > INTENT_MS) return
      intentAt.current = event.timeStamp
      const entryAt = (index: number) => {
        const item = itemAtRef.current(index)
        return item && { id: item.entries.id, read: item.read }
      }
      // The element's own offset: the virtualizer's may not have seen this scroll event yet.
      batcher.current?.add(scrolledPastIds(virtualizer.measurementsCache, entryAt, event.currentTarget.scrollTop))
    },
    [scrollMarkUnread, virtualizer],
  )

  const onHover = useCallback(
    (item: EntryListItem | undefined) => {
      if (pointerMoved && hoverMarkUnread) queue([item])
    },
    [hoverMarkUnread, queue],
  )

  // renderMarkUnread: the rows on screen, not the ones rendered out of sight above and below it (overscan), and
  // only once the rows have settled: the first layout, from estimated heights, can show a row that the measured
  // one does not.
  const shown = shownItems(virtualizer)
  const shownKey = shown.map((virtualRow) => virtualRow.key).join(",")
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the rows on screen.
  useEffect(() => {
    if (!renderMarkUnread) return
    const timer = setTimeout(() => {
      queue(shownItems(virtualizer).map((virtualRow) => itemAtRef.current(virtualRow.index)))
    }, RENDER_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [renderMarkUnread, shownKey, queue, virtualizer])

  const listHandlers = {
    onScroll,
    onWheel: onIntent,
    onTouchMove: onIntent,
    onKeyDown: onIntent,
    onPointerDown: onIntent,
  }
  return { listHandlers, onHover }
}
