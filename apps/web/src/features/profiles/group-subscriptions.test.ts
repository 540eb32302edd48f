import { describe, expect, it } from "vitest"
import { testSubscription } from "../../test/fixtures.ts"
import { groupSubscriptions } from "./group-subscriptions.ts"

const sub = (feedId: string, view: number, category: string | null, title: string) =>
  testSubscription(
    feedId,
    { view, category, createdAt: "2026-01-01T00:00:00.000Z" },
    { title, url: `https://example.test/${feedId}.xml` },
  )

describe("groupSubscriptions", () => {
  it("groups by view in the views' order, then by category with uncategorised last", () => {
    const groups = groupSubscriptions([
      sub("1", 2, null, "Photos"),
      sub("2", 0, null, "Zeta"),
      sub("3", 0, "Tech", "Beta"),
      sub("4", 0, "Art", "Alpha"),
      sub("5", 0, "Tech", "Alpha"),
    ])
    expect(
      groups.map((g) => [g.view, g.categories.map((c) => [c.category, c.subscriptions.map((s) => s.feedId)])]),
    ).toEqual([
      [
        0,
        [
          ["Art", ["4"]],
          ["Tech", ["5", "3"]],
          [null, ["2"]],
        ],
      ],
      [2, [[null, ["1"]]]],
    ])
  })

  it("has no groups for no subscriptions", () => {
    expect(groupSubscriptions([])).toEqual([])
  })
})
