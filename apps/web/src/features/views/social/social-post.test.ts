import { describe, expect, it } from "vitest"
import { isLongPost, LONG_POST_CHARS, postText } from "./social-post.ts"

describe("social posts", () => {
  it("keeps paragraphs and line breaks as new lines, without tags", () => {
    expect(postText("<p>Hello <b>world</b></p><p>Second<br>line &amp; more</p>")).toBe(
      "Hello world\nSecond\nline & more",
    )
    expect(postText(null)).toBe("")
  })

  it("calls a post long past 280 characters or 6 lines", () => {
    expect(isLongPost("a".repeat(LONG_POST_CHARS))).toBe(false)
    expect(isLongPost("a".repeat(LONG_POST_CHARS + 1))).toBe(true)
    expect(isLongPost("1\n2\n3\n4\n5\n6")).toBe(false)
    expect(isLongPost("1\n2\n3\n4\n5\n6\n7")).toBe(true)
  })
})
