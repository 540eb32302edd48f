// Loopback feeds for every view, built in code: articles with pictures, a social feed whose items have no title,
// a picture feed (Media RSS with sizes), a video feed with media:thumbnail and durations, and a podcast whose
// enclosures are real WAV files generated here. Media answers Range requests, as real hosts do, so seeking works.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface MediaFixtures {
  origin: string
  /** A WebM clip (video and sound) recorded in the browser, served at /videos/clip.webm. */
  setVideo: (bytes: Buffer) => void
  close: () => Promise<void>
}

export const WAV_SECONDS = 20
const COLOURS = ["#f97316", "#0ea5e9", "#10b981", "#8b5cf6", "#f43f5e", "#f59e0b", "#14b8a6", "#6366f1"]

/** A mono 16-bit 8 kHz sine tone: a small, real, decodable audio file. */
export function makeWav(seconds: number, frequency: number): Buffer {
  const rate = 8000
  const samples = seconds * rate
  const buffer = Buffer.alloc(44 + samples * 2)
  buffer.write("RIFF", 0)
  buffer.writeUInt32LE(36 + samples * 2, 4)
  buffer.write("WAVEfmt ", 8)
  buffer.writeUInt32LE(16, 16)
  buffer.writeUInt16LE(1, 20)
  buffer.writeUInt16LE(1, 22)
  buffer.writeUInt32LE(rate, 24)
  buffer.writeUInt32LE(rate * 2, 28)
  buffer.writeUInt16LE(2, 32)
  buffer.writeUInt16LE(16, 34)
  buffer.write("data", 36)
  buffer.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++) {
    buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000), 44 + i * 2)
  }
  return buffer
}

function svg(width: number, height: number, label: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) / 6}" fill="#fff" opacity=".5"/><text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(Math.min(width, height) / 6)}" fill="#fff" text-anchor="middle">${label}</text></svg>`
}

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toUTCString()
const esc = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")

