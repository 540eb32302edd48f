// A virtual grid for the Pictures and Videos views: as many columns as fit, each card placed in the shortest
// column (masonry) or in rows of equal cells, with the next page loaded near the end.
import { useVirtualizer } from "@tanstack/react-virtual"
import type { EntryListItem } from "@tidings/shared"
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Spinner } from "../../../components/ui/spinner.tsx"
import { usePlayerInset } from "../../player/use-player.ts"
import { useAutoMarkRead } from "../../timeline/use-auto-mark-read.ts"

export interface MediaGridProps {
  items: EntryListItem[]
  hasNextPage: boolean
  fetchingNextPage: boolean
  fetchNextPage: () => void
  minColumnWidth: number
  /** Height of a card in a column this wide, before it is measured. */
  estimateHeight: (item: EntryListItem, columnWidth: number) => number
  renderCard: (item: EntryListItem) => ReactNode
  testId: string
}

const GAP = 8
const PADDING = 8
const PREFETCH_ITEMS = 12

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

export function MediaGrid(props: MediaGridProps) {
  const { t } = useTranslation("common")
  const { items, hasNextPage, fetchingNextPage, fetchNextPage } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const playerInset = usePlayerInset()
  const width = useWidth(scrollRef)
  const inner = Math.max(0, width - PADDING * 2)
  const lanes = Math.max(1, Math.floor((inner + GAP) / (props.minColumnWidth + GAP)))
  const columnWidth = lanes > 0 ? (inner - GAP * (lanes - 1)) / lanes : inner
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => props.estimateHeight(items[index], columnWidth) + GAP,
    getItemKey: (index) => items[index]?.entries.id ?? index,
    lanes,
    overscan: 4,
    paddingStart: PADDING,
    paddingEnd: PADDING + playerInset,
  })
  // New column widths change every estimate: measure again.
  useEffect(() => {
    if (columnWidth > 0) virtualizer.measure()
  }, [virtualizer, columnWidth])
  const virtualItems = virtualizer.getVirtualItems()
  const lastIndex = virtualItems.at(-1)?.index ?? 0
  const autoMark = useAutoMarkRead((index) => items[index], virtualizer)

  useEffect(() => {
    if (hasNextPage && !fetchingNextPage && lastIndex >= items.length - PREFETCH_ITEMS) fetchNextPage()
  }, [hasNextPage, fetchingNextPage, lastIndex, items.length, fetchNextPage])

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      data-testid={props.testId}
      {...autoMark.listHandlers}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {width > 0 &&
          virtualItems.map((virtualItem) => (
            <div
              key={virtualItem.key}
              ref={virtualizer.measureElement}
              data-index={virtualItem.index}
              className="absolute top-0"
              style={{
                left: PADDING + virtualItem.lane * (columnWidth + GAP),
                width: columnWidth,
                paddingBottom: GAP,
                transform: `translateY(${virtualItem.start}px)`,
              }}
              onPointerMove={() => autoMark.onHover(items[virtualItem.index])}
            >
              {props.renderCard(items[virtualItem.index])}
            </div>
          ))}
      </div>
      {fetchingNextPage && (
        <div className="flex h-12 items-center justify-center text-ink-faint">
          <Spinner className="size-4" label={t("status.loading")} />
        </div>
      )}
    </div>
  )
}
