// The per-fetch cap: the newest entries by date are kept whatever the document's order, the rest are counted.
import { describe, expect, it } from "vitest"
import { batchJson, prepareEntries } from "../../src/reader/entry-rows.ts"
import type { ParsedEntry } from "../../src/reader/types.ts"

const now = new Date("2026-06-01T00:00:00Z")

function entry(guid: string, publishedAt: Date | null): ParsedEntry {
  return {
    guid,
    title: guid,
    url: null,
    content: null,
    description: null,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt,
    updatedAt: null,
    categories: null,
    media: null,
    attachments: null,
    extra: null,
    language: null,
  }
}

function guidsOf(prepared: ReturnType<typeof prepareEntries>): string[] {
  return prepared.batches.flatMap((b) => (JSON.parse(batchJson(b)) as { guid: string }[]).map((r) => r.guid))
}

describe("prepareEntries' cap", () => {
  it("keeps the newest by date in document order, counts the rest, and batches what it keeps", () => {
    const day = (d: number) => new Date(Date.UTC(2026, 4, d))
    // Scrambled dates, a repeated guid (not counted twice) and an undated entry (dated just before now: newest).
    const parsed = [
      entry("may-3", day(3)),
      entry("may-9", day(9)),
      entry("may-1", day(1)),
      entry("undated", null),
      entry("may-7", day(7)),
      entry("may-9", day(2)),
      entry("may-5", day(5)),
    ]
    const prepared = prepareEntries(parsed, { now, maxEntries: 3, batchSize: 2 })
    expect(guidsOf(prepared)).toEqual(["may-9", "undated", "may-7"])
    expect(prepared.batches.map((b) => b.count)).toEqual([2, 1])
    expect(prepared.dropped).toBe(3)
    expect(prepared.latestPublishedAt).toEqual(new Date(now.getTime() - 3))
  })

  it("drops nothing under the cap", () => {
    const prepared = prepareEntries([entry("a", now), entry("b", null)], { now, maxEntries: 2 })
    expect([guidsOf(prepared), prepared.dropped]).toEqual([["a", "b"], 0])
  })
})
