import type { EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { buildEntryRows } from "./date-groups.ts"

const now = new Date(2025, 5, 15, 12, 0)

function item(id: string, published: Date, starred?: Date): EntryListItem {
  return {
    entries: { id, publishedAt: published.toISOString() },
    feeds: { id: "f" },
    read: false,
    view: 0,
    from: [],
    ...(starred ? { collections: { createdAt: starred.toISOString() } } : {}),
  } as unknown as EntryListItem
}

const items = [
  item("a", new Date(2025, 5, 15, 9)),
  item("b", new Date(2025, 5, 15, 0, 5)),
  item("c", new Date(2025, 5, 14, 23, 59)),
  item("d", new Date(2025, 5, 10, 8), new Date(2025, 5, 15, 11)),
]

describe("buildEntryRows", () => {
  it("puts a day heading before each new local day", () => {
    const rows = buildEntryRows(items, { groupByDate: true, starredList: false, now })
    expect(rows.map((row) => (row.type === "day" ? `#${row.relative ?? row.date.getDate()}` : row.key))).toEqual([
      "#today",
      "a",
      "b",
      "#yesterday",
      "c",
      "#10",
      "d",
    ])
  })

  it("groups the starred list by star time", () => {
    const rows = buildEntryRows(items.slice(3), { groupByDate: true, starredList: true, now })
    expect(rows[0]).toMatchObject({ type: "day", relative: "today" })
  })

  it("lists entries only when not grouping", () => {
    const rows = buildEntryRows(items, { groupByDate: false, starredList: false, now })
    expect(rows.every((row) => row.type === "entry")).toBe(true)
    expect(rows).toHaveLength(4)
  })
})

describe("rows rebuilt for a new page", () => {
  it("keep the date objects of the items already listed, so their memoised rows do not render again", () => {
    const first = buildEntryRows(items.slice(0, 2), { groupByDate: false, starredList: false, now })
    const second = buildEntryRows(items, { groupByDate: false, starredList: false, now })
    const dateOf = (rows: ReturnType<typeof buildEntryRows>, key: string) => rows.find((row) => row.key === key)?.date
    expect(dateOf(second, "a")).toBe(dateOf(first, "a"))
    expect(dateOf(second, "b")).toBe(dateOf(first, "b"))
    // The starred list dates the same item by its star time.
    const starred = buildEntryRows(items, { groupByDate: false, starredList: true, now })
    expect(dateOf(starred, "d")?.getDate()).toBe(15)
    expect(dateOf(second, "d")?.getDate()).toBe(10)
  })
})
