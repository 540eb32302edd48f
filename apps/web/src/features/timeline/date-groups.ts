// Rows of the entry list: entries, with a day heading before each new calendar day when grouping by date.
import type { EntryListItem } from "@tidings/shared"

export type EntryRow =
  | { type: "day"; key: string; date: Date; relative: "today" | "yesterday" | undefined }
  /** date: the item's date, made once per list build so memoised rows keep equal props while the list scrolls. */
  | { type: "entry"; key: string; item: EntryListItem; date: Date }

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`

function relativeDay(date: Date, now: Date): "today" | "yesterday" | undefined {
  if (dayKey(date) === dayKey(now)) return "today"
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)
  return dayKey(date) === dayKey(yesterday) ? "yesterday" : undefined
}

/**
 * Dates made once per item (and list kind): a new page rebuilds the rows, and rows already on screen then keep
 * the same date object, so their memoised components do not render again.
 */
const publishedDates = new WeakMap<EntryListItem, Date>()
const starredDates = new WeakMap<EntryListItem, Date>()

/** The date an item is grouped and shown by: publishedAt, or the star time in the starred list. */
export function itemDate(item: EntryListItem, starredList: boolean): Date {
  const cache = starredList ? starredDates : publishedDates
  let date = cache.get(item)
  if (!date) {
    const value = starredList ? (item.collections?.createdAt ?? item.entries.publishedAt) : item.entries.publishedAt
    date = new Date(value)
    cache.set(item, date)
  }
  return date
}

export function buildEntryRows(
  items: readonly EntryListItem[],
  options: { groupByDate: boolean; starredList: boolean; now: Date },
): EntryRow[] {
  const rows: EntryRow[] = []
  let lastDay: string | undefined
  for (const item of items) {
    const date = itemDate(item, options.starredList)
    if (options.groupByDate) {
      const key = dayKey(date)
      if (key !== lastDay) {
        rows.push({ type: "day", key: `day:${key}`, date, relative: relativeDay(date, options.now) })
        lastDay = key
      }
    }
    rows.push({ type: "entry", key: item.entries.id, item, date })
  }
  return rows
}
