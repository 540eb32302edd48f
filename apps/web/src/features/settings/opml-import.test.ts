import type { FeedSubscription } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { fetchProgress, previewRows } from "./opml-import.ts"

const feed = (url: string) => ({ url, view: 0, category: null, title: url })

describe("OPML import preview", () => {
  it("marks followed feeds and stops taking new ones at the remaining quota", () => {
    const preview = { subscriptions: ["https://a/", "https://b", "https://c", "https://d"].map(feed), remaining: 2 }
    const rows = previewRows(preview, ["http://A"])
    expect(rows.map((r) => r.status)).toEqual(["followed", "new", "new", "over-quota"])
  })
  it("lists a feed the file holds twice once", () => {
    const rows = previewRows({ subscriptions: [feed("https://a"), feed("https://a/")], remaining: 5 }, [])
    expect(rows).toHaveLength(1)
  })
})

const sub = (feedId: string, state: { checkedAt?: string; errorAt?: string; errorMessage?: string }) =>
  ({
    feedId,
    title: null,
    feeds: {
      id: feedId,
      url: `https://${feedId}`,
      title: feedId,
      checkedAt: null,
      errorAt: null,
      errorMessage: null,
      ...state,
    },
  }) as unknown as FeedSubscription

describe("OPML import progress", () => {
  it("counts fetched and failed feeds and keeps the failure's reason", () => {
    const subs = [sub("a", { checkedAt: "x" }), sub("b", { errorAt: "x", errorMessage: "404" }), sub("c", {})]
    expect(fetchProgress(["a", "b", "c", "d"], subs)).toEqual({
      done: 2,
      total: 4,
      failed: [{ title: "b", reason: "404" }],
    })
  })
})
