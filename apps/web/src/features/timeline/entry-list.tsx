// The virtualised entry list with date headings and infinite paging (next page near the end of the list).

import { useVirtualizer } from "@tanstack/react-virtual"
import type { EntryListItem } from "@tidings/shared"
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef } from "react"
import { Spinner } from "../../components/ui/spinner.tsx"
import { firstScreenShown } from "../../lib/first-screen.ts"
import { formatDayHeading } from "../../lib/format-date.ts"
import { type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { useNow } from "../../lib/use-now.ts"
import { useTimelineTranslations } from "../ai/use-timeline-translation.ts"
import { usePlayerInset } from "../player/use-player.ts"
import { buildEntryRows, type EntryRow as Row } from "./date-groups.ts"
import { EntryRow, type EntryRowProps } from "./entry-row.tsx"
import { useRowText } from "./row-text.tsx"
import { useAutoMarkRead } from "./use-auto-mark-read.ts"
import { useNextPage } from "./use-next-page.ts"

export interface EntryListProps {
  items: EntryListItem[]
  location: TimelineLocation
  groupByDate: boolean
  hasNextPage: boolean
  fetchingNextPage: boolean
  fetchNextPage: () => void
  /** A view's own row (social card, audio row, …); the article row by default. */
  renderItem?: (row: EntryRowProps) => ReactNode
  /** The first guess of a row's height before it is measured. */
  estimateRowSize?: number
}

const PREFETCH_ROWS = 5

export function EntryList(props: EntryListProps) {
  const { items, location, hasNextPage, fetchingNextPage, fetchNextPage } = props
  const starredList = location.feed.kind === "collections"
  const now = useNow()
  const rows = useMemo(
    () => buildEntryRows(items, { groupByDate: props.groupByDate, starredList, now }),
    [items, props.groupByDate, starredList, now],
  )
  const scrollRef = useRef<HTMLDivElement>(null)
  const playerInset = usePlayerInset()
  const rowSize = props.estimateRowSize ?? 100
  // Stable between scroll frames: the virtualizer lays out every loaded row again whenever getItemKey changes.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? "loader", [rows])
  const estimateSize = useCallback((index: number) => (rows[index]?.type === "day" ? 36 : rowSize), [rows, rowSize])
  const virtualizer = useVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
    paddingEnd: playerInset,
  })
  const virtualRows = virtualizer.getVirtualItems()
  const autoMark = useAutoMarkRead((index) => {
    const row = rows[index]
    return row?.type === "entry" ? row.item : undefined
  }, virtualizer)
  const lastIndex = virtualRows.at(-1)?.index ?? 0
  useTimelineTranslations(
    virtualRows.flatMap((virtualRow) => {
      const row = rows[virtualRow.index]
      return row?.type === "entry" ? [row.item] : []
    }),
  )

  const drawn = virtualRows.length > 0
  useEffect(() => {
    if (drawn) firstScreenShown()
  }, [drawn])

  useNextPage(hasNextPage && !fetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS, fetchNextPage)

  // Keep the open entry in sight when it changes from elsewhere (j/k, the palette).
  // Memoised: the list renders on every scroll frame, and the search is as long as the list.
  const activeIndex = useMemo(
    () => rows.findIndex((row) => row.type === "entry" && row.item.entries.id === location.entryId),
    [rows, location.entryId],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new open entry moves the list, not new pages.
  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: "auto" })
  }, [location.entryId])

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      data-testid="entry-list"
      {...autoMark.listHandlers}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((virtualRow) => (
          <ListSlot
            key={virtualRow.key}
            index={virtualRow.index}
            top={virtualRow.start}
            measure={virtualizer.measureElement}
            row={rows[virtualRow.index]}
            location={location}
            now={now}
            starredList={starredList}
            renderItem={props.renderItem}
            onHover={autoMark.onHover}
          />
        ))}
      </div>
    </div>
  )
}

interface ListSlotProps extends ListRowProps {
  index: number
  top: number
  measure: (element: HTMLElement | null) => void
  onHover: (item: EntryListItem) => void
}

/** One row's place. Memoised: while the list scrolls, the rows already placed keep equal props and do not render. */
const ListSlot = memo(function ListSlot({ index, top, measure, onHover, ...rowProps }: ListSlotProps) {
  const { row } = rowProps
  return (
    <div
      ref={measure}
      data-index={index}
      className="absolute top-0 left-0 w-full"
      style={{ transform: `translateY(${top}px)` }}
      onPointerMove={row?.type === "entry" ? () => onHover(row.item) : undefined}
    >
      <ListRow {...rowProps} />
    </div>
  )
})

interface ListRowProps {
  row: Row | undefined
  location: TimelineLocation
  now: Date
  starredList: boolean
  renderItem?: (row: EntryRowProps) => ReactNode
}

function ListRow(props: ListRowProps) {
  const { t, language } = useRowText()
  const { row, location, now } = props
  if (!row) {
    return (
      <div className="flex h-14 items-center justify-center text-ink-faint">
        <Spinner className="size-4" label={t("common:status.loading")} />
      </div>
    )
  }
  if (row.type === "day") {
    const label = row.relative ? t(`timeline.day.${row.relative}`) : formatDayHeading(row.date, now, language)
    return (
      <h2
        className="px-5 pt-4 pb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase"
        data-testid="day-heading"
      >
        {label}
      </h2>
    )
  }
  const to = timelinePath({ view: location.view, feed: location.feed, entryId: row.item.entries.id })
  const rowProps: EntryRowProps = {
    item: row.item,
    to,
    active: location.entryId === row.item.entries.id,
    date: row.date,
    now,
  }
  return props.renderItem ? props.renderItem(rowProps) : <EntryRow {...rowProps} />
}
