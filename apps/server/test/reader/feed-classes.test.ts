// Classes of real-world feeds an outside corpus found misread: Dublin Core terms dates, items with only an author
// or an image, items whose description is only a comment or a doctype, relative URL bases, Atom category terms.
import { describe, expect, it } from "vitest"
import { parseFeedDocument } from "../../src/reader/parse.ts"
import type { ParseInput } from "../../src/reader/types.ts"

const FEED_URL = "https://feeds.example.net/blog/feed.xml"
const parse = (doc: string, input: Partial<ParseInput> = {}) =>
  parseFeedDocument(Buffer.from(doc), { url: FEED_URL, contentType: "application/xml", ...input })

const NS = `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"
  xmlns:media="http://search.yahoo.com/mrss/"`
const rss = (items: string, channel = "") =>
  `<?xml version="1.0"?><rss version="2.0" ${NS}><channel><title>T</title><link>https://www.example.org/</link>${channel}${items}</channel></rss>`
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null

describe("dates from Dublin Core terms", () => {
  it("reads dcterms:issued, created and modified on RSS items", () => {
    const feed = parse(
      rss(`<item><title>a</title><dcterms:issued>2024-03-01T10:00:00Z</dcterms:issued>
        <dcterms:modified>2024-03-02T10:00:00Z</dcterms:modified></item>
        <item><title>b</title><dcterms:created>2024-02-01T10:00:00Z</dcterms:created></item>`),
    )
    expect(feed.entries.map((e) => iso(e.publishedAt))).toEqual([
      "2024-03-01T10:00:00.000Z",
      "2024-02-01T10:00:00.000Z",
    ])
    expect(iso(feed.entries[0]!.updatedAt)).toBe("2024-03-02T10:00:00.000Z")
  })

  it("reads them on Atom entries and the feed", () => {
    const feed = parse(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/">
      <title>T</title><dcterms:modified>2024-04-05T00:00:00Z</dcterms:modified>
      <entry><id>1</id><title>x</title><dcterms:issued>2024-04-01T00:00:00Z</dcterms:issued></entry></feed>`)
    expect(iso(feed.entries[0]!.publishedAt)).toBe("2024-04-01T00:00:00.000Z")
    expect(iso(feed.updatedAt)).toBe("2024-04-05T00:00:00.000Z")
  })

  it("takes the next date element when the first is unreadable", () => {
    const feed = parse(
      rss(`<item><title>a</title><pubDate>sometime soon</pubDate><dc:date>2024-05-06T07:08:09Z</dc:date></item>`),
    )
    expect(iso(feed.entries[0]!.publishedAt)).toBe("2024-05-06T07:08:09.000Z")
  })
})

describe("items with little in them", () => {
  it("keeps items whose only content is an author or an image, each as its own entry", () => {
    const feed = parse(
      rss(`<item><author>ann@example.org (Ann)</author></item><item><dc:creator>Bob</dc:creator></item>
        <item><media:thumbnail url="https://img.example.org/1.jpg"/></item>
        <item><media:content url="https://img.example.org/2.jpg" medium="image"/></item>
        <item><enclosure url="https://img.example.org/3.png" type="image/png" length="1"/></item>`),
    )
    expect(feed.entries.map((e) => e.author)).toEqual(["Ann", "Bob", null, null, null])
    expect(new Set(feed.entries.map((e) => e.guid)).size).toBe(5)
  })

  it("keeps items whose description is only a comment or a doctype, with empty content", () => {
    const feed = parse(
      rss(`<item><guid>c1</guid><description><![CDATA[<!-- nothing yet -->]]></description></item>
        <item><description>&lt;!-- another --&gt;</description><pubDate>Tue, 02 Jan 2024 08:30:00 GMT</pubDate></item>
        <item><description>&lt;!DOCTYPE html&gt;</description><pubDate>Tue, 02 Jan 2024 08:30:00 GMT</pubDate></item>
        <item><description>&lt;!DOCTYPE html&gt;</description><pubDate>Wed, 03 Jan 2024 08:30:00 GMT</pubDate></item>
        <item><description><![CDATA[<!DOCTYPE html><!-- x -->]]></description><link>https://www.example.org/d</link></item>
        <item><description><![CDATA[<!-- only this -->]]></description></item>
        <item><description><![CDATA[<!-- and this -->]]></description></item>`),
    )
    expect(feed.entries).toHaveLength(7)
    expect(new Set(feed.entries.map((e) => e.guid)).size).toBe(7)
    for (const e of feed.entries) expect(e.content ?? "").toBe("")
  })
})

describe("comments inside CDATA", () => {
  it("are the item's text, not XML comments: the rest of the content stays as it was", () => {
    const feed = parse(
      rss(
        `<item><guid>w</guid><description><![CDATA[<p>one</p><!-- wp:paragraph --><p>two &amp; ]]]]><![CDATA[></p>]]></description></item>`,
      ),
    )
    expect(feed.entries[0]!.content).toBe("<p>one</p><p>two &amp; ]]&gt;</p>")
  })
})

describe("base of relative item links and enclosures", () => {
  const items = `<item><title>r</title><link>posts/1.html</link><enclosure url="../media/1.mp3" type="audio/mpeg" length="1"/></item>`

  it("is the document URL, not the channel link (RFC 3986 §5.1)", () => {
    const entry = parse(rss(items)).entries[0]!
    expect(entry.url).toBe("https://feeds.example.net/blog/posts/1.html")
    expect(entry.attachments?.[0]?.url).toBe("https://feeds.example.net/media/1.mp3")
  })

  it("is Content-Location over the document URL, and xml:base over both", () => {
    const located = parse(rss(items), { contentLocation: "https://cdn.example.com/x/feed.xml" }).entries[0]!
    expect(located.url).toBe("https://cdn.example.com/x/posts/1.html")
    const based = parse(rss(items.replace("<item>", `<item xml:base="https://base.example.com/a/">`)), {
      contentLocation: "https://cdn.example.com/x/feed.xml",
    }).entries[0]!
    expect(based.url).toBe("https://base.example.com/a/posts/1.html")
    expect(based.attachments?.[0]?.url).toBe("https://base.example.com/media/1.mp3")
  })

  it("is the document URL for Atom entries too", () => {
    const feed = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <link rel="alternate" href="https://www.example.org/"/>
      <entry><id>1</id><title>x</title><link href="/p/1"/><link rel="enclosure" href="e/1.mp3"/></entry></feed>`)
    expect(feed.entries[0]!.url).toBe("https://feeds.example.net/p/1")
    expect(feed.entries[0]!.attachments?.[0]?.url).toBe("https://feeds.example.net/blog/e/1.mp3")
  })
})

describe("Atom categories", () => {
  it("use the term, and the label only when there is no term", () => {
    const feed = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <entry><id>1</id><title>x</title><category term="tech" label="Technology"/><category label="Only label"/>
      <category term="go"/></entry></feed>`)
    expect(feed.entries[0]!.categories).toEqual(["tech", "Only label", "go"])
  })

  it("use the term for atom:category inside RSS items", () => {
    const feed = parse(
      rss(
        `<item xmlns:atom="http://www.w3.org/2005/Atom"><title>x</title><atom:category term="t1" label="L1"/></item>`,
      ),
    )
    expect(feed.entries[0]!.categories).toEqual(["t1"])
  })
})
