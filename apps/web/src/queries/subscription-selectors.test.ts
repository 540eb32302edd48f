import type { FeedSubscription } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { testSubscription } from "../test/fixtures.ts"
import {
  categoryNames,
  feedIdsByView,
  feedIdsInCategory,
  groupByCategory,
  privateFeedIds,
  subscriptionsInView,
  subscriptionTitle,
  withUnread,
} from "./subscription-selectors.ts"

const sub = (feedId: string, fields: Partial<FeedSubscription> = {}, feedTitle: string | null = feedId) =>
  testSubscription(feedId, fields, { title: feedTitle })

const subs = [
  sub("b", { category: "Tech" }),
  sub("a", { category: "Tech" }),
  sub("c", { category: "  " }),
  sub("d", { category: "News", view: 1 }),
  sub("e", { title: "Zed" }),
]

describe("subscription selectors", () => {
  it("prefers the subscription title, then the feed title, then the URL", () => {
    expect(subscriptionTitle(sub("x", { title: "Mine" }))).toBe("Mine")
    expect(subscriptionTitle(sub("x"))).toBe("x")
    expect(subscriptionTitle(sub("x", {}, null))).toBe("https://example.com/x")
  })

  it("groups by category with uncategorised feeds at the top level, sorted", () => {
    const grouped = groupByCategory(subscriptionsInView(subs, 0))
    expect(grouped.folders.map((f) => f.category)).toEqual(["Tech"])
    expect(grouped.folders[0].subscriptions.map((s) => s.feedId)).toEqual(["a", "b"])
    expect(grouped.loose.map((s) => s.feedId)).toEqual(["c", "e"])
  })

  it("finds feed ids of a folder within its view", () => {
    expect(feedIdsInCategory(subs, 0, "Tech").sort()).toEqual(["a", "b"])
    expect(feedIdsInCategory(subs, 0, "News")).toEqual([])
    expect(feedIdsInCategory(subs, -1, "News")).toEqual(["d"])
  })

  it("lists categories and feeds per view", () => {
    expect(categoryNames(subs)).toEqual(["News", "Tech"])
    expect(feedIdsByView(subs).get(1)).toEqual(["d"])
    expect(feedIdsByView(subs).get(0)?.length).toBe(4)
  })
})

describe("hideAllReadSubscriptions and private subscriptions", () => {
  const subs = [sub("a"), sub("b", { isPrivate: true }), sub("c")]
  it("keeps subscriptions with unread entries and the one being read", () => {
    const unread: Record<string, number> = { a: 2, b: 0, c: 0 }
    expect(withUnread(subs, (id) => unread[id] ?? 0).map((s) => s.feedId)).toEqual(["a"])
    expect(withUnread(subs, (id) => unread[id] ?? 0, "c").map((s) => s.feedId)).toEqual(["a", "c"])
  })
  it("names the private subscriptions' feeds", () => {
    expect([...privateFeedIds(subs)]).toEqual(["b"])
  })
})
