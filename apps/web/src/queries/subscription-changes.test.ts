import { QueryClient } from "@tanstack/react-query"
import type { FeedSubscription, UnreadCounts } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { testSubscription } from "../test/fixtures.ts"
import { queryKeys } from "./keys.ts"
import { applySubscriptionChange, runSubscriptionChange } from "./subscription-cache.ts"
import {
  moveToCategory,
  moveToView,
  restoreCounts,
  restoreFeeds,
  withoutCounts,
  withoutFeeds,
} from "./subscription-changes.ts"
import { resubscribeInput } from "./subscriptions.ts"

const sub = (feedId: string, fields: Partial<FeedSubscription> = {}) => testSubscription(feedId, fields)

const ids = (subs: FeedSubscription[]) => subs.map((s) => `${s.feedId}:${s.category ?? "-"}:${s.view}`)

describe("subscription changes", () => {
  const subs = [sub("a", { category: "Tech" }), sub("b"), sub("c", { category: "News", view: 1 })]

  it("moves feeds to a category (blank means none) and to a view without touching the others", () => {
    expect(ids(moveToCategory(subs, ["a", "b"], "  Reading "))).toEqual(["a:Reading:0", "b:Reading:0", "c:News:1"])
    expect(ids(moveToCategory(subs, ["a"], " "))).toEqual(["a:-:0", "b:-:0", "c:News:1"])
    expect(ids(moveToView(subs, ["c", "b"], 3))).toEqual(["a:Tech:0", "b:-:3", "c:News:3"])
    expect(ids(subs)).toEqual(["a:Tech:0", "b:-:0", "c:News:1"])
  })

  it("puts back only the feeds a failed change touched, removed ones at their old place", () => {
    const removed = withoutFeeds(subs, ["b"])
    // Meanwhile another change moved c; rolling back the removal must keep that.
    const later = moveToCategory(removed, ["c"], "Later")
    expect(ids(restoreFeeds(later, subs, ["b"]))).toEqual(["a:Tech:0", "b:-:0", "c:Later:1"])
    const moved = moveToCategory(subs, ["a", "c"], "X")
    expect(ids(restoreFeeds(moved, subs, ["a", "c"]))).toEqual(ids(subs))
    // An undone unsubscribe that fails removes the feed it had put back.
    expect(ids(restoreFeeds(subs, removed, ["b"]))).toEqual(["a:Tech:0", "c:News:1"])
  })

  it("drops and restores unread counts, never below 0", () => {
    const counts: UnreadCounts = { a: 2, b: 5 }
    expect(withoutCounts(counts, ["b", "zz"])).toEqual({ a: 2 })
    expect(restoreCounts({ a: 0 }, counts, ["b"])).toEqual({ a: 0, b: 5 })
    expect(restoreCounts({ a: 1, c: 4 }, { a: -3 }, ["a", "c"])).toEqual({ a: 0 })
  })
})

describe("optimistic subscription changes in the query cache", () => {
  function cache() {
    const queryClient = new QueryClient()
    queryClient.setQueryData(queryKeys.subscriptions, [sub("a", { category: "Tech" }), sub("b"), sub("c")])
    queryClient.setQueryData(queryKeys.unread, { a: 1, b: 3, c: 0 })
    return queryClient
  }
  const cached = (queryClient: QueryClient) => ids(queryClient.getQueryData(queryKeys.subscriptions) ?? [])

  it("shows the change at once and keeps it when the server accepts", async () => {
    const queryClient = cache()
    let sent = false
    const change = { feedIds: ["b"], apply: (s: FeedSubscription[]) => withoutFeeds(s, ["b"]), dropUnread: true }
    const pending = runSubscriptionChange(queryClient, change, async () => {
      expect(cached(queryClient)).toEqual(["a:Tech:0", "c:-:0"])
      sent = true
    })
    await pending
    expect(sent).toBe(true)
    expect(cached(queryClient)).toEqual(["a:Tech:0", "c:-:0"])
    expect(queryClient.getQueryData(queryKeys.unread)).toEqual({ a: 1, c: 0 })
  })

  it("rolls back the feeds and their unread counts when the server refuses, keeping other changes", async () => {
    const queryClient = cache()
    const refused = new Error("refused")
    const change = { feedIds: ["b"], apply: (s: FeedSubscription[]) => withoutFeeds(s, ["b"]), dropUnread: true }
    const attempt = runSubscriptionChange(queryClient, change, async () => {
      // A second change lands while the first is in flight.
      await applySubscriptionChange(queryClient, {
        feedIds: ["a"],
        apply: (s) => moveToCategory(s, ["a"], "Moved"),
      })
      throw refused
    })
    await expect(attempt).rejects.toBe(refused)
    expect(cached(queryClient)).toEqual(["a:Moved:0", "b:-:0", "c:-:0"])
    expect(queryClient.getQueryData(queryKeys.unread)).toEqual({ a: 1, b: 3, c: 0 })
  })
})

describe("undo of an unsubscribe", () => {
  it("subscribes again with the same view, category, title, privacy and timeline setting", () => {
    const gone = sub("x", { view: 3, category: "Clips", title: "Mine", isPrivate: true, hideFromTimeline: true })
    expect(resubscribeInput(gone)).toEqual({
      url: "https://example.com/x",
      view: 3,
      category: "Clips",
      title: "Mine",
      isPrivate: true,
      hideFromTimeline: true,
    })
  })
})
