// Synthetic feeds for the benchmarks, served on loopback with ETags so unchanged feeds answer 304.
import { createHash } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"

const paragraph = (i: number) =>
  `<p>Paragraph ${i} with <a href="https://example.com/${i}">a link</a> &amp; some <em>markup</em>. ` +
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore. ".repeat(
    10,
  ) +
  `<img src="https://img.example.com/${i}.jpg" width="640" height="480"></p>`

const item = (feed: number, key: string, i: number, date: string) =>
  `<item><title>Feed ${feed} item ${key}</title><link>https://site${feed}.example/p/${key}</link><guid isPermaLink="false">f${feed}-${key}</guid><pubDate>${date}</pubDate><dc:creator>Author ${i % 7}</dc:creator><category>c${i % 5}</category><description>Summary of item ${key}</description><content:encoded><![CDATA[${paragraph(i)}]]></content:encoded></item>`

/**
 * An RSS 2.0 document of `items` entries of about 2 KB each, newest first; `fresh` more entries published since
 * (a second apart, after `start`) come before them, as a feed that has been updated.
 */
export function makeFeed(feed: number, items: number, start = Date.now(), fresh = 0): string {
  const parts = [
    `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Feed ${feed}</title><link>https://site${feed}.example/</link><description>Synthetic feed ${feed}</description>`,
  ]
  for (let j = fresh - 1; j >= 0; j--)
    parts.push(item(feed, `new${j}`, j, new Date(start + (j + 1) * 1000).toUTCString()))
  for (let i = 0; i < items; i++) {
    parts.push(item(feed, String(i), i, new Date(start - (feed * 7 + i) * 3_600_000).toUTCString()))
  }
  parts.push("</channel></rss>")
  return parts.join("\n")
}

export interface BenchFeedServer {
  urls: string[]
  bytes: number
  requests(): number
  /** Publishes `count` more entries in feed `index` (its document changes, with a new ETag). */
  publish(index: number, count: number): void
  close(): Promise<void>
}

export async function serveFeeds(count: number, items: number): Promise<BenchFeedServer> {
  const start = Date.now()
  const docs = Array.from({ length: count }, (_, i) => Buffer.from(makeFeed(i, items, start)))
  const etagOf = (doc: Buffer) => `"${createHash("sha1").update(doc).digest("hex")}"`
  const etags = docs.map(etagOf)
  const published = docs.map(() => 0)
  let requests = 0
  const server = http.createServer((req, res) => {
    requests++
    const index = Number(/^\/f\/(\d+)\.xml$/.exec(req.url ?? "")?.[1] ?? -1)
    const doc = docs[index]
    if (!doc) return void res.writeHead(404).end()
    if (req.headers["if-none-match"] === etags[index]) return void res.writeHead(304).end()
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag: etags[index] }).end(doc)
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    urls: docs.map((_, i) => `${base}/f/${i}.xml`),
    bytes: docs.reduce((sum, d) => sum + d.length, 0),
    requests: () => requests,
    publish(index, more) {
      published[index]! += more
      docs[index] = Buffer.from(makeFeed(index, items, start, published[index]))
      etags[index] = etagOf(docs[index]!)
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
