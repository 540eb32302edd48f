import { describe, expect, it } from "vitest"
import type { RsshubNamespace } from "../../api/discover.ts"
import { categoryCounts, namespaceFollowers, routeFollowers, routeItems } from "./catalogue.ts"

const catalogue: Record<string, RsshubNamespace> = {
  github: {
    name: "GitHub",
    categories: ["programming"],
    routes: {
      "/issue/:user/:repo": { path: "/issue/:user/:repo", name: "Issues", categories: ["programming"] },
      "/:user/stars": { path: "/:user/stars", name: "Stars", categories: ["programming", "popular"] },
    },
  },
  bbc: {
    name: "BBC",
    routes: { "/:channel?": { path: "/:channel?", name: "News", categories: ["traditional-media"] } },
  },
}

describe("the RSSHub catalogue", () => {
  it("lists routes with their namespace, narrowed by the route's or the namespace's category", () => {
    expect(routeItems(catalogue).map((item) => `${item.namespace}${item.route.path}`)).toEqual([
      "github/issue/:user/:repo",
      "github/:user/stars",
      "bbc/:channel?",
    ])
    expect(routeItems(catalogue, "popular").map((item) => item.route.name)).toEqual(["Stars"])
    // The namespace is in programming, so each of its routes is.
    expect(routeItems(catalogue, "programming")).toHaveLength(2)
  })

  it("counts routes per category, most first, each route once", () => {
    expect(categoryCounts(catalogue)).toEqual([
      ["programming", 2],
      ["popular", 1],
      ["traditional-media", 1],
    ])
  })

  it("finds followers by the route's fixed first segment, and none for a route starting with a parameter", () => {
    const analytics = { "/github/issue": { subscriptionCount: 3 }, "/github/DIYgod": { subscriptionCount: 2 } }
    expect(routeFollowers(analytics, "github", "/issue/:user/:repo")).toBe(3)
    expect(routeFollowers(analytics, "github", "/:user/stars")).toBeUndefined()
    expect(routeFollowers(analytics, "bbc", "/news")).toBe(0)
    expect(routeFollowers(undefined, "github", "/issue/:user/:repo")).toBeUndefined()
    expect(namespaceFollowers(analytics, "github")).toBe(5)
    expect(namespaceFollowers(analytics, "git")).toBe(0)
  })
})
