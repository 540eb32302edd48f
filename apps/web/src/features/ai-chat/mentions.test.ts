import type { Subscription } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { feedChoices, insertMention, mentionAt, mentionedFeedIds } from "./mentions.ts"

const sub = (feedId: string, title: string) =>
  ({ type: "feed", feedId, title: null, feeds: { title } }) as unknown as Subscription

describe("@-mentions", () => {
  it("finds the mention being typed at the caret, and only after a space or at the start", () => {
    expect(mentionAt("@no", 3)).toEqual({ start: 0, query: "no" })
    expect(mentionAt("ask @North", 10)).toEqual({ start: 4, query: "North" })
    expect(mentionAt("mail@example", 12)).toBeNull()
    expect(mentionAt("ask @North more", 15)).toBeNull()
    expect(mentionAt("ask @", 5)).toEqual({ start: 4, query: "" })
  })

  it("offers the feeds whose title contains the query, those starting with it first", () => {
    const subs = [sub("a", "Daily North"), sub("b", "Northern Notes"), sub("c", "Southern"), sub("d", "north star")]
    expect(feedChoices(subs, "north").map((f) => f.feedId)).toEqual(["d", "b", "a"])
    expect(feedChoices(subs, "").length).toBe(4)
  })

  it("puts the title in place of what was typed and keeps the mentioned feeds still named", () => {
    const at = mentionAt("what is new in @nor", 19)
    expect(at).not.toBeNull()
    const next = insertMention("what is new in @nor", at as NonNullable<typeof at>, "Northern Notes")
    expect(next).toEqual({ text: "what is new in @Northern Notes ", caret: 31 })
    const mentions = [
      { feedId: "b", title: "Northern Notes" },
      { feedId: "c", title: "Southern" },
    ]
    expect(mentionedFeedIds(next.text, mentions)).toEqual(["b"])
  })
})
