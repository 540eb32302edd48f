// Fixture feeds served on loopback: a tiny HTTP server whose documents tests can change between fetches.
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface FeedDoc {
  status?: number
  body: string | Buffer
  headers?: Record<string, string>
  /** Send the headers and the start of the body, then nothing: a server that stalls. */
  hang?: boolean
}

export interface FeedServer {
  url(path: string): string
  set(path: string, doc: FeedDoc | ((req: http.IncomingMessage) => FeedDoc)): void
  hits(path: string): number
  close(): Promise<void>
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedDoc | ((req: http.IncomingMessage) => FeedDoc)>()
  const counts = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!
    counts.set(path, (counts.get(path) ?? 0) + 1)
    const route = routes.get(path)
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    const doc = typeof route === "function" ? route(req) : route
    res.writeHead(doc.status ?? 200, { "content-type": "application/rss+xml; charset=utf-8", ...doc.headers })
    if (doc.hang) res.write("<?xml version='1.0'?><rss>")
    else res.end(doc.body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: (path) => `${base}${path}`,
    set: (path, doc) => routes.set(path, doc),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface RssItem {
  guid: string
  title: string
  link?: string
  description?: string
  pubDate?: Date
}

export function rss(title: string, items: RssItem[], link = "https://example.com/"): string {
  const body = items
    .map(
      (i) => `<item><guid>${i.guid}</guid><title>${i.title}</title>${i.link ? `<link>${i.link}</link>` : ""}
<description><![CDATA[${i.description ?? `<p>${i.title} body</p>`}]]></description>
${i.pubDate ? `<pubDate>${i.pubDate.toUTCString()}</pubDate>` : ""}</item>`,
    )
    .join("\n")
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${link}</link><description>${title} feed</description>
${body}
</channel></rss>`
}

/** n items, one hour apart, newest first. */
export function items(n: number, prefix = "item", start = Date.UTC(2026, 0, 1)): RssItem[] {
  return Array.from({ length: n }, (_, i) => ({
    guid: `${prefix}-${i}`,
    title: `${prefix} ${i}`,
    link: `https://example.com/${prefix}/${i}`,
    pubDate: new Date(start - i * 3_600_000),
  }))
}
