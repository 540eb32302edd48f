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

/** An RSS 2.0 document of `items` entries of about 2 KB each, newest first. */
export function makeFeed(feed: number, items: number, start = Date.now()): string {
  const parts = [
    `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Feed ${feed}</title><link>https://site${feed}.example/</link><description>Synthetic feed ${feed}</description>`,
  ]
  for (let i = 0; i < items; i++) {
    const date = new Date(start - (feed * 7 + i) * 3_600_000).toUTCString()
    parts.push(
      `<item><title>Feed ${feed} item ${i}</title><link>https://site${feed}.example/p/${i}</link><guid isPermaLink="false">f${feed}-${i}</guid><pubDate>${date}</pubDate><dc:creator>Author ${i % 7}</dc:creator><category>c${i % 5}</category><description>Summary of item ${i}</description><content:encoded><![CDATA[${paragraph(i)}]]></content:encoded></item>`,
    )
  }
  parts.push("</channel></rss>")
  return parts.join("\n")
}

export interface BenchFeedServer {
  urls: string[]
  bytes: number
  requests(): number
  close(): Promise<void>
}

export async function serveFeeds(count: number, items: number): Promise<BenchFeedServer> {
  const docs = Array.from({ length: count }, (_, i) => Buffer.from(makeFeed(i, items)))
  const etags = docs.map((d) => `"${createHash("sha1").update(d).digest("hex")}"`)
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
