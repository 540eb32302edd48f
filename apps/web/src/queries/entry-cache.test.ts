import type { EntryDetail, EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { dropEntry, type EntryPages, knownEntry, patchEntryPages, withRead, withStar } from "./entry-cache.ts"
import { nextPageCursor } from "./entry-filter.ts"

function item(id: string, extra: Partial<EntryListItem> = {}): EntryListItem {
  return {
    entries: { id, publishedAt: `2025-01-${id.padStart(2, "0")}T00:00:00.000Z` } as EntryListItem["entries"],
    feeds: { id: "feed-1" } as EntryListItem["feeds"],
    read: false,
    view: 0,
    from: ["feed"],
    ...extra,
  }
}

const pages = (...lists: EntryListItem[][]): EntryPages => ({ pages: lists, pageParams: lists.map(() => undefined) })

describe("patchEntryPages", () => {
  it("patches matching items across pages and keeps the rest", () => {
    const data = pages([item("1"), item("2")], [item("3")])
    const next = patchEntryPages(
      data,
      (i) => i.entries.id === "3",
      (i) => withRead(i, true),
    )
    expect(next?.pages[1][0].read).toBe(true)
    expect(next?.pages[0][0]).toBe(data.pages[0][0])
  })

  it("returns the same object when nothing matched", () => {
    const data = pages([item("1")])
    expect(
      patchEntryPages(
        data,
        () => false,
        (i) => i,
      ),
    ).toBe(data)
    expect(
      patchEntryPages(
        undefined,
        () => true,
        (i) => i,
      ),
    ).toBeUndefined()
  })
})

describe("withStar", () => {
  it("adds or removes the collections key", () => {
    const starred = withStar(item("1"), "2025-02-01T00:00:00.000Z")
    expect(starred.collections).toEqual({ createdAt: "2025-02-01T00:00:00.000Z" })
    expect("collections" in withStar(starred, null)).toBe(false)
  })
})

describe("knownEntry", () => {
  it("prefers the detail and falls back to list pages", () => {
    const list = pages([item("1", { read: true, collections: { createdAt: "x" } })])
    expect(knownEntry("1", undefined, [list])).toEqual({
      feedId: "feed-1",
      view: 0,
      read: true,
      starred: true,
      inbox: false,
    })
    const detail = { entries: { id: "1" }, feeds: { id: "feed-9" }, read: false } as EntryDetail
    expect(knownEntry("1", detail, [list])).toEqual({
      feedId: "feed-9",
      view: 0,
      read: false,
      starred: true,
      inbox: false,
    })
    expect(knownEntry("404", undefined, [list])).toBeUndefined()
  })

  it("knows an inbox entry by the inbox standing in the feed's place", () => {
    const inboxFeeds = { type: "inbox", id: "news" } as unknown as EntryListItem["feeds"]
    const list = pages([item("1", { feeds: inboxFeeds })])
    expect(knownEntry("1", undefined, [list])).toMatchObject({ feedId: "news", inbox: true })
  })
})

describe("nextPageCursor", () => {
  const full = Array.from({ length: 20 }, (_, i) => item(String(i + 1)))

  it("stops after a short page", () => {
    expect(nextPageCursor(full.slice(0, 19), {})).toBeUndefined()
  })

  it("uses the last publishedAt, or the star time in the starred list", () => {
    expect(nextPageCursor(full, {})).toBe(full[19].entries.publishedAt)
    const starred = full.map((i, n) => withStar(i, `2025-03-${String(n + 1).padStart(2, "0")}T00:00:00.000Z`))
    expect(nextPageCursor(starred, { isCollection: true })).toBe("2025-03-20T00:00:00.000Z")
  })
})

describe("dropEntry", () => {
  it("removes the entry from whichever page holds it and leaves other caches untouched", () => {
    const data = pages([item("1"), item("2")], [item("3")])
    expect(dropEntry(data, "3")?.pages).toEqual([[item("1"), item("2")], []])
    expect(dropEntry(data, "9")).toBe(data)
    expect(dropEntry(undefined, "1")).toBe(undefined)
  })
})
