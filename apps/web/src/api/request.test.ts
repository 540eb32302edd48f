import { describe, expect, it } from "vitest"
import { buildUrl, readBody } from "./request.ts"

describe("buildUrl", () => {
  it("drops null and undefined, repeats arrays and stringifies the rest", () => {
    expect(buildUrl("/entries", { id: "1", view: 0, read: false, a: null, b: undefined })).toBe(
      "/entries?id=1&view=0&read=false",
    )
    expect(buildUrl("/reads", { feedIdList: ["1", "2"] })).toBe("/reads?feedIdList=1&feedIdList=2")
    expect(buildUrl("/subscriptions")).toBe("/subscriptions")
  })
})

describe("readBody", () => {
  const answer = (body: string, type: string) => new Response(body, { headers: { "content-type": type } })

  it("parses JSON, and leaves newline-delimited JSON as text even when it is one line", async () => {
    expect(await readBody(answer('{"code":0}', "application/json; charset=utf-8"))).toEqual({ code: 0 })
    expect(await readBody(answer('{"id":"1","content":null}\n', "application/x-ndjson"))).toBe(
      '{"id":"1","content":null}\n',
    )
    expect(await readBody(answer("plain", "text/plain"))).toBe("plain")
    expect(await readBody(answer("", "application/json"))).toBeUndefined()
  })
})
