import { describe, expect, it } from "vitest"
import { isListSubscription } from "../../api/subscriptions.ts"
import { searchCandidates } from "./palette-search.ts"
import { listCandidate } from "./use-palette-candidates.ts"

const followed = {
  listId: "L1",
  view: 1,
  title: null,
  lists: { id: "L1", title: "Design weekly", description: "Type and layout" },
}

describe("lists in the palette", () => {
  it("keeps only list items of GET /subscriptions", () => {
    expect(isListSubscription(followed)).toBe(true)
    expect(isListSubscription({ feedId: "1", feeds: {} })).toBe(false)
  })

  it("offers a followed list under its own title, or the list's, and finds it", () => {
    const candidate = listCandidate(followed)
    expect(candidate).toEqual({ id: "L1", kind: "list", title: "Design weekly", subtitle: "Type and layout" })
    expect(listCandidate({ ...followed, title: "Mine" }).title).toBe("Mine")
    const results = searchCandidates(
      [{ id: "f", kind: "feed", title: "Design notes" }, { id: "x", kind: "folder", title: "Design" }, candidate],
      "design",
    )
    expect(results.map((hit) => hit.kind)).toEqual(["feed", "list", "folder"])
  })
})
