import { describe, expect, it } from "vitest"
import { parseNdjson } from "./ai.ts"

describe("parseNdjson", () => {
  it("reads one {id, data} per line, skipping blank lines", () => {
    const text = '{"id":"1","data":{"title":"A"}}\n\n{"id":"2","data":{"content":"<p>B</p>"}}\n'
    expect(parseNdjson(text)).toEqual([
      { id: "1", data: { title: "A" } },
      { id: "2", data: { content: "<p>B</p>" } },
    ])
  })

  it("takes an answer of exactly one line, which arrives already parsed", () => {
    expect(parseNdjson({ id: "1", data: { title: "A" } })).toEqual([{ id: "1", data: { title: "A" } }])
  })

  it("answers nothing for an empty body", () => {
    expect(parseNdjson(undefined)).toEqual([])
    expect(parseNdjson("")).toEqual([])
  })
})
