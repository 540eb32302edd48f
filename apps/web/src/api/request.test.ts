import { describe, expect, it } from "vitest"
import { buildUrl } from "./request.ts"

describe("buildUrl", () => {
  it("drops null and undefined, repeats arrays and stringifies the rest", () => {
    expect(buildUrl("/entries", { id: "1", view: 0, read: false, a: null, b: undefined })).toBe(
      "/entries?id=1&view=0&read=false",
    )
    expect(buildUrl("/reads", { feedIdList: ["1", "2"] })).toBe("/reads?feedIdList=1&feedIdList=2")
    expect(buildUrl("/subscriptions")).toBe("/subscriptions")
  })
})
