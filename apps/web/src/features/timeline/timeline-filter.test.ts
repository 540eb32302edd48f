import type { FeedSubscription } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { parseTimelineLocation } from "../../lib/route-ids.ts"
import { buildEntryFilter, buildMarkAllRead } from "./timeline-filter.ts"

const sub = (feedId: string, view: number, category: string | null) =>
  ({ feedId, view, category, feeds: { id: feedId } }) as FeedSubscription

const subs = [sub("1", 0, "Tech"), sub("2", 0, "Tech"), sub("3", 0, null), sub("4", 1, "Tech")]
const at = (timelineId: string, feedId: string) => parseTimelineLocation({ timelineId, feedId })

describe("buildEntryFilter", () => {
  it("sends only the view for all, and read:false when unread-only", () => {
    expect(buildEntryFilter(at("view-0", "all"), subs, true)).toEqual({ view: 0, read: false })
    expect(buildEntryFilter(at("view-0", "pending"), subs, false)).toEqual({ view: 0, read: undefined })
    expect(buildEntryFilter(at("view--1", "all"), subs, false)).toEqual({ view: undefined, read: undefined })
  })

  it("sends the folder's feeds of the current view as feedIdList", () => {
    expect(buildEntryFilter(at("view-0", "folder-Tech"), subs, true)).toEqual({
      view: 0,
      feedIdList: ["1", "2"],
      read: false,
    })
    expect(buildEntryFilter(at("view-0", "folder-Empty"), subs, true)).toBeNull()
  })

  it("asks for a saved search's matches by its id alone (its query decides views and feeds)", () => {
    expect(buildEntryFilter(at("view-0", "search-s1"), subs, true)).toEqual({ searchId: "s1", read: false })
    expect(buildMarkAllRead(at("view-0", "search-s1"), subs)).toEqual({ input: { searchId: "s1" }, feedIds: [] })
  })

  it("asks for starred entries whatever their read state", () => {
    expect(buildEntryFilter(at("view-0", "collections"), subs, true)).toEqual({ view: 0, isCollection: true })
  })

  it("asks for the content in the Social media view, whose cards show the post itself", () => {
    expect(buildEntryFilter(at("view-1", "all"), subs, true)).toEqual({ view: 1, read: false, withContent: true })
    expect(buildEntryFilter(at("view-1", "4"), subs, false)).toEqual({
      feedId: "4",
      read: undefined,
      withContent: true,
    })
    expect(buildEntryFilter(at("view-0", "all"), subs, true)?.withContent).toBeUndefined()
  })

  it("filters one feed by its id", () => {
    expect(buildEntryFilter(at("view-0", "3"), subs, true)).toEqual({ feedId: "3", read: false })
  })
})

describe("buildMarkAllRead", () => {
  it("covers the feed, the folder or the view", () => {
    expect(buildMarkAllRead(at("view-0", "3"), subs)).toEqual({ input: { feedId: "3" }, feedIds: ["3"] })
    expect(buildMarkAllRead(at("view-0", "folder-Tech"), subs)).toEqual({
      input: { feedIdList: ["1", "2"] },
      feedIds: ["1", "2"],
    })
    expect(buildMarkAllRead(at("view-1", "all"), subs)).toEqual({ input: { view: 1 }, feedIds: ["4"] })
    expect(buildMarkAllRead(at("view-0", "collections"), subs)).toBeUndefined()
  })
})
