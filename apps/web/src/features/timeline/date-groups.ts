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

/** The date an item is grouped and shown by: publishedAt, or the star time in the starred list. */
export function itemDate(item: EntryListItem, starredList: boolean): Date {
  const value = starredList ? (item.collections?.createdAt ?? item.entries.publishedAt) : item.entries.publishedAt
  return new Date(value)
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
