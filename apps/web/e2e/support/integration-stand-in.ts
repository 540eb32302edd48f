// Loopback stand-ins for the services integrations save to: a Readeck, an Outline, a qBittorrent Web UI and a
// webhook, which record every request they receive, plus a feed with a torrent enclosure. They answer CORS (with
// credentials), as a self-hosted service behind a CORS-allowing proxy would, so the browser may call them directly.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface StandIn {
  origin: string
  /** Requests in arrival order (preflights apart). */
  received: Received[]
  /** Paths of the CORS preflights. */
  preflights: string[]
  close: () => Promise<void>
}

export const STAND_IN = {
  readeckToken: "rd-e2e-token-91c",
  qbittorrentUser: "admin",
  qbittorrentPassword: "qb-pass",
  qbittorrentCookie: "SID=qb-session-1",
  torrentTitle: "Open data set, season four",
  torrentPage: "https://torrents.example.com/open-data-4",
}

const torrentFeed = (origin: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Seeds</title>
<link>https://torrents.example.com/</link><item><title>${STAND_IN.torrentTitle}</title>
<link>${STAND_IN.torrentPage}</link><guid>open-data-4</guid><pubDate>${new Date().toUTCString()}</pubDate>
<description>&lt;p&gt;Season four of the &lt;b&gt;open&lt;/b&gt; data set.&lt;/p&gt;</description>
<enclosure url="${origin}/files/open-data-4.torrent" type="application/x-bittorrent" length="1234"/>
</item></channel></rss>`

/** qBittorrent's Web UI API: a form login answering a session cookie, then torrents/add only with that cookie. */
function answerQbittorrent(request: Received, cors: Record<string, string>, res: ServerResponse) {
  if (request.path === "/qbt/api/v2/auth/login") {
    const form = new URLSearchParams(request.body)
    const ok =
      form.get("username") === STAND_IN.qbittorrentUser && form.get("password") === STAND_IN.qbittorrentPassword
    const cookie = { "set-cookie": `${STAND_IN.qbittorrentCookie}; HttpOnly; SameSite=Strict; path=/` }
    res.writeHead(200, { ...cors, ...(ok && cookie) }).end(ok ? "Ok." : "Fails.")
    return
  }
  const signedIn = request.headers.cookie?.includes(STAND_IN.qbittorrentCookie)
  res.writeHead(signedIn ? 200 : 403, cors).end(signedIn ? "Ok." : "Forbidden")
}

function answer(request: Received, cors: Record<string, string>, res: ServerResponse) {
  if (request.path.startsWith("/qbt/")) return answerQbittorrent(request, cors, res)
  const json = { ...cors, "content-type": "application/json" }
  if (request.path.startsWith("/readeck/") && request.headers.authorization !== `Bearer ${STAND_IN.readeckToken}`) {
    res.writeHead(401, json).end('{"message":"Invalid token"}')
    return
  }
  res.writeHead(request.path.startsWith("/readeck/") ? 202 : 200, json).end('{"status":"ok"}')
}

export async function startStandIn(): Promise<StandIn> {
  const received: Received[] = []
  const preflights: string[] = []
  let origin = ""
  const server = createServer((req, res) => {
    const cors = {
      "access-control-allow-origin": req.headers.origin ?? "*",
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
    }
    if (req.method === "OPTIONS") {
      preflights.push(req.url ?? "")
      res.writeHead(204, cors).end()
      return
    }
    let body = ""
    req.on("data", (chunk) => (body += chunk))
    req.on("end", () => {
      if (req.url === "/torrents.xml") {
        res.writeHead(200, { "content-type": "application/rss+xml" }).end(torrentFeed(origin))
        return
      }
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body }
      received.push(request)
      answer(request, cors, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, received, preflights, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
