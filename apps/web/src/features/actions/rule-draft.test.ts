// The editor's draft: stored rules survive the round trip unchanged, and every problem the server would refuse is
// named on the row it belongs to before anything is sent.
import type { ActionRule, EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { draftProblems, moveItem, newRule, toDraft, toRule, withField } from "./rule-draft.ts"
import { categoryFinder, needsContent, previewRules } from "./rule-preview.ts"

const flat: ActionRule = {
  name: "Hide ads",
  condition: [{ field: "entry_title", operator: "contains", value: "sponsored" }],
  result: { block: true, webhooks: ["https://hooks.example/in"], translation: "ja" },
}
const grouped: ActionRule = {
  name: "Long or starred",
  condition: [
    [{ field: "entry_attachments_duration", operator: "gt", value: "1:00:00" }],
    [
      { field: "status", operator: "eq", value: "collected" },
      { field: "category", operator: "not_eq", value: "news" },
    ],
  ],
  result: { star: true, translation: true, rewriteRules: [{ from: "colour", to: "color" }], disabled: true },
}

describe("drafts", () => {
  it("round-trip stored rules: flat stays flat, groups stay groups, off stays off", () => {
    expect(toRule(toDraft(flat))).toEqual(flat)
    expect(toRule(toDraft(grouped))).toEqual(grouped)
    const off = toDraft({ ...flat, disabled: true })
    expect(off.enabled).toBe(false)
    expect(toRule(off).result.disabled).toBe(true)
  })

  it("keep the older blockRules form as it came", () => {
    const older: ActionRule = {
      ...flat,
      result: { blockRules: [{ field: "title", operator: "contains", value: "x" }] },
    }
    expect(toRule(toDraft(older))).toEqual(older)
  })

  it("send no condition as [] (every entry) and drop blank webhook rows", () => {
    const draft = newRule("All")
    draft.groups = []
    draft.flags.summary = true
    draft.webhooks = [{ key: "w", url: "  " }]
    expect(toRule(draft)).toEqual({ name: "All", condition: [], result: { summary: true } })
  })

  it("name each problem on its row", () => {
    const draft = toDraft(grouped)
    draft.name = " "
    const [duration, status] = [draft.groups[0]?.[0], draft.groups[1]?.[0]]
    if (!duration || !status) throw new Error("groups missing")
    duration.value = "an hour"
    status.value = ""
    draft.webhooks = [{ key: "hook", url: "ftp://x.example/" }]
    draft.rewriteRules = [{ key: "rw", from: "", to: "y" }]
    const regex = { ...withField(status, "entry_title"), key: "re", operator: "regex" as const, value: "(?<=a)b" }
    draft.groups.push([regex])
    const problems = draftProblems([draft])
    expect(Object.fromEntries([...problems].map(([key, p]) => [key, p.code]))).toEqual({
      [draft.key]: "name",
      [duration.key]: "number",
      [status.key]: "value_empty",
      re: "regex",
      hook: "webhook",
      rw: "rewrite_from",
    })
    expect(draftProblems([toDraft(flat), toDraft(grouped)]).size).toBe(0)
  })

  it("keep an operator the new field takes, else take the field's first", () => {
    const c = { key: "c", field: "entry_title" as const, operator: "not_eq" as const, value: "" }
    expect(withField(c, "view").operator).toBe("not_eq")
    expect(withField({ ...c, operator: "regex" }, "view").operator).toBe("eq")
    expect(withField({ ...c, field: "view", operator: "gt" }, "entry_url").operator).toBe("contains")
  })

  it("move within bounds only", () => {
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"])
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"])
    expect(moveItem(["a", "b"], 1, 2)).toEqual(["a", "b"])
  })
})

const item = (id: string, title: string, feedId: string, from = ["feed"]) =>
  ({
    entries: { id, title, url: null, author: null, media: null, attachments: null },
    feeds: { id: feedId, title: "F", url: "https://f.example/rss", siteUrl: null },
    read: false,
    view: 0,
    from,
  }) as unknown as EntryListItem

describe("the test run", () => {
  const items = [item("1", "Sponsored: boats", "f1"), item("2", "Tide tables", "f2", ["l1"]), item("3", "Log", "f3")]
  const categoryOf = categoryFinder(new Map([["f1", "Ads"]]), new Map([["l1", "Sea"]]))

  it("finds a category through the feed's subscription, else a followed list's", () => {
    expect(items.map(categoryOf)).toEqual(["Ads", "Sea", null])
  })

  it("lists each rule's matches and the entries a rule blocks; rules off or unfinished are not run", () => {
    const block = toDraft(flat)
    const star = toDraft({ name: "Sea", condition: [{ field: "category", operator: "eq", value: "sea" }], result: {} })
    const off = toDraft({ ...flat, name: "Off", disabled: true })
    const unfinished = newRule("Half")
    const drafts = [block, star, off, unfinished]
    const preview = previewRules(drafts, items, categoryOf, draftProblems(drafts))
    expect(preview.matches.get(block.key)?.map((i) => i.entries.id)).toEqual(["1"])
    expect(preview.matches.get(star.key)?.map((i) => i.entries.id)).toEqual(["2"])
    expect(preview.matches.has(off.key)).toBe(false)
    expect(preview.matches.has(unfinished.key)).toBe(false)
    expect([...preview.blocked]).toEqual(["1"])
    expect(preview.tested).toBe(3)
  })

  it("asks for content only when an enabled rule reads it", () => {
    const reads = toDraft({ ...flat, condition: [{ field: "entry_content", operator: "contains", value: "x" }] })
    expect(needsContent([toDraft(flat)])).toBe(false)
    expect(needsContent([reads])).toBe(true)
    expect(needsContent([{ ...reads, enabled: false }])).toBe(false)
  })
})
