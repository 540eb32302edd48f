// Small RSS feeds on loopback for the subscription tests, one of which (/flaky.xml) answers 500 while told to, so
// a feed's recorded error and its recovery can be shown.
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export interface FlakyFeeds {
  origin: string
  setFailing: (failing: boolean) => void
  close: () => Promise<void>
}

const FEEDS: Record<string, string> = {
  "/aurora.xml": "Aurora Weekly",
  "/birch.xml": "Birch Notes",
  "/cedar.xml": "Cedar Digest",
  "/flaky.xml": "Flaky Fixture",
}

function rss(origin: string, title: string, slug: string): string {
  const items = [1, 2, 3]
    .map(
      (n) => `<item><title>${title} post ${n}</title><link>${origin}/${slug}/${n}</link>
      <guid isPermaLink="false">${slug}-${n}</guid><pubDate>${new Date(Date.now() - n * 3_600_000).toUTCString()}</pubDate>
      <description>Post ${n} of ${title}.</description></item>`,
    )
    .join("")
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>${origin}/</link>
    <description>${title} on loopback.</description>${items}</channel></rss>`
}

export async function startFlakyFeeds(): Promise<FlakyFeeds> {
  let failing = false
  let origin = ""
  const server = createServer((req, res) => {
    const title = FEEDS[req.url ?? ""]
    if (!title || (req.url === "/flaky.xml" && failing)) {
      res.writeHead(title ? 500 : 404, { "content-type": "text/plain" })
      res.end(title ? "upstream broke" : "not found")
      return
    }
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
    res.end(rss(origin, title, (req.url ?? "").slice(1, -4)))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    setFailing: (value) => {
      failing = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