function rss(title: string, base: string, items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${title}</title><link>${base}/</link><description>${title} for the view tests</description>
${items.join("\n")}
</channel></rss>`
}

const SIZES: [number, number][] = [
  [800, 600],
  [600, 900],
  [900, 500],
  [700, 700],
  [600, 1000],
  [1000, 600],
]

const WORDS =
  "The harbour lights came on one by one while the ferry turned slowly against the tide and the gulls settled on the pier"

function feeds(base: string): Record<string, string> {
  const img = (n: number) => {
    const [w, h] = SIZES[n % SIZES.length]
    return { url: `${base}/img/${n}.svg?w=${w}&h=${h}`, w, h }
  }
  const articles = Array.from({ length: 12 }, (_, i) => {
    const picture = i % 2 === 0 ? img(i) : null
    return `<item><title>Article number ${i + 1}: notes from the harbour</title><link>${base}/posts/a${i}</link><guid>a${i}</guid><pubDate>${ago(i + 1)}</pubDate>
<description>${esc(`<p>${WORDS}. Paragraph ${i + 1} goes on about tides.</p>`)}</description>${picture ? `<media:content url="${esc(picture.url)}" medium="image" width="${picture.w}" height="${picture.h}"/>` : ""}</item>`
  })
  const social = Array.from({ length: 10 }, (_, i) => {
    const long = i === 0 ? ` ${WORDS}. `.repeat(6) : ""
    const pictures = i % 3 === 0 ? [img(i), img(i + 1), img(i + 2)].slice(0, i === 3 ? 1 : 3) : []
    return `<item><link>${base}/posts/s${i}</link><guid>s${i}</guid><pubDate>${ago(i + 1)}</pubDate><dc:creator>Marta Quay</dc:creator>
<description>${esc(`<p>Post ${i + 1} from the quay: the fog lifted at noon.${long}</p>`)}</description>${pictures.map((p) => `<media:content url="${esc(p.url)}" medium="image" width="${p.w}" height="${p.h}"/>`).join("")}</item>`
  })
  const pictures = Array.from({ length: 14 }, (_, i) => {
    const set = i === 0 ? [img(0), img(1), img(2)] : [img(i)]
    const title =
      i === 0 ? "Picture 1: morning light over the harbour wall, seen from the lighthouse steps" : `Picture ${i + 1}`
    return `<item><title>${title}</title><link>${base}/posts/p${i}</link><guid>p${i}</guid><pubDate>${ago(i + 1)}</pubDate>
${set.map((p) => `<media:content url="${esc(p.url)}" medium="image" width="${p.w}" height="${p.h}"/>`).join("")}</item>`
  })
  const videos = Array.from({ length: 8 }, (_, i) => {
    const clip = `${base}/videos/clip.webm${i === 1 ? "?ratio=1" : ""}`
    return `<item><title>Clip ${i + 1}: the tide coming in</title><link>${base}/posts/v${i}</link><guid>v${i}</guid><pubDate>${ago(i + 1)}</pubDate>
<media:content url="${esc(clip)}" type="video/webm" medium="video"><media:thumbnail url="${esc(img(i).url)}"/></media:content>
<enclosure url="${esc(clip)}" type="video/webm" length="100000"/><itunes:duration>${i + 1}:05</itunes:duration></item>`
  })
  const podcast = Array.from(
    { length: 6 },
    (_, i) =>
      `<item><title>Episode ${i + 1}: Sounds of the harbour</title><link>${base}/posts/e${i}</link><guid>e${i}</guid><pubDate>${ago(i + 1)}</pubDate>
<description>Twenty seconds of a ${440 + i * 110} Hz tone.</description><enclosure url="${base}/audio/${i}.wav" type="audio/wav" length="${44 + WAV_SECONDS * 16000}"/><itunes:duration>0:${WAV_SECONDS}</itunes:duration></item>`,
  )
  const notifications = Array.from(
    { length: 15 },
    (_, i) =>
      `<item><title>Build ${200 - i} ${i % 4 === 1 ? "failed" : "passed"} on main</title><link>${base}/posts/n${i}</link><guid>n${i}</guid><pubDate>${ago(i + 0.5)}</pubDate></item>`,
  )
  // Essays long enough to scroll: the keyboard tests read them with Space and the arrows.
  const essays = Array.from({ length: 4 }, (_, i) => {
    const body = Array.from({ length: 40 }, (_, p) => `<p>Essay ${i + 1}, paragraph ${p + 1}. ${WORDS}.</p>`).join("")
    return `<item><title>Essay ${i + 1}: a long walk along the harbour</title><link>${base}/posts/essay${i}</link><guid>essay${i}</guid><pubDate>${ago(i + 0.2)}</pubDate>
<description>${esc(body)}</description></item>`
  })
  return {
    "/essays.xml": rss("Harbour Essays", base, essays),
    "/notifications.xml": rss("Harbour CI", base, notifications),
    "/articles.xml": rss("Harbour Articles", base, articles),
    "/social.xml": rss("Quay Posts", base, social),
    "/pictures.xml": rss("Harbour Pictures", base, pictures),
    "/videos.xml": rss("Tide Clips", base, videos),
    "/podcast.xml": rss("Harbour Sounds", base, podcast),
  }
}

/** A JSON Feed of social posts whose authors have a profile address (the handle) and an avatar picture. */
function peopleFeed(base: string) {
  const people = [
    { name: "Ada Tern", url: `${base}/@ada`, avatar: `${base}/img/3.svg?w=96&h=96` },
    { name: "Bram Gull", url: `${base}/people/bram`, avatar: `${base}/img/4.svg?w=96&h=96` },
  ]
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: "Quay People",
    home_page_url: `${base}/`,
    feed_url: `${base}/people.json`,
    items: Array.from({ length: 4 }, (_, i) => ({
      id: `person-${i}`,
      url: `${base}/posts/person${i}`,
      content_html: `<p>Note ${i + 1} from the breakwater: the swell came in at dusk.</p>`,
      date_published: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
      authors: [people[i % 2]],
    })),
  }
}

function sendMedia(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string) {
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "")
  if (!range) {
    res.writeHead(200, { "content-type": type, "content-length": body.length, "accept-ranges": "bytes" })
    res.end(body)
    return
  }
  const start = range[1] ? Number(range[1]) : 0
  const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1
  res.writeHead(206, {
    "content-type": type,
    "content-length": end - start + 1,
    "content-range": `bytes ${start}-${end}/${body.length}`,
    "accept-ranges": "bytes",
  })
  res.end(body.subarray(start, end + 1))
}

export async function startMediaFixtures(): Promise<MediaFixtures> {
  let origin = ""
  let video: Buffer = Buffer.alloc(0)
  const wavs = new Map<string, Buffer>()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin)
    // A stand-in RSSHub instance under /rsshub/: any route answers a feed named after it.
    if (url.pathname.startsWith("/rsshub/")) {
      const route = url.pathname.slice("/rsshub/".length)
      const tides = Array.from(
        { length: 3 },
        (_, i) =>
          `<item><title>High tide ${i + 1} on ${esc(route)}</title><link>${origin}/posts/tide${i}</link><guid>tide-${esc(route)}-${i}</guid><pubDate>${ago(i + 1)}</pubDate></item>`,
      )
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(rss(`RSSHub ${route}`, origin, tides))
      return
    }
    if (url.pathname === "/people.json") {
      res.writeHead(200, { "content-type": "application/feed+json; charset=utf-8" })
      res.end(JSON.stringify(peopleFeed(origin)))
      return
    }
    const feed = feeds(origin)[url.pathname]
    if (feed) {
      // `?copy=name`: another feed with stories of its own (links and titles), so the server does not group its
      // entries with the first one's as the same stories (duplicates across feeds).
      const copy = url.searchParams.get("copy")
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" })
      res.end(
        copy
          ? feed.replaceAll(`${origin}/posts/`, `${origin}/posts/${copy}-`).replaceAll("<title>", `<title>${copy}: `)
          : feed,
      )
      return
    }
    const image = /^\/img\/(\d+)\.svg$/.exec(url.pathname)
    if (image) {
      const n = Number(image[1])
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" })
      res.end(
        svg(
          Number(url.searchParams.get("w") ?? 800),
          Number(url.searchParams.get("h") ?? 600),
          `#${n + 1}`,
          COLOURS[n % COLOURS.length],
        ),
      )
      return
    }
    const audio = /^\/audio\/(\d+)\.wav$/.exec(url.pathname)
    if (audio) {
      const key = audio[1]
      if (!wavs.has(key)) wavs.set(key, makeWav(WAV_SECONDS, 440 + Number(key) * 110))
      sendMedia(req, res, wavs.get(key) as Buffer, "audio/wav")
      return
    }
    if (url.pathname === "/videos/clip.webm") {
      sendMedia(req, res, video, "video/webm")
      return
    }
    if (url.pathname.startsWith("/posts/")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      res.end(`<!doctype html><title>Post</title><p>The original post at ${url.pathname}.</p>`)
      return
    }
    res.writeHead(404, { "content-type": "text/plain" })
    res.end("not found")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    setVideo: (bytes) => {
      video = bytes
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
