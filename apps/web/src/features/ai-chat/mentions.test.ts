import type { EntryListItem, Subscription } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import {
  type DatePreset,
  dateChoices,
  entryChoices,
  feedChoices,
  insertMention,
  isNamed,
  type Mention,
  mentionAt,
  mentionContext,
  mentionsIn,
  parseDay,
  presetWindow,
  shownMentions,
  typedDates,
} from "./mentions.ts"

const sub = (feedId: string, title: string) =>
  ({ type: "feed", feedId, title: null, feeds: { title } }) as unknown as Subscription

const item = (id: string, title: string | null, publishedAt: string) =>
  ({ entries: { id, title, publishedAt }, feeds: { title: "Northern Notes" } }) as unknown as EntryListItem

const LABELS: Record<DatePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  this_week: "This week",
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
}
/** Local times: the expectations hold in any time zone the tests run in. */
const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h)
const iso = (y: number, m: number, d: number) => local(y, m, d).toISOString()

describe("the mention being typed", () => {
  it("starts at an @ at the start or after a space, and may hold words", () => {
    expect(mentionAt("@no", 3)).toEqual({ start: 0, query: "no" })
    expect(mentionAt("ask @North", 10)).toEqual({ start: 4, query: "North" })
    expect(mentionAt("ask @rivers of", 14)).toEqual({ start: 4, query: "rivers of" })
    expect(mentionAt("mail@example", 12)).toBeNull()
    expect(mentionAt("ask @", 5)).toEqual({ start: 4, query: "" })
    expect(mentionAt("ask @ north", 11)).toBeNull()
    expect(mentionAt("@north\nmore", 11)).toBeNull()
  })

  it("is not the text that follows a mention already picked", () => {
    expect(mentionAt("@Today what", 11, ["Today"])).toBeNull()
    expect(mentionAt("@Today", 6, ["Today"])).toBeNull()
    expect(mentionAt("@Todays", 7, ["Today"])).toEqual({ start: 0, query: "Todays" })
  })
})

describe("choices", () => {
  it("offers the feeds whose title holds the words, those starting with the query first", () => {
    const subs = [sub("a", "Daily North"), sub("b", "Northern Notes"), sub("c", "Southern"), sub("d", "north star")]
    expect(feedChoices(subs, "north").map((f) => f.id)).toEqual(["d", "b", "a"])
    expect(feedChoices(subs, "").length).toBe(4)
    expect(feedChoices(subs, "notes north").map((f) => f.id)).toEqual(["b"])
  })

  it("ranks entries: the query at the title's start, then words starting title words, then inside words; newest next", () => {
    const items = [
      item("1", "Old rivers of the north", "2026-11-01T00:00:00Z"),
      item("2", "Rivers of the north", "2026-11-02T00:00:00Z"),
      item("3", "Northern rivers, new", "2026-11-03T00:00:00Z"),
      item("4", "Sunrivers northward", "2026-11-04T00:00:00Z"),
      item("5", "Nothing here", "2026-11-05T00:00:00Z"),
      item("2", "Rivers of the north", "2026-11-02T00:00:00Z"),
      item("6", null, "2026-11-06T00:00:00Z"),
    ]
    expect(entryChoices(items, "rivers north").map((e) => e.id)).toEqual(["3", "2", "1", "4"])
    expect(entryChoices(items, "rivers of").map((e) => e.id)).toEqual(["2", "1"])
    expect(entryChoices(items, "").map((e) => e.id)).toEqual(["5", "4", "3", "2", "1"])
    expect(entryChoices(items, "", 2).map((e) => e.id)).toEqual(["5", "4"])
    expect(entryChoices(items, "rivers of")[0]).toEqual({
      kind: "entry",
      id: "2",
      label: "Rivers of the north",
      source: "Northern Notes",
    })
  })

  it("names an entry by its title on one line, cut when very long", () => {
    const long = `A  title\nwith ${"word ".repeat(30)}`
    const [choice] = entryChoices([item("1", long, "2026-11-01T00:00:00Z")], "title")
    expect(choice.label.startsWith("A title with word")).toBe(true)
    expect(choice.label.length).toBeLessThanOrEqual(80)
    expect(choice.label.endsWith("…")).toBe(true)
  })
})

