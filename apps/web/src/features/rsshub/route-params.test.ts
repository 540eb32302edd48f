import { describe, expect, it } from "vitest"
import { buildRouteUrl, routeParams } from "./route-params.ts"

const route = {
  path: "/issue/:user/:repo/:state?/:labels?",
  example: "/github/issue/DIYgod/RSSHub/open",
  parameters: {
    user: "GitHub user name",
    repo: { description: "Repository name" },
    state: { description: "State", options: [{ value: "open", label: "Open" }, { value: "closed" }] },
  },
}

describe("routeParams", () => {
  it("reads required and optional parameters, their descriptions and the example's values", () => {
    expect(routeParams("github", route)).toEqual([
      { name: "user", optional: false, description: "GitHub user name", example: "DIYgod", options: [] },
      { name: "repo", optional: false, description: "Repository name", example: "RSSHub", options: [] },
      {
        name: "state",
        optional: true,
        description: "State",
        example: "open",
        options: [
          { value: "open", label: "Open" },
          { value: "closed", label: "closed" },
        ],
      },
      { name: "labels", optional: true, description: "", example: "", options: [] },
    ])
  })

  it("understands a parameter with a pattern", () => {
    expect(routeParams("x", { path: "/page/:path{.+}?" })).toMatchObject([{ name: "path", optional: true }])
  })
})

describe("buildRouteUrl", () => {
  it("builds the rsshub:// URL, leaving trailing optional parameters out and encoding values", () => {
    expect(buildRouteUrl("github", route.path, { user: "a b", repo: "r" })).toEqual({
      url: "rsshub://github/issue/a%20b/r",
    })
    expect(buildRouteUrl("github", route.path, { user: "u", repo: "r", state: "open" })).toEqual({
      url: "rsshub://github/issue/u/r/open",
    })
  })

  it("names the missing required value, and an optional one skipped before a filled one", () => {
    expect(buildRouteUrl("github", route.path, { user: "u" })).toEqual({ missing: "repo" })
    expect(buildRouteUrl("github", route.path, { user: "u", repo: "r", labels: "bug" })).toEqual({
      gapBefore: "state",
    })
  })
})
