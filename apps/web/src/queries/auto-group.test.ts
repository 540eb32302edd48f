import { describe, expect, it } from "vitest"
import { testSubscription } from "../test/fixtures.ts"
import { withAutoGroups } from "./auto-group.ts"
import { feedIdsInCategory, groupByCategory } from "./subscription-selectors.ts"

const sub = (feedId: string, url: string, options: { category?: string; siteUrl?: string; view?: number } = {}) =>
  testSubscription(
    feedId,
    { view: options.view ?? 0, category: options.category ?? null, createdAt: "2026-01-01T00:00:00.000Z" },
    { url, siteUrl: options.siteUrl ?? null },
  )

const subs = [
  sub("a", "https://www.example.com/posts.xml"),
  sub("b", "https://feeds.example.net/comments", { siteUrl: "https://example.com/" }),
  sub("c", "https://solo.test/feed"),
  sub("d", "https://example.com/tagged.xml", { category: "Reading" }),
  sub("e", "https://example.com/pictures.xml", { view: 2 }),
  sub("f", "rsshub://github/trending"),
]

describe("autoGroup", () => {
  it("groups uncategorised feeds of one site, in one view, when two or more share it", () => {
    const { folders, loose } = groupByCategory(withAutoGroups(subs).filter((s) => s.view === 0))
    expect(folders.map((f) => [f.category, f.subscriptions.map((s) => s.feedId)])).toEqual([
      ["example.com", ["a", "b"]],
      ["Reading", ["d"]],
    ])
    expect(loose.map((s) => s.feedId)).toEqual(["c", "f"])
  })

  it("leaves everything as it is when no site is shared, and never groups by a bare machine name or address", () => {
    const single = [sub("a", "https://one.test/feed"), sub("b", "https://two.test/feed")]
    expect(withAutoGroups(single)).toEqual(single)
    const machines = [
      sub("a", "http://127.0.0.1:8080/a.xml"),
      sub("b", "http://127.0.0.1:8080/b.xml"),
      sub("c", "http://localhost/c.xml"),
      sub("d", "http://localhost/d.xml"),
      sub("e", "http://[::1]/e.xml"),
      sub("f", "http://[::1]/f.xml"),
    ]
    expect(withAutoGroups(machines)).toEqual(machines)
  })

  it("lets the timeline find an automatic folder's feeds by its name", () => {
    expect(feedIdsInCategory(subs, 0, "example.com").sort()).toEqual(["a", "b"])
    expect(feedIdsInCategory(subs, 0, "Reading")).toEqual(["d"])
    expect(feedIdsInCategory(subs, 0, "solo.test")).toEqual([])
  })
})