describe("dates", () => {
  it("parses a typed day, refusing days that do not exist", () => {
    expect(parseDay("2026-11-20")?.toISOString()).toBe(iso(2026, 11, 20))
    expect(parseDay("2026-02-30")).toBeNull()
    expect(parseDay("2026-13-01")).toBeNull()
    expect(parseDay("2026-1-01")).toBeNull()
    expect(parseDay("yesterday")).toBeNull()
  })

  it("turns a typed day or range into local day bounds, the end excluded", () => {
    expect(typedDates("2026-11-20")).toMatchObject({
      label: "2026-11-20",
      start: iso(2026, 11, 20),
      end: iso(2026, 11, 21),
    })
    expect(typedDates("2026-11-01..2026-11-07")).toMatchObject({
      label: "2026-11-01..2026-11-07",
      start: iso(2026, 11, 1),
      end: iso(2026, 11, 8),
    })
    // Across the end of a month and a year.
    expect(typedDates("2026-12-31")?.end).toBe(iso(2027, 1, 1))
    expect(typedDates("2026-11-07..2026-11-01")).toBeNull()
    expect(typedDates("2026-11-01..2026-02-30")).toBeNull()
    expect(typedDates("2026-11-01..")).toBeNull()
    expect(typedDates("2026-11-01..2026-11-02..2026-11-03")).toBeNull()
  })

  it("computes the presets in local time, the week from Monday", () => {
    // Thursday 26 November 2026, late evening.
    const now = local(2026, 11, 26, 23)
    const at = (p: DatePreset) => {
      const w = presetWindow(p, now)
      return [w.from.toISOString(), w.to.toISOString()]
    }
    expect(at("today")).toEqual([iso(2026, 11, 26), iso(2026, 11, 27)])
    expect(at("yesterday")).toEqual([iso(2026, 11, 25), iso(2026, 11, 26)])
    expect(at("this_week")).toEqual([iso(2026, 11, 23), iso(2026, 11, 27)])
    expect(at("last_7_days")).toEqual([iso(2026, 11, 20), iso(2026, 11, 27)])
    expect(at("last_30_days")).toEqual([iso(2026, 10, 28), iso(2026, 11, 27)])
    // On a Sunday the week began six days before.
    expect(presetWindow("this_week", local(2026, 11, 29, 9)).from.toISOString()).toBe(iso(2026, 11, 23))
  })

  it("offers the typed date first, then the presets matching the label or its English name", () => {
    const now = local(2026, 11, 26, 12)
    expect(dateChoices("", now, LABELS).map((d) => d.label)).toEqual([
      "Today",
      "Yesterday",
      "This week",
      "Last 7 days",
      "Last 30 days",
    ])
    expect(dateChoices("last 7", now, LABELS).map((d) => d.label)).toEqual(["Last 7 days"])
    expect(dateChoices("2026-11-20", now, LABELS).map((d) => d.label)).toEqual(["2026-11-20"])
    expect(dateChoices("2026-02-30", now, LABELS)).toEqual([])
    const ja = { ...LABELS, today: "今日" }
    expect(dateChoices("今日", now, ja).map((d) => d.id)).toEqual(["today"])
    expect(dateChoices("today", now, ja).map((d) => d.label)).toEqual(["今日"])
  })
})

describe("what is sent", () => {
  const feed: Mention = { kind: "feed", id: "f1", label: "Northern Notes" }
  const entry: Mention = { kind: "entry", id: "e1", label: "Rivers of the north" }
  const today: Mention = { kind: "date", id: "today", label: "Today", start: iso(2026, 11, 26), end: iso(2026, 11, 27) }

  it("puts the label in place of what was typed", () => {
    const at = mentionAt("what is new in @nor", 19)
    expect(at).not.toBeNull()
    const next = insertMention("what is new in @nor", at as NonNullable<typeof at>, "Northern Notes")
    expect(next).toEqual({ text: "what is new in @Northern Notes ", caret: 31 })
  })

  it("sends only the mentions still named in the text, once each", () => {
    const text = "compare @Rivers of the north with @Today's news"
    expect(mentionsIn(text, [feed, entry, today, entry])).toEqual([entry, today])
    expect(mentionContext(mentionsIn(text, [feed, entry, today]))).toEqual({
      referEntryIds: ["e1"],
      dates: [{ start: iso(2026, 11, 26), end: iso(2026, 11, 27) }],
    })
    // The user deleted the mentions from the text: nothing goes.
    expect(mentionContext(mentionsIn("compare them", [feed, entry, today]))).toEqual({})
  })

  it("does not take a longer name for a shorter one", () => {
    expect(isNamed("about @Northern Notes", "North")).toBe(false)
    expect(isNamed("about @North, and more", "North")).toBe(true)
    expect(isNamed("about @a.b (c)", "a.b (c)")).toBe(true)
    expect(isNamed("about @axb (c)", "a.b (c)")).toBe(false)
  })

  it("reads the chips back from a message's metadata, ignoring anything else", () => {
    expect(shownMentions({ mentions: [{ kind: "date", label: "Today" }, { kind: "x", label: "?" }, 3] })).toEqual([
      { kind: "date", label: "Today" },
    ])
    expect(shownMentions(undefined)).toEqual([])
    expect(shownMentions({ context: {} })).toEqual([])
  })
})
