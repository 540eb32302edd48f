// A loopback server with one very large feed: /big.xml?n=10000&kind=articles|social|pictures|videos, items a minute
// apart (or `step` minutes apart). Pictures and posters are PNGs, as feeds' pictures are bitmaps: the browser
// decodes those off the main thread, where an SVG would be parsed as a document on it for every card.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { crc32, deflateSync } from "node:zlib"

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, "latin1")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** A w × h PNG in one colour with a lighter band across its upper third (hue in degrees). */
function png(w: number, h: number, hue: number): Buffer {
  const rgb = (l: number) => {
    const a = 0.6 * Math.min(l, 1 - l)
    const f = (n: number) => {
      const k = (n + hue / 30) % 12
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
    }
    return [f(0), f(8), f(4)]
  }
  const [base, band] = [rgb(0.55), rgb(0.75)]
  const raw = Buffer.alloc((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) {
    const color = y > h / 6 && y < h / 3 ? band : base
    const row = y * (w * 3 + 1)
    for (let x = 0; x < w; x++) raw.set(color!, row + 1 + x * 3)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ])
}

export interface BigFeedServer {
  origin: string
  close: () => Promise<void>
}

/**
 * One item of the feed `key` names (its query): every feed has stories of its own, as real feeds do, so the server's
 * grouping of one story across feeds (same URL, guid, or title within 48 hours) finds none here.
 */
function item(key: string, kind: string, i: number, base: string, start: number, stepMs = 60_000): string {
  const date = new Date(start - i * stepMs).toUTCString()
  const common = `<link>${base}/posts/${key}/${kind}-${i}</link><guid>${key}-${kind}-${i}</guid><pubDate>${date}</pubDate>`
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
    const picture = `${base}/img/${i % 50}.png?w=${w}&amp;h=${h}`
    return `<item><title>Picture ${i} of ${key}</title>${common}<media:content url="${picture}" medium="image" width="${w}" height="${h}"/></item>`
  }
  if (kind === "videos") {
    const clip = `${base}/clips/${i}.mp4`
    const poster = `${base}/img/${i % 50}.png?w=640&amp;h=360`
    return `<item><title>Clip ${i} of ${key}</title>${common}<media:content url="${clip}" type="video/mp4" medium="video" duration="${30 + (i % 300)}"><media:thumbnail url="${poster}"/></media:content></item>`
  }
  return `<item><title>Entry ${i} of the big feed ${key}</title>${common}<description>Summary of entry ${i}, long enough for two lines of text in the list.</description></item>`
}

export async function startBigFeed(): Promise<BigFeedServer> {
  let origin = ""
  const start = Date.now() - 60_000
  const images = new Map<string, Buffer>()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin)
    if (url.pathname === "/big.xml") {
      const n = Number(url.searchParams.get("n") ?? 10_000)
      const kind = url.searchParams.get("kind") ?? "articles"
      const stepMs = Number(url.searchParams.get("step") ?? 1) * 60_000
      const key = url.searchParams.toString().replace(/[^a-z0-9]+/gi, "-")
      const items = Array.from({ length: n }, (_, i) => item(key, kind, i, origin, start, stepMs)).join("\n")
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(
        `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Big ${kind}</title><link>${origin}/</link><description>Big</description>${items}</channel></rss>`,
      )
      return
    }
    const image = /^\/img\/(\d+)\.png$/.exec(url.pathname)
    if (image) {
      const w = Number(url.searchParams.get("w") ?? 800)
      const h = Number(url.searchParams.get("h") ?? 600)
      const key = `${image[1]}:${w}x${h}`
      const body = images.get(key) ?? png(w, h, Number(image[1]) * 7)
      images.set(key, body)
      res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" })
      res.end(body)
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
