import { describe, expect, it } from "vitest"
import { testSubscription } from "../../test/fixtures.ts"
import { feedRow, filterRows, nextSort, type SourceRow, sortRows, sourceRows } from "./source-rows.ts"

const sub = testSubscription

const rows: SourceRow[] = [
  feedRow(sub("1", { title: "beta", category: "Tech", view: 1, createdAt: "2025-03-01T00:00:00Z" }), { 1: 4 }),
  feedRow(sub("2", { title: "Alpha", createdAt: "2025-01-01T00:00:00Z" }, { updatedAt: 2000 }), { 2: 9 }),
  feedRow(sub("3", { title: "gamma", category: "art", createdAt: "2025-02-01T00:00:00Z" }, { updatedAt: 1000 }), {}),
]
const titles = (list: SourceRow[]) => list.map((row) => row.title)

describe("settings › feeds rows", () => {
  it("sorts text without regard to case, numbers and dates, empty values last either way", () => {
    expect(titles(sortRows(rows, { key: "title", direction: "ascending" }))).toEqual(["Alpha", "beta", "gamma"])
    expect(titles(sortRows(rows, { key: "title", direction: "descending" }))).toEqual(["gamma", "beta", "Alpha"])
    expect(titles(sortRows(rows, { key: "category", direction: "ascending" }))).toEqual(["gamma", "beta", "Alpha"])
    expect(titles(sortRows(rows, { key: "category", direction: "descending" }))).toEqual(["beta", "gamma", "Alpha"])
    expect(titles(sortRows(rows, { key: "unread", direction: "descending" }))).toEqual(["Alpha", "beta", "gamma"])
    expect(titles(sortRows(rows, { key: "updated", direction: "ascending" }))).toEqual(["gamma", "Alpha", "beta"])
    expect(titles(sortRows(rows, { key: "created", direction: "descending" }))).toEqual(["beta", "gamma", "Alpha"])
    // Ties fall back to the title.
    expect(titles(sortRows(rows, { key: "view", direction: "ascending" }))).toEqual(["Alpha", "gamma", "beta"])
  })

  it("turns a column around on a second click; a new column starts from its natural end", () => {
    expect(nextSort({ key: "title", direction: "ascending" }, "title")).toEqual({
      key: "title",
      direction: "descending",
    })
    expect(nextSort({ key: "title", direction: "ascending" }, "unread")).toEqual({
      key: "unread",
      direction: "descending",
    })
    expect(nextSort({ key: "unread", direction: "descending" }, "category")).toEqual({
      key: "category",
      direction: "ascending",
    })
  })

  it("filters on title, address and category", () => {
    expect(titles(filterRows(rows, " ART "))).toEqual(["gamma"])
    expect(titles(filterRows(rows, "example.com/2"))).toEqual(["Alpha"])
    expect(filterRows(rows, "")).toHaveLength(3)
  })

  it("shows a feed's error only while it has one, and lists and inboxes with their kind", () => {
    const failing = feedRow(sub("9", {}, { errorAt: "2025-01-02T00:00:00Z", errorMessage: "HTTP 500" }), {})
    expect(failing.errorMessage).toBe("HTTP 500")
    expect(feedRow(sub("8", {}, { errorAt: null, errorMessage: "old" }), {}).errorMessage).toBeNull()
    const all = sourceRows(
      [],
      {
        lists: [{ listId: "L", view: 0, title: null, lists: { id: "L", title: "My list" } }],
        inboxes: [{ inboxId: "box", view: 0, title: null, inboxes: { id: "box", title: null } }],
      },
      { L: -2 },
    )
    expect(all.map((row) => `${row.key}:${row.title}:${row.unread}`)).toEqual(["list/L:My list:0", "inbox/box:box:0"])
  })
})
