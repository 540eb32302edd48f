// The parsing threads: the same answers as parsing inline, errors that keep their meaning across the thread
// boundary, and a document over its time or memory budget costs a thread, not the server.
import { afterEach, describe, expect, it } from "vitest"
import { batchJson, INGEST_BATCH } from "../../src/reader/entry-rows.ts"
import { parseFeedDocument } from "../../src/reader/parse.ts"
import { createFeedParser, type FeedParser } from "../../src/reader/parser.ts"
import { FeedParseError } from "../../src/reader/types.ts"
import { items, rss } from "../support/feeds.ts"

/** The statement sizes `count` rows are stored in. */
function batchSizes(count: number): number[] {
  return Array.from({ length: Math.ceil(count / INGEST_BATCH) }, (_, i) =>
    Math.min(INGEST_BATCH, count - i * INGEST_BATCH),
  )
}

/** An RSS document of n items of about 2 KB each. */
const makeDoc = (n: number, prefix = "item") =>
  Buffer.from(
    rss(
      "Threads",
      items(n, prefix).map((item) => ({ ...item, description: `<p>${"Words <em>and</em> markup. ".repeat(80)}</p>` })),
    ),
  )
const small = makeDoc(3)
const input = { url: "https://example.test/feed.xml", contentType: "application/rss+xml" }
let parser: FeedParser | undefined

afterEach(async () => {
  await parser?.close()
  parser = undefined
})

describe("the feed parser's threads", () => {
  it("start with the first document and stop once idle, to start again for the next", async () => {
    parser = createFeedParser({ threads: 2, timeoutMs: 10_000, idleMs: 300 })
    expect(parser.threads()).toBe(0)
    await parser.parse(small, input)
    expect(parser.threads()).toBe(1)
    await Promise.all([parser.parse(small, input), parser.parse(small, input), parser.parse(small, input)])
    expect(parser.threads()).toBe(2)
    // Both stop 300 ms after their last document (the second may still be starting: threads load the parser).
    await expect.poll(() => parser!.threads(), { timeout: 5_000 }).toBe(0)
    expect((await parser.parse(small, input)).title).toBe("Threads")
  })

  it("answer what parsing inline answers, dates included, for many documents at once", async () => {
    parser = createFeedParser({ threads: 2, timeoutMs: 10_000 })
    const docs = Array.from({ length: 12 }, (_, i) => makeDoc(20, `doc${i}`))
    const threaded = await Promise.all(docs.map((doc) => parser!.parse(doc, input)))
    expect(threaded).toEqual(docs.map((doc) => parseFeedDocument(doc, input)))
    expect(threaded[0]!.entries[0]!.publishedAt).toBeInstanceOf(Date)
  })

  it("prepare a document's entries as rows exactly as inline preparing does", async () => {
    parser = createFeedParser({ threads: 1, timeoutMs: 10_000 })
    const inline = createFeedParser({ threads: 0, timeoutMs: 10_000 })
    const now = new Date("2026-03-01T00:00:00Z")
    // Over one batch, with a repeated guid (the first wins) and undated items (dated by document order).
    const doc = Buffer.from(
      rss("Rows", [
        ...items(1_200, "row"),
        { guid: "row-0", title: "Repeated" },
        { guid: "undated-a", title: "A" },
        { guid: "undated-b", title: "B" },
      ]),
    )
    const prepare = { now, maxEntries: 10_000 }
    const threaded = await parser.parseForIngest(doc, input, prepare)
    expect(threaded).toEqual(await inline.parseForIngest(doc, input, prepare))
    expect(threaded.entries.batches.map((b) => b.count)).toEqual(batchSizes(1_202))
    expect(threaded.entries.dropped).toBe(0)
    const rows = threaded.entries.batches.flatMap((b) => JSON.parse(batchJson(b)))
    expect(rows.find((r: { guid: string }) => r.guid === "row-0").title).toBe("row 0")
    const undated = rows.filter((r: { guid: string }) => r.guid.startsWith("undated"))
    expect(undated.map((r: { published_at: string }) => r.published_at)).toEqual([
      new Date(now.getTime() - 1_200).toISOString(),
      new Date(now.getTime() - 1_201).toISOString(),
    ])
    expect(threaded.entries.latestPublishedAt).toEqual(new Date(now.getTime() - 1_200))
  })

  it("leave the caller's buffer intact", async () => {
    parser = createFeedParser({ threads: 1, timeoutMs: 10_000 })
    const doc = makeDoc(2)
    const copy = Buffer.from(doc)
    await parser.parse(doc, input)
    // Transferring the caller's own buffer to the thread would have emptied (detached) it.
    expect(doc.equals(copy)).toBe(true)
  })

  it("report a document that is not a feed as FeedParseError", async () => {
    parser = createFeedParser({ threads: 1, timeoutMs: 10_000 })
    const error = await parser.parse(Buffer.from("<html><body>hello</body></html>"), input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FeedParseError)
  })

  it("give up on a document over its time budget, and parse the next one on a fresh thread", async () => {
    parser = createFeedParser({ threads: 1, timeoutMs: 150 })
    await parser.parse(small, input) // the thread is up and warm
    const huge = makeDoc(5000)
    const started = Date.now()
    const error = await parser.parse(huge, input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FeedParseError)
    expect((error as Error).message).toMatch(/too long/)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect((await parser.parse(small, input)).entries).toHaveLength(3)
  })

  it("give up on a document that needs more than the thread's heap, and recover", async () => {
    parser = createFeedParser({ threads: 1, timeoutMs: 30_000, maxHeapMb: 32 })
    await parser.parse(small, input)
    const error = await parser.parse(makeDoc(5000), input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FeedParseError)
    expect((error as Error).message).toMatch(/memory/)
    expect((await parser.parse(small, input)).entries).toHaveLength(3)
  })

  it("refuse work once closed", async () => {
    parser = createFeedParser({ threads: 1, timeoutMs: 10_000 })
    await parser.close()
    await expect(parser.parse(small, input)).rejects.toThrow(/closed/)
  })
})
