// A virtual grid for the Pictures and Videos views: as many columns as fit, each card placed in the shortest
// column (masonry) or in rows of equal cells, with the next page loaded near the end.
// Cards are drawn at the height estimateHeight gives, so the grid never measures them: a scroll frame only mounts
// the cards coming into view, and a new page only places its own cards.
import { useVirtualizer } from "@tanstack/react-virtual"
import type { EntryListItem } from "@tidings/shared"
import { memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Spinner } from "../../../components/ui/spinner.tsx"
import { firstScreenShown } from "../../../lib/first-screen.ts"
import { usePlayerInset } from "../../player/use-player.ts"
import { useAutoMarkRead } from "../../timeline/use-auto-mark-read.ts"
import { useNextPage } from "../../timeline/use-next-page.ts"
import { FlingProvider, useFling } from "./fling.tsx"

export interface MediaGridProps {
  items: EntryListItem[]
  hasNextPage: boolean
  fetchingNextPage: boolean
  fetchNextPage: () => void
  minColumnWidth: number
  /** Height of a card in a column this wide: the card is drawn at exactly this height. */
  estimateHeight: (item: EntryListItem, columnWidth: number) => number
  renderCard: (item: EntryListItem) => ReactNode
  testId: string
}

const GAP = 8
const PADDING = 8
const PREFETCH_ITEMS = 12
/** Rows of cards rendered beyond the visible ones, above and below (times the number of columns). */
const OVERSCAN_ROWS = 2

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
  const flinging = useFling(scrollRef)
  const inner = Math.max(0, width - PADDING * 2)
  const lanes = Math.max(1, Math.floor((inner + GAP) / (props.minColumnWidth + GAP)))
  const columnWidth = lanes > 0 ? (inner - GAP * (lanes - 1)) / lanes : inner
  const { estimateHeight } = props
  // Stable between scroll frames: the virtualizer lays out every loaded item again whenever getItemKey changes.
  const getItemKey = useCallback((index: number) => items[index]?.entries.id ?? index, [items])
  const estimateSize = useCallback(
    (index: number) => estimateHeight(items[index], columnWidth) + GAP,
    [estimateHeight, items, columnWidth],
  )
  const virtualizer = useVirtualizer({
    // No layout before the grid's width (and so its columns) is known: one laid out in a single column first kept
    // that layout's measurements for the rows' read marking once the columns came.
    count: width > 0 ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    lanes,
    overscan: OVERSCAN_ROWS,
    paddingStart: PADDING,
    paddingEnd: PADDING + playerInset,
  })
  // New column widths change every card's height: lay out again.
  useEffect(() => {
    if (columnWidth > 0) virtualizer.measure()
  }, [virtualizer, columnWidth])
  const virtualItems = virtualizer.getVirtualItems()
  const drawn = width > 0 && virtualItems.length > 0
  useEffect(() => {
    if (drawn) firstScreenShown()
  }, [drawn])
  const lastIndex = virtualItems.at(-1)?.index ?? 0
  const autoMark = useAutoMarkRead((index) => items[index], virtualizer)

  useNextPage(hasNextPage && !fetchingNextPage && lastIndex >= items.length - PREFETCH_ITEMS, fetchNextPage)

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      data-testid={props.testId}
      {...autoMark.listHandlers}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        <FlingProvider value={flinging}>
          {width > 0 &&
            virtualItems.map((virtualItem) => (
              <GridSlot
                key={virtualItem.key}
                index={virtualItem.index}
                item={items[virtualItem.index]}
                left={PADDING + virtualItem.lane * (columnWidth + GAP)}
                top={virtualItem.start}
                width={columnWidth}
                height={virtualItem.size}
                renderCard={props.renderCard}
                onHover={autoMark.onHover}
              />
            ))}
        </FlingProvider>
      </div>
      {fetchingNextPage && (
        <div className="flex h-12 items-center justify-center text-ink-faint">
          <Spinner className="size-4" label={t("status.loading")} />
        </div>
      )}
    </div>
  )
}

interface GridSlotProps {
  index: number
  item: EntryListItem
  left: number
  top: number
  width: number
  height: number
  renderCard: (item: EntryListItem) => ReactNode
  onHover: (item: EntryListItem) => void
}

/**
 * One card's place. Memoised: while the grid scrolls, the cards already placed keep equal props and do not render
 * again. Its size is fixed (and contained), so laying out one card never touches the others.
 */
const GridSlot = memo(function GridSlot({ index, item, left, top, width, height, renderCard, onHover }: GridSlotProps) {
  return (
    <div
      data-index={index}
      className="absolute top-0"
      style={{ left, width, height, paddingBottom: GAP, transform: `translateY(${top}px)`, contain: "size layout" }}
      onPointerMove={() => onHover(item)}
    >
      {renderCard(item)}
    </div>
  )
})
