import { describe, expect, it } from "vitest"
import {
  DEFAULT_TIMELINE_PATH,
  formatFeedId,
  parseEntryId,
  parseFeedId,
  parseTimelineId,
  parseTimelineLocation,
  timelinePath,
} from "./route-ids.ts"

describe("parseTimelineId", () => {
  it("reads the view number after the view prefix", () => {
    expect(parseTimelineId("view-0")).toBe(0)
    expect(parseTimelineId("view-3")).toBe(3)
    expect(parseTimelineId("view-5")).toBe(5)
    expect(parseTimelineId("view--1")).toBe(-1)
  })

  it("falls back to Articles for anything else", () => {
    for (const id of [undefined, "", "view-", "view-9", "view-1.5", "view-x", "timeline", "3"]) {
      expect(parseTimelineId(id)).toBe(0)
    }
  })
})

describe("parseFeedId", () => {
  it("knows the special values", () => {
    expect(parseFeedId("all")).toEqual({ kind: "all" })
    expect(parseFeedId("pending")).toEqual({ kind: "all" })
    expect(parseFeedId(undefined)).toEqual({ kind: "all" })
    expect(parseFeedId("collections")).toEqual({ kind: "collections" })
  })

  it("reads the prefixes", () => {
    expect(parseFeedId("list-123")).toEqual({ kind: "list", listId: "123" })
    expect(parseFeedId("inbox-me")).toEqual({ kind: "inbox", inboxId: "me" })
    expect(parseFeedId("search-77")).toEqual({ kind: "search", searchId: "77" })
    expect(parseFeedId("folder-Tech News")).toEqual({ kind: "folder", category: "Tech News" })
    expect(parseFeedId("view-2")).toEqual({ kind: "view", view: 2 })
    expect(parseFeedId("view-42")).toEqual({ kind: "all" })
  })

  it("takes anything else as a feed id", () => {
    expect(parseFeedId("98237498237492834")).toEqual({ kind: "feed", feedId: "98237498237492834" })
  })
})

describe("parseEntryId", () => {
  it("treats the pending marker as no entry", () => {
    expect(parseEntryId("pending")).toBeUndefined()
    expect(parseEntryId(undefined)).toBeUndefined()
    expect(parseEntryId("123")).toBe("123")
  })
})

describe("paths", () => {
  it("builds the default path of the root redirect", () => {
    expect(DEFAULT_TIMELINE_PATH).toBe("/timeline/view-0/all/pending")
  })

  it("URL-encodes folder names and round-trips through the parser", () => {
    const feed = { kind: "folder", category: "Tech & Science/News" } as const
    const path = timelinePath({ view: 1, feed, entryId: "77" })
    expect(path).toBe("/timeline/view-1/folder-Tech%20%26%20Science%2FNews/77")
    const [, , timelineId, feedId, entryId] = path.split("/")
    const parsed = parseTimelineLocation({ timelineId, feedId: decodeURIComponent(feedId), entryId })
    expect(parsed).toEqual({ view: 1, feed, entryId: "77" })
  })

  it("formats every kind", () => {
    expect(formatFeedId({ kind: "all" })).toBe("all")
    expect(formatFeedId({ kind: "collections" })).toBe("collections")
    expect(formatFeedId({ kind: "feed", feedId: "1" })).toBe("1")
    expect(formatFeedId({ kind: "list", listId: "2" })).toBe("list-2")
    expect(formatFeedId({ kind: "inbox", inboxId: "x" })).toBe("inbox-x")
    expect(formatFeedId({ kind: "search", searchId: "s1" })).toBe("search-s1")
    expect(formatFeedId({ kind: "view", view: 4 })).toBe("view-4")
  })
})
