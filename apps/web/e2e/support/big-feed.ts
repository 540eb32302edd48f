// A loopback server with one very large feed: /big.xml?n=10000&kind=articles|social|pictures|videos, items a minute
// apart (or `step` minutes apart).
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface BigFeedServer {
  origin: string
  close: () => Promise<void>
}

function item(kind: string, i: number, base: string, start: number, stepMs = 60_000): string {
  const date = new Date(start - i * stepMs).toUTCString()
  const common = `<link>${base}/posts/${kind}-${i}</link><guid>${kind}-${i}</guid><pubDate>${date}</pubDate>`
  if (kind === "social") {
    const text = `Post ${i}: ${"short note ".repeat(1 + (i % 9) * 4)}`
    return `<item>${common}<dc:creator>Poster ${i % 17}</dc:creator><description>${text}</description></item>`
  }
  if (kind === "pictures") {
    const [w, h] = [
      [800, 600],
      [600, 900],
      [700, 700],
    ][i % 3]
    const picture = `${base}/img/${i % 50}.svg?w=${w}&amp;h=${h}`
    return `<item><title>Picture ${i}</title>${common}<media:content url="${picture}" medium="image" width="${w}" height="${h}"/></item>`
  }
  if (kind === "videos") {
    const clip = `${base}/clips/${i}.mp4`
    const poster = `${base}/img/${i % 50}.svg?w=640&amp;h=360`
    return `<item><title>Clip ${i}</title>${common}<media:content url="${clip}" type="video/mp4" medium="video" duration="${30 + (i % 300)}"><media:thumbnail url="${poster}"/></media:content></item>`
  }
  return `<item><title>Entry ${i} of the big feed</title>${common}<description>Summary of entry ${i}, long enough for two lines of text in the list.</description></item>`
}

export async function startBigFeed(): Promise<BigFeedServer> {
  let origin = ""
  const start = Date.now() - 60_000
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin)
    if (url.pathname === "/big.xml") {
      const n = Number(url.searchParams.get("n") ?? 10_000)
      const kind = url.searchParams.get("kind") ?? "articles"
      const stepMs = Number(url.searchParams.get("step") ?? 1) * 60_000
      const items = Array.from({ length: n }, (_, i) => item(kind, i, origin, start, stepMs)).join("\n")
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(
        `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Big ${kind}</title><link>${origin}/</link><description>Big</description>${items}</channel></rss>`,
      )
      return
    }
    const image = /^\/img\/(\d+)\.svg$/.exec(url.pathname)
    if (image) {
      const w = url.searchParams.get("w") ?? "800"
      const h = url.searchParams.get("h") ?? "600"
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" })
      res.end(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="hsl(${Number(image[1]) * 7} 60% 55%)"/></svg>`,
      )
      return
    }
    res.writeHead(404)
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
