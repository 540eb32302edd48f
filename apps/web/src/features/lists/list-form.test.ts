import { describe, expect, it } from "vitest"
import { feedReference, readListForm } from "./list-form.ts"

const values = { title: " Weekly reads ", description: "  ", image: "", view: "2", fee: "" }

describe("readListForm", () => {
  it("trims, turns blanks into null and a blank fee into 0", () => {
    expect(readListForm(values)).toEqual({
      fields: { title: "Weekly reads", description: null, image: null, view: 2, fee: 0 },
    })
  })

  it("names the field that is wrong", () => {
    expect(readListForm({ ...values, title: "   " })).toEqual({ problem: "title" })
    expect(readListForm({ ...values, image: "not a url" })).toEqual({ problem: "image" })
    expect(readListForm({ ...values, image: "ftp://example.org/a.png" })).toEqual({ problem: "image" })
    expect(readListForm({ ...values, fee: "-1" })).toEqual({ problem: "fee" })
    expect(readListForm({ ...values, fee: "1.5" })).toEqual({ problem: "fee" })
  })

  it("keeps a given image and fee", () => {
    const read = readListForm({ ...values, image: "https://example.org/a.png", fee: "12" })
    expect(read).toMatchObject({ fields: { image: "https://example.org/a.png", fee: 12 } })
  })
})

describe("feedReference", () => {
  it("tells feed ids from addresses", () => {
    expect(feedReference(" 1234567890123456 ")).toEqual({ feedId: "1234567890123456" })
    expect(feedReference("https://example.org/feed.xml")).toEqual({ url: "https://example.org/feed.xml" })
    expect(feedReference("example.org/feed")).toEqual({ url: "https://example.org/feed" })
    expect(feedReference("123")).toBe(null)
    expect(feedReference("two words")).toBe(null)
  })
})
